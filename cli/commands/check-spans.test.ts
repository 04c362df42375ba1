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
});
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
    expect(r.out).not.toContain('"catch the"');
    expect(r.out).not.toContain("ception");
    expect(r.out).toContain("2 span(s) cut a word or are only punctuation.");

    const json = await check("--json", "--dataset", "fragments");
    expect(JSON.parse(json.out).map((f: { text: string; problem: string }) => [f.text, f.problem])).toEqual(
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
});
