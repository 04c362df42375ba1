import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAppError } from "@/lib/errors";
import { DEMO_FIXTURES } from "@/lib/demo/demo-fixtures";
import { createDbClient } from "./client";
import { createPair } from "./create-pair";
import { ensureAdmin } from "./ensure-admin";
import type { PrismaClient } from "./generated/client";
import { getPair } from "./get-pair";
import { listDemoPairs } from "./list-demo-pairs";
import { migrateDatabase } from "./migrate";
import { seedDemoData } from "./seed-demo-data";
import { DEMO_GOLD } from "@/lib/demo/demo-gold";
import { verifyPassword } from "../auth/verify-password";

// Until vitest.config.ts resolves the "react-server" condition for SSR deps too, the marker would throw here.

let dir: string;
let db: PrismaClient;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "snippet-lab-pair-"));
  const url = `file:${path.join(dir, "test.db")}`;
  await migrateDatabase({ url, migrationsDir: path.resolve(import.meta.dirname, "../../../prisma/migrations") });
  db = createDbClient({ url });
});
afterAll(async () => {
  await db?.$disconnect();
  rmSync(dir, { recursive: true, force: true });
});

describe("createPair / getPair", () => {
  it("round-trips a pair with an HTML and a plain-text document through Prisma", async () => {
    const created = await createPair({
      db,
      dataset: "unit",
      query: "how long to boil an egg",
      intents: ["soft-boiled", "hard-boiled"],
      externalId: "q-1",
      documents: [
        {
          url: "https://example.com/eggs",
          html: "<html><head><title>Eggs</title></head><body><nav>Home</nav><p>Boil for 9 minutes.</p></body></html>",
          lang: "en",
        },
        { title: "Notes", text: "# Eggs\n\nSoft-boiled eggs take about 6 minutes." },
      ],
    });
    expect(created.documentIds).toHaveLength(2);

    const pair = await getPair({ db, id: created.id });
    expect(pair).not.toBeNull();
    expect(pair!.dataset).toBe("unit");
    expect(pair!.status).toBe("unlabeled");
    expect(pair!.version).toBe(0);
    expect(pair!.externalId).toBe("q-1");
    expect(pair!.query).toMatchObject({ text: "how long to boil an egg", intents: ["soft-boiled", "hard-boiled"] });
    const [html, text] = pair!.documents;
    expect(html).toMatchObject({ id: created.documentIds[0], position: 0, url: "https://example.com/eggs", lang: "en" });
    expect(html!.title).toBe("Eggs"); // taken from <title> when not given
    expect(html!.rawHtml).toContain("<nav>");
    expect(html!.text).toContain("Boil for 9 minutes.");
    expect(html!.contentHash).toMatch(/^[0-9a-f]{64}$/);
    for (const b of html!.blocks) expect(html!.text.slice(b.start, b.end).length).toBe(b.end - b.start);
    expect(text).toMatchObject({ position: 1, title: "Notes", rawHtml: null });
    expect(text!.text).toContain("Soft-boiled eggs take about 6 minutes.");
    expect(text!.blocks.length).toBeGreaterThan(0);
  });

  it("returns null for an unknown pair", async () => {
    expect(await getPair({ db, id: "nope" })).toBeNull();
  });

  it("rejects a duplicate externalId in the same dataset with CONFLICT and writes nothing", async () => {
    const before = await db.query.count();
    const err = await createPair({
      db,
      dataset: "unit",
      query: "again",
      externalId: "q-1",
      documents: [{ text: "x" }],
    }).catch((e: unknown) => e);
    expect(isAppError(err) && err.code).toBe("CONFLICT");
    expect(await db.query.count()).toBe(before); // the transaction rolled back the query row
  });

  it("rejects a pair without documents", async () => {
    await expect(createPair({ db, dataset: "unit", query: "q", documents: [] })).rejects.toThrow(/at least one/);
  });
});

