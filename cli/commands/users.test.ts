// `snippet-lab users` against a temp database: the admin-recovery path and the last-admin rule.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRateLimiter } from "../../lib/server/auth/create-rate-limiter";
import { createSession } from "../../lib/server/auth/create-session";
import { getSessionUser } from "../../lib/server/auth/get-session-user";
import { signIn } from "../../lib/server/auth/sign-in";
import { createTempDatabase, type TempDatabase } from "../../lib/server/auth/test-helpers";
import { createDbClient, disconnectDb } from "../../lib/server/db/client";
import type { PrismaClient } from "../../lib/server/db/generated/client";
import { runCommandForTest } from "../run-command-for-test";
import { command } from "./users";

let temp: TempDatabase;
let db: PrismaClient;
const saved = { ...process.env };
const cwd = process.cwd();

beforeAll(async () => {
  temp = await createTempDatabase("users-cli");
  db = createDbClient({ url: temp.url });
  process.env.DATABASE_URL = temp.url;
});
afterAll(async () => {
  process.env = saved;
  process.chdir(cwd);
  await disconnectDb();
  await db?.$disconnect();
  temp?.cleanup();
});

/** Runs `snippet-lab users ARGS`: exit code (thrown AppErrors as main.ts maps them) and what it printed. */
const users = (...args: string[]) => runCommandForTest(command, args);
const passwordIn = (out: string) => /password \(shown once\): (\S+)/i.exec(out)?.[1];
const limiter = () => createRateLimiter({ maxFailures: 100, windowMs: 60_000 });

describe("snippet-lab users", () => {
  it("creates, lists, changes roles, disables/enables and resets passwords; the last admin stays", async () => {
    const created = await users("create", "Boss@Lab.test", "--role", "admin");
    expect(created.code).toBe(0);
    const first = passwordIn(created.out);
    expect(first).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await users("create", "ann@lab.test", "--role", "annotator", "--name", "Ann")).code).toBe(0);
    expect((await users("create", "ann@lab.test", "--role", "annotator")).code).toBe(1); // taken

    const list = await users("list");
    expect(list.out).toMatch(/boss@lab\.test\s+admin\s+active/);
    expect(list.out).toMatch(/ann@lab\.test\s+annotator\s+active/);

    // The only admin: neither demoted nor disabled.
    const demote = await users("set-role", "boss@lab.test", "reviewer");
    expect(demote).toMatchObject({ code: 1, error: expect.stringMatching(/last active admin/) });
    expect((await users("disable", "boss@lab.test")).code).toBe(1);

    // Disable ends sessions at once.
    const annId = (await db.user.findUniqueOrThrow({ where: { email: "ann@lab.test" } })).id;
    const s = await createSession({ db, userId: annId });
    expect((await users("disable", "ann@lab.test")).out).toContain("1 session(s) ended");
    expect(await getSessionUser({ db, token: s.token })).toBeNull();
    // Her sessions are gone, her last activity is not (User.lastSeenAt).
    expect((await users("list")).out).toMatch(/ann@lab\.test\s+annotator\s+disabled\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect((await users("enable", "ann@lab.test")).code).toBe(0);
    expect((await users("set-role", "ann@lab.test", "admin")).out).toContain("ann@lab.test is now admin");
    expect((await users("set-role", "boss@lab.test", "reviewer")).code).toBe(0);

    // Admin recovery: a new generated password that signs in; the old one no longer does.
    expect((await users("set-role", "boss@lab.test", "admin")).code).toBe(0);
    const reset = await users("reset-password", "boss@lab.test");
    expect(reset.code).toBe(0);
    const fresh = passwordIn(reset.out);
    expect(fresh).toBeTruthy();
    await expect(signIn({ db, limiter: limiter(), email: "boss@lab.test", password: fresh! })).resolves.toBeTruthy();
    await expect(signIn({ db, limiter: limiter(), email: "boss@lab.test", password: first! })).rejects.toThrow();

    expect((await users("reset-password", "ghost@lab.test")).code).toBe(1);
  });

  it("refuses bad usage with exit 2", async () => {
    expect((await users()).code).toBe(2);
    expect((await users("frobnicate")).code).toBe(2);
    expect((await users("set-role", "ann@lab.test", "boss")).code).toBe(2);
    expect((await users("create", "x@lab.test")).code).toBe(2); // no --role
    expect((await users("disable")).code).toBe(2);
  });
});
