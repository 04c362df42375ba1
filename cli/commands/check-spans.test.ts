// `snippet-lab check-spans` against a temp database: fragments and punctuation-only spans are reported, exact spans
// and whole words are not, per dataset or over all.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTempDatabase, type TempDatabase } from "../../lib/server/auth/test-helpers";
import { createDbClient, disconnectDb } from "../../lib/server/db/client";
import { createPair } from "../../lib/server/db/create-pair";
import type { PrismaClient } from "../../lib/server/db/generated/client";
import { migrateDatabase } from "../../lib/server/db/migrate";
import { runCommandForTest } from "../run-command-for-test";
import { command } from "./check-spans";

let temp: TempDatabase;
let db: PrismaClient;
const saved = { ...process.env };
const cwd = process.cwd();
const TEXT = "Call fetch(url) and catch the DOMException when AbortController fires?";

beforeAll(async () => {
  temp = await createTempDatabase("check-spans-cli");
  await migrateDatabase({ url: temp.url, log: () => {} });
  db = createDbClient({ url: temp.url });
  process.env.DATABASE_URL = temp.url;
  const at = (s: string) => TEXT.indexOf(s);
  const span = (pairId: string, documentId: string, start: number, end: number, extra: object = {}) =>
    db.span.create({ data: { pairId, documentId, start, end, text: TEXT.slice(start, end), category: "vital", source: "gold", ...extra } });
  const a = await createPair({ db, dataset: "fragments", query: "timeout on fetch", documents: [{ text: TEXT }] });
  const b = await createPair({ db, dataset: "clean", query: "timeout on fetch", documents: [{ text: TEXT }] });
  const [da] = a.documentIds as [string];
  const user = await db.user.create({ data: { email: "ann@lab.test", name: "Ann", passwordHash: "x" } });
  const annotation = await db.annotation.create({ data: { pairId: a.id, annotatorId: user.id } });
  await span(a.id, da, at("fetch") + 3, at("fetch") + 5); // "ch"
  await span(a.id, da, at("?"), at("?") + 1, { source: "human", annotationId: annotation.id }); // "?"
  await span(a.id, da, at("Abor"), at("Abor") + 4, { exact: true }); // placed exactly on purpose
  await span(a.id, da, at("catch"), at("catch") + 9); // "catch the"
  await span(a.id, da, at("ception"), at("ception") + 7, { deletedAt: new Date() }); // deleted: not reported
  await span(b.id, b.documentIds[0]!, at("fetch(url)"), at("fetch(url)") + 10);
  // Gold that nests (the review bug of issue 60): a sentence and a fragment inside it, plus an ad span that may overlap.
  const n = await createPair({ db, dataset: "nested", query: "timeout on fetch", documents: [{ text: TEXT }] });
  const dn = n.documentIds[0]!;
  await span(n.id, dn, 0, TEXT.length);
  await span(n.id, dn, at("catch the"), at("catch the") + 9);
  await span(n.id, dn, at("catch the"), at("catch the") + 9, { category: "ads" });
  nestedPairId = n.id;
});
let nestedPairId = "";
afterAll(async () => {
  process.env = saved;
  process.chdir(cwd);
  await disconnectDb();
  await db?.$disconnect();
  temp?.cleanup();
});

const check = (...args: string[]) => runCommandForTest(command, args);

describe("snippet-lab check-spans", () => {
  it("reports fragments and punctuation-only spans with the whole words they become; exit 1", async () => {
    const r = await check();
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/gold {2}vital {2}\[\d+, \d+\) "ch" {2}fragment → "fetch"/);
    expect(r.out).toMatch(/annotation \S+ {2}vital {2}\[\d+, \d+\) "\?" {2}punctuation/);
    expect(r.out).not.toContain('"Abor"');
    expect(r.out).not.toMatch(/"catch the" {2}(fragment|punctuation)/);
    expect(r.out).not.toContain('"ception"');
    expect(r.out).toContain("2 span(s) cut a word or are only punctuation.");

    const json = await check("--json", "--dataset", "fragments");
    expect(JSON.parse(json.out).fragments.map((f: { text: string; problem: string }) => [f.text, f.problem])).toEqual(
      expect.arrayContaining([
        ["ch", "fragment"],
        ["?", "punctuation"],
      ]),
    );
  });

  it("exits 0 for a clean dataset and refuses bad arguments", async () => {
    const clean = await check("--dataset", "clean");
    expect(clean).toMatchObject({ code: 0 });
    expect(clean.out).toContain("No span cuts a word or is only punctuation.");
    expect((await check("--dataset", "nope")).code).toBe(1);
    expect((await check("extra")).code).toBe(2);
  });

  it("reports nested gold of one category; --repair is a dry run, --repair --apply joins them with history", async () => {
    const found = await check("--dataset", "nested");
    expect(found.code).toBe(1);
    expect(found.out).toMatch(/gold {2}vital {2}\[\d+, \d+\) "catch the" {2}nests with {2}\[0, \d+\)/);
    expect(found.out).toContain("1 pair(s) of gold spans of one category nest or overlap.");
    expect((await check("--apply")).code).toBe(2);

    const dry = await check("--dataset", "nested", "--repair");
    expect(dry.out).toContain(`repair pair ${nestedPairId}:`);
    expect(dry.out).toMatch(/ {2}- vital \[\d+, \d+\) "catch the"/);
    expect(dry.out).toContain("Dry run: 1 pair(s) would change.");
    const live = () => db.span.count({ where: { pairId: nestedPairId, deletedAt: null } });
    expect(await live()).toBe(3);

    const version = (await db.pair.findUniqueOrThrow({ where: { id: nestedPairId } })).version;
    const applied = await check("--dataset", "nested", "--repair", "--apply");
    expect(applied).toMatchObject({ code: 0 });
    expect(applied.out).toContain("Repaired the gold of 1 pair(s); 0 skipped.");
    const rows = await db.span.findMany({ where: { pairId: nestedPairId, deletedAt: null }, orderBy: { category: "asc" } });
    expect(rows.map((r) => [r.category, r.text])).toEqual([
      ["ads", "catch the"],
      ["vital", TEXT],
    ]);
    // Soft-deleted with an event, never hard-deleted; the pair's version moved (an open review gets a conflict).
    const removed = await db.span.findFirstOrThrow({ where: { pairId: nestedPairId, deletedAt: { not: null }, category: "vital" } });
    expect(await db.spanEvent.count({ where: { spanId: removed.id, action: "delete" } })).toBe(1);
    expect((await db.pair.findUniqueOrThrow({ where: { id: nestedPairId } })).version).toBe(version + 1);
    expect((await check("--dataset", "nested")).code).toBe(0);
  });
});