describe("seedDemoData / listDemoPairs", () => {
  it("seeds once, with its gold, and lists the demo pairs in fixture order", async () => {
    const goldSpans = Object.values(DEMO_GOLD).reduce((n, g) => n + g.length, 0);
    expect(await seedDemoData({ db })).toEqual({ created: DEMO_FIXTURES.length, skipped: false, goldSpans });
    expect(await seedDemoData({ db })).toEqual({ created: 0, skipped: true, goldSpans: 0 });
    // Every demo pair has vital gold (the research views measure against it), each span exactly its quote.
    const spans = await db.span.findMany({
      where: { source: "gold", pair: { dataset: { name: "demo" } } },
      select: { text: true, start: true, end: true, document: { select: { text: true } } },
    });
    expect(spans).toHaveLength(goldSpans);
    for (const s of spans) expect(s.document.text.slice(s.start, s.end)).toBe(s.text);
    // Seeded gold is gold: the queue shows the pairs accepted, not unlabeled (issue 32).
    const statuses = await db.pair.findMany({
      where: { dataset: { name: "demo" }, externalId: { in: Object.keys(DEMO_GOLD) } },
      select: { status: true },
    });
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses.map((p) => p.status))).toEqual(new Set(["accepted"]));
    // A demo dataset seeded before the gold existed gets it on the next start; a pair's deleted gold stays deleted.
    const [first, second, third] = await db.pair.findMany({
      where: { dataset: { name: "demo" } },
      orderBy: { externalId: "asc" },
      select: { id: true },
    });
    await db.span.deleteMany({ where: { pairId: { in: [first!.id, second!.id] } } });
    await db.span.updateMany({ where: { pairId: third!.id }, data: { deletedAt: new Date() } });
    expect((await seedDemoData({ db })).goldSpans).toBe(DEMO_GOLD["demo-01-en-news"]!.length + DEMO_GOLD["demo-02-it-recipe"]!.length);

    const pairs = await listDemoPairs({ db });
    expect(pairs.map((p) => p.query)).toEqual(DEMO_FIXTURES.map((f) => f.query));
    for (const [i, p] of pairs.entries()) {
      expect(p.dataset).toBe("demo");
      expect(p.results).toHaveLength(DEMO_FIXTURES[i]!.results.length);
      for (const r of p.results) {
        expect(r.id).toBeTruthy();
        expect(Boolean(r.html) !== Boolean(r.text)).toBe(true);
      }
    }
    const multi = pairs.find((p) => p.results.length === 3);
    expect(multi?.results.every((r) => r.text && r.title && r.url)).toBe(true);
  });
});

describe("ensureAdmin", () => {
  it("creates one admin with a generated password, then does nothing", async () => {
    const logs: string[] = [];
    const first = await ensureAdmin({ db, email: "Root@Example.com", log: (m) => logs.push(m) });
    expect(first.created).toBe(true);
    if (!first.created) return;
    expect(first.email).toBe("root@example.com");
    expect(first.generatedPassword).toBeTruthy();
    expect(logs.join("\n")).toContain(first.generatedPassword);

    const user = await db.user.findUniqueOrThrow({ where: { email: "root@example.com" } });
    expect(user.role).toBe("admin");
    expect(await verifyPassword({ password: first.generatedPassword!, passwordHash: user.passwordHash })).toBe(true);

    expect(logs.join("\n")).toContain("snippet-lab users reset-password");
    expect(await ensureAdmin({ db, email: "other@example.com", password: "whatever1", log: () => {} })).toEqual({
      created: false,
    });
    expect(await db.user.count()).toBe(1);

    // Later starts with the variables set say that they are ignored, and how to recover instead.
    const later: string[] = [];
    const saved = { email: process.env.SNIPPET_LAB_ADMIN_EMAIL, password: process.env.SNIPPET_LAB_ADMIN_PASSWORD };
    process.env.SNIPPET_LAB_ADMIN_PASSWORD = "a changed password";
    try {
      expect(await ensureAdmin({ db, log: (m) => later.push(m) })).toEqual({ created: false });
    } finally {
      if (saved.password === undefined) delete process.env.SNIPPET_LAB_ADMIN_PASSWORD;
      else process.env.SNIPPET_LAB_ADMIN_PASSWORD = saved.password;
    }
    expect(later.join("\n")).toMatch(/SNIPPET_LAB_ADMIN_PASSWORD ignored: an admin account already exists/);
    expect(later.join("\n")).toContain("npx snippet-lab users reset-password EMAIL");
    const after = await db.user.findUniqueOrThrow({ where: { email: "root@example.com" } });
    expect(after.passwordHash).toBe(user.passwordHash);
  });
});
