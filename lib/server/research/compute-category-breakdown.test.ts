import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatModelMethod, type Preset } from "@/lib/engine/methods";
import { createRng } from "@/lib/data/synthesize-page";
import { createTempDatabase, type TempDatabase } from "../auth/test-helpers";
import { disconnectDb, getDb } from "../db/client";
import { createPair } from "../db/create-pair";
import type { PrismaClient } from "../db/generated/client";
import { saveModelRuns } from "../db/model-runs/save-model-runs";
import { listModels } from "../model/list-models";
import { pairInputHashes } from "../pairs/fresh-token-scores";
import { clearProcessCaches } from "../process-cache";
import { computeCategoryBreakdown } from "./compute-category-breakdown";
import { unitScoresWritten } from "./load-unit-scores";
import { preparedUnitsWritten } from "./prepared-results-cache";

// The breakdown from stored units and unit scores (no texts, no token probabilities: a restart over 100,000 pairs)
// gives exactly the figures of the straightforward path (texts segmented, probabilities aggregated), and so does the
// warm request: on synthetic pairs with gold, judge and model categories, a unit cut to fit the budget and pairs of
// several documents.

let temp: TempDatabase;
let db: PrismaClient;
let datasetId = "";
let model = "";
/** Each re-run draws other probabilities. */
let reruns = 0;

const WORDS = ["museum", "opens", "at", "ten", "on", "sundays", "home", "shop", "contact", "tickets", "cost", "euros", "bridge"];
const CATEGORIES = ["vital", "off_topic", "ui_navigation", "ads"] as const;

function syntheticText(r: () => number, sentences: number): string {
  const lines: string[] = [];
  for (let s = 0; s < sentences; s++) {
    const n = 3 + Math.floor(r() * 12);
    const words = Array.from({ length: n }, () => WORDS[Math.floor(r() * WORDS.length)]!);
    lines.push(`${words.join(" ")}.`);
  }
  return lines.join(r() < 0.5 ? " " : "\n");
}

/** Whitespace-separated words as tokens, probabilities and categories in runs: cached as a real run is. */
function syntheticRun(r: () => number, text: string) {
  const starts: number[] = [];
  const ends: number[] = [];
  for (const m of text.matchAll(/\S+/g)) {
    starts.push(m.index);
    ends.push(m.index + m[0].length);
  }
  const categories = new Uint8Array(starts.length);
  let c = 0;
  for (let t = 0; t < starts.length; t++) {
    if (r() < 0.2) c = Math.floor(r() * 6);
    categories[t] = c;
  }
  return {
    starts: Int32Array.from(starts),
    ends: Int32Array.from(ends),
    probs: Float32Array.from(starts, () => r()),
    categories,
  };
}

const restart = () => clearProcessCaches();

beforeAll(async () => {
  temp = await createTempDatabase("breakdown");
  process.env.DATABASE_URL = temp.url;
  db = getDb();
  model = (await listModels()).find((m) => m.default)!.name;
  const r = createRng(5);
  for (let i = 0; i < 24; i++) {
    const texts = Array.from({ length: 1 + (i % 3) }, () => syntheticText(r, 2 + Math.floor(r() * 8)));
    // One page of a single sentence far over the low preset's 1,000 tokens, scored high: the selection cuts it.
    // (Kana with Latin words: fragments of some 1,200 tokens, and word boundaries the cut looks for.)
    if (i === 5) texts.splice(0, texts.length, `Start ${"ぁ゙ゝぁ゙ゝ ab ".repeat(700)}end.`);
    const created = await createPair({
      db,
      dataset: "breakdown",
      query: `When does the ${WORDS[i % WORDS.length]} open?`,
      documents: texts.map((text) => ({ text })),
    });
    datasetId = created.datasetId;
    const labelled = i % 4;
    if (labelled === 0 || labelled === 1) {
      for (const [k, documentId] of created.documentIds.entries()) {
        const text = texts[k]!;
        const start = Math.floor(r() * (text.length / 2));
        const end = Math.min(text.length, start + 10 + Math.floor(r() * 60));
        const category = CATEGORIES[Math.floor(r() * CATEGORIES.length)]!;
        if (labelled === 0)
          await db.span.create({ data: { pairId: created.id, documentId, start, end, text: text.slice(start, end), category, source: "gold" } });
        else
          await db.suggestion.create({
            data: { pairId: created.id, documentId, start, end, text: text.slice(start, end), category, source: "judge", modelName: "test-judge" },
          });
      }
    }
    // Two pairs unscored: no runs.
    if (i === 7 || i === 11) continue;
    const hashes = pairInputHashes(
      { query: `When does the ${WORDS[i % WORDS.length]} open?`, documents: await documentsOf(created.documentIds) },
      model,
    );
    await saveModelRuns({
      db,
      pairId: created.id,
      modelName: model,
      runs: created.documentIds.map((documentId, k) => {
        const scores = syntheticRun(r, texts[k]!);
        // Its first half relevant: no unit of it fits the budget, so the best one is cut.
        if (i === 5) {
          scores.probs.forEach((_, t) => (scores.probs[t] = scores.starts[t]! < texts[k]!.length / 2 ? 1 : 0));
          scores.categories.fill(0);
        }
        return { documentId, inputHash: hashes[k]!, scores };
      }),
    });
  }
});
afterAll(async () => {
  await disconnectDb();
  temp?.cleanup();
});

async function documentsOf(ids: readonly string[]) {
  const docs = await db.document.findMany({ where: { id: { in: [...ids] } }, select: { id: true, text: true, contentHash: true } });
  return ids.map((id) => docs.find((d) => d.id === id)!);
}

