// Prepared units survive a restart: stored in DocumentUnits on first use, read back (not recomputed) by the next
// process, identical to a fresh prepareResult; another setting (locale, encoding) gets rows of its own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDownstreamEncoding } from "@/lib/engine/count-downstream-tokens";
import { prepareResult } from "@/lib/engine/prepare-result";
import { createTempDatabase, type TempDatabase } from "../auth/test-helpers";
import { createDbClient } from "../db/client";
import { createPair } from "../db/create-pair";
import type { PrismaClient } from "../db/generated/client";
import { listEvalPairs } from "../db/research/list-eval-pairs";
import { clearProcessCaches } from "../process-cache";
import { evalExamplesOfPairs } from "./eval-examples";
import { preloadStoredResults, prepareStoredResults } from "./prepared-results-cache";

let temp: TempDatabase;
let db: PrismaClient;
let datasetId = "";
/** A restart: the memory caches go, the DocumentUnits rows stay. */
const forgetMemory = () => clearProcessCaches();

beforeAll(async () => {
  temp = await createTempDatabase("prepared-units");
  db = createDbClient({ url: temp.url });
  const texts = [
    "Dr. Smith opened the bridge in 1937. It is 2.7 km long.\n\nMenu | Home | Contact",
    "Il ponte è stato aperto nel 1937. È lungo 2,7 km.",
    "桥于1937年通车。全长2.7公里。",
  ];
  for (const [i, text] of texts.entries()) {
    datasetId = (
      await createPair({ db, dataset: "prepared", query: `when did the bridge open ${i}`, documents: [{ text }, { text: `${text} Again.` }] })
    ).datasetId;
  }
});
afterAll(async () => {
  await db?.$disconnect();
  temp?.cleanup();
});

describe("prepared units in the database", () => {
  it("are stored on first use and read back after a restart, equal to a fresh preparation", async () => {
    forgetMemory();
    const examples = evalExamplesOfPairs(await listEvalPairs({ datasetId, db }));
    await (
      await preloadStoredResults(examples, { db })
    ).stored;
    expect(await db.documentUnits.count()).toBe(6);
    const fresh = examples.map((ex) => ex.results.map((r) => prepareResult({ ...r, ...(r.locale ? { locale: r.locale } : {}) })));
    expect(examples.map((ex) => prepareStoredResults(ex))).toEqual(fresh);

    // "Restart": memory gone. A marked row proves the next process reads the table instead of segmenting again.
    forgetMemory();
    const first = examples[0]!.results[0]!.id;
    await db.documentUnits.updateMany({ where: { documentId: first }, data: { tokensIn: 123_456 } });
    const again = evalExamplesOfPairs(await listEvalPairs({ datasetId, db }));
    const preloaded = await preloadStoredResults(again, { db });
    await preloaded.stored;
    expect(prepareStoredResults(again[0]!)[0]!.tokensIn).toBe(123_456);
    // What preloading returns is what the memory cache gives (a request over more documents than the cache holds
    // takes these, not the cache's survivors).
    expect(preloaded.prepared).toEqual(again.map((ex) => prepareStoredResults(ex)));
    expect(preloaded.prepared[0]![0]).toBe(prepareStoredResults(again[0]!)[0]);
    expect(await db.documentUnits.count()).toBe(6);
    // The rest equal a fresh preparation.
    expect(again.slice(1).map((ex) => prepareStoredResults(ex))).toEqual(fresh.slice(1));
  });

  it("holds the new rows back until writeAfter settles (a sweep stores them once it is done)", async () => {
    forgetMemory();
    await db.documentUnits.deleteMany({});
    const examples = evalExamplesOfPairs(await listEvalPairs({ datasetId, db }));
    let done = () => {};
    const writeAfter = new Promise<void>((resolve) => (done = resolve));
    const { stored } = await preloadStoredResults(examples, { db, writeAfter });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await db.documentUnits.count()).toBe(0);
    done();
    await stored;
    expect(await db.documentUnits.count()).toBe(6);
  });

  it("keeps a row per setting, and recomputes a damaged row", async () => {
    forgetMemory();
    const examples = evalExamplesOfPairs(await listEvalPairs({ datasetId, db }));
    await loadDownstreamEncoding("o200k_harmony");
    await (
      await preloadStoredResults(examples, { db, encoding: "o200k_harmony" })
    ).stored;
    expect(await db.documentUnits.count()).toBe(12);
    const keys = new Set((await db.documentUnits.findMany({ select: { key: true } })).map((r) => r.key));
    expect(keys.size).toBe(2);

    forgetMemory();
    const first = examples[0]!.results[0]!.id;
    await db.documentUnits.updateMany({ where: { documentId: first }, data: { unitCount: 999 } });
    await (
      await preloadStoredResults(examples, { db })
    ).stored;
    const expected = prepareResult({ ...examples[0]!.results[0]! });
    expect(prepareStoredResults(examples[0]!)[0]!.units).toEqual(expected.units);
    // …and replaced in the table, so the next process reads it again.
    const row = await db.documentUnits.findFirstOrThrow({ where: { documentId: first, key: { contains: "o200k_base" } } });
    expect(row.unitCount).toBe(expected.units.length);
  });
});
