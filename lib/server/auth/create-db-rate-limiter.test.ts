import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDbClient } from "../db/client";
import type { PrismaClient } from "../db/generated/client";
import { createDbRateLimiter } from "./create-db-rate-limiter";
import { createRateLimiter } from "./create-rate-limiter";
import { createTempDatabase, type TempDatabase } from "./test-helpers";

// The sign-in limit across app instances: two limiters, each with its own database client (two processes behind a
// proxy), count the same failures; and they answer as the in-memory limiter does.

let temp: TempDatabase;
const clients: PrismaClient[] = [];
const limits = { maxFailures: 3, windowMs: 60_000 };

beforeAll(async () => {
  temp = await createTempDatabase("db-rate-limiter");
  for (let i = 0; i < 2; i++) clients.push(createDbClient({ url: temp.url }));
});
afterAll(async () => {
  for (const c of clients) await c.$disconnect();
  temp?.cleanup();
});

describe("createDbRateLimiter", () => {
  it("locks a key after failures recorded by other instances, and a success on any instance unlocks it", async () => {
    const [a, b] = clients.map((db) => createDbRateLimiter({ ...limits, db }));
    const t0 = Date.now();
    await a!.fail("k", t0);
    await b!.fail("k", t0 + 1_000);
    expect(await a!.retryAfter("k", t0 + 2_000)).toBe(0);
    await a!.fail("k", t0 + 2_000);
    // Three failures over two instances: both refuse until the oldest leaves the window.
    expect(await b!.retryAfter("k", t0 + 3_000)).toBe(57);
    expect(await a!.retryAfter("other", t0 + 3_000)).toBe(0);
    expect(await a!.retryAfter("k", t0 + 60_001)).toBe(0);
    await b!.reset("k");
    expect(await a!.retryAfter("k", t0 + 3_000)).toBe(0);
    // Keys are stored hashed.
    expect(await clients[0]!.signInFailure.count({ where: { key: "k" } })).toBe(0);
  });

  it("answers as the in-memory limiter does, and forgets failures older than the window", async () => {
    const db = createDbRateLimiter({ ...limits, db: clients[0]! });
    const memory = createRateLimiter(limits);
    const t0 = Date.now() - 10 * 60_000;
    // Failures and probes in time order (the in-memory limiter forgets what a later probe saw as expired).
    for (const dt of [0, 5_000, 20_000, 61_000, 62_000, 90_000]) {
      await db.fail("same", t0 + dt);
      memory.fail("same", t0 + dt);
      for (const probe of [dt, dt + 500]) expect(await db.retryAfter("same", t0 + probe)).toBe(memory.retryAfter("same", t0 + probe));
    }
    await db.fail("fresh", Date.now());
    // Recording a failure deletes every row older than the window (here, those of "same").
    expect(await clients[0]!.signInFailure.count()).toBe(1);
  });
});