describe("the category breakdown from stored unit scores", () => {
  it.each([["low" as Preset], ["medium" as Preset], [0.3]])("equals the straightforward path's figures (%s)", async (setting) => {
    const filters = { datasetId, method: formatModelMethod(model), ...(typeof setting === "number" ? { threshold: setting } : { preset: setting }) };
    const pairsOf = { category: "ui_navigation" as const, limit: 5 };
    await db.pairBreakdownSums.deleteMany();
    await db.modelRunUnits.deleteMany();
    await db.documentUnits.deleteMany();
    restart();
    // The straightforward path: every text segmented and every run's probabilities aggregated.
    const first = await computeCategoryBreakdown({ filters, pairsOf, db });
    expect(first.breakdown.unscored).toBe(2);
    expect(first.breakdown.pairs).toBe(22);
    for (const source of ["gold", "judge", "model"] as const) expect(first.breakdown.bySource[source].pairs).toBeGreaterThan(0);
    await Promise.all([unitScoresWritten(), preparedUnitsWritten()]);
    expect(await db.modelRunUnits.count()).toBeGreaterThan(0);

    expect(first.pairs.length).toBeGreaterThan(0);

    // After a restart: units and unit scores stored (the breakdown's sums not: each pair is counted from them), no text read but the cut unit's and the shown pairs'. With the
    // token bytes damaged, the figures prove the stored rows were read (the tokens would leave the pairs unscored).
    const runs = await db.modelRun.findMany({ select: { id: true, probs: true } });
    await db.modelRun.updateMany({ data: { probs: new Uint8Array(3) } });
    await db.pairBreakdownSums.deleteMany();
    restart();
    const stored = await computeCategoryBreakdown({ filters, pairsOf, db });
    for (const run of runs) await db.modelRun.update({ where: { id: run.id }, data: { probs: run.probs } });
    expect({ ...stored.breakdown, timings: null }).toEqual({ ...first.breakdown, timings: null });
    expect(stored.pairs).toEqual(first.pairs);
    // Warm.
    const warm = await computeCategoryBreakdown({ filters, pairsOf, db });
    expect({ ...warm.breakdown, timings: null }).toEqual({ ...first.breakdown, timings: null });
    expect(warm.pairs).toEqual(first.pairs);

    // From the stored sums alone (a restart): without the unit scores and with the token bytes damaged, only the
    // pairs' sums give these figures (the pairs shown are counted again, so their bars are compared undamaged).
    expect(await db.pairBreakdownSums.count()).toBe(24);
    const unitRows = await db.modelRunUnits.findMany();
    await db.modelRunUnits.deleteMany();
    await db.modelRun.updateMany({ data: { probs: new Uint8Array(3) } });
    restart();
    const fromSums = await computeCategoryBreakdown({ filters, db });
    for (const run of runs) await db.modelRun.update({ where: { id: run.id }, data: { probs: run.probs } });
    await db.modelRunUnits.createMany({ data: unitRows });
    expect({ ...fromSums.breakdown, timings: null }).toEqual({ ...first.breakdown, filters: fromSums.breakdown.filters, timings: null });
    restart();
    const summedWithPairs = await computeCategoryBreakdown({ filters, pairsOf, db });
    expect({ ...summedWithPairs.breakdown, timings: null }).toEqual({ ...first.breakdown, timings: null });
    expect(summedWithPairs.pairs).toEqual(first.pairs);

    // A gold span changed, a judge suggestion deleted and a pair's runs saved again: those pairs' sums are stale and
    // counted again, and the figures are the straightforward path's.
    const span = (await db.span.findFirst({ where: { source: "gold" }, orderBy: { id: "asc" } }))!;
    const category = CATEGORIES[(CATEGORIES.indexOf(span.category as (typeof CATEGORIES)[number]) + 1) % CATEGORIES.length]!;
    await db.span.update({ where: { id: span.id }, data: { category } });
    const suggestion = (await db.suggestion.findFirst({ where: { source: "judge" }, orderBy: { id: "asc" } }))!;
    await db.suggestion.delete({ where: { id: suggestion.id } });
    const rerun = (await db.modelRun.findFirst({ where: { pair: { spans: { none: {} }, suggestions: { none: {} } } }, orderBy: { id: "asc" } }))!;
    const rerunPair = (await db.pair.findUnique({
      where: { id: rerun.pairId },
      include: { query: true, documents: { orderBy: { position: "asc" } } },
    }))!;
    const rerunDocs = await documentsOf(rerunPair.documents.map((d) => d.documentId));
    const rerunHashes = pairInputHashes({ query: rerunPair.query.text, documents: rerunDocs }, model);
    const rr = createRng(99 + reruns++);
    await saveModelRuns({
      db,
      pairId: rerunPair.id,
      modelName: model,
      runs: rerunDocs.map((d, k) => ({ documentId: d.id, inputHash: rerunHashes[k]!, scores: syntheticRun(rr, d.text) })),
    });
    const changed = await computeCategoryBreakdown({ filters, pairsOf, db });
    expect(changed.breakdown.all).not.toEqual(first.breakdown.all);
    await Promise.all([unitScoresWritten(), preparedUnitsWritten()]);
    await db.pairBreakdownSums.deleteMany();
    await db.modelRunUnits.deleteMany();
    await db.documentUnits.deleteMany();
    restart();
    const straight = await computeCategoryBreakdown({ filters, pairsOf, db });
    expect({ ...changed.breakdown, timings: null }).toEqual({ ...straight.breakdown, timings: null });
    expect(changed.pairs).toEqual(straight.pairs);
    expect(straight.breakdown.bySource.judge.pairs).toBeLessThanOrEqual(first.breakdown.bySource.judge.pairs);
  });
});
