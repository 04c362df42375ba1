import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRng } from "@/lib/data/synthesize-page";
import { formatModelMethod } from "@/lib/engine/methods";
import { waitForJob } from "@/tests/test-support/wait-for";
import { createTempDatabase, type TempDatabase } from "../auth/test-helpers";
import { createDbClient } from "../db/client";
import { createPair } from "../db/create-pair";
import type { PrismaClient } from "../db/generated/client";
import { saveModelRuns } from "../db/model-runs/save-model-runs";
import { forgetRememberedSimilarities, unitSimilaritiesWritten } from "../embeddings/stored-result-similarity";
import { readJob, startJob } from "../jobs/jobs-api";
import { startJobRunner, stopJobRunner } from "../jobs/job-runner";
import { listModels } from "../model/list-models";
import { pairInputHashes } from "../pairs/fresh-token-scores";
import { sentenceEncoderUsage } from "../sentence-encoder/load-sentence-encoder";
import { computeCategoryBreakdown } from "./compute-category-breakdown";
import { unitScoresWritten } from "./load-unit-scores";
import { preparedUnitsWritten } from "./prepared-results-cache";

// The first-time work of a research view as a job: a page's first breakdown over new pairs leaves the sentence
// encoder's work to a unit-scores job (its pairs pending), the job computes and stores it with progress, and the
// breakdown then counts every pair with the figures of a request that computed everything itself.

let temp: TempDatabase;
let db: PrismaClient;
let datasetId = "";
let model = "";

const SENTENCES = [
  "The harbour museum opens at ten on weekdays.",
  "Tickets cost twelve euros for adults.",
  "Children under six enter for free.",
  "Home | News | Contact",
  "The bridge was built in 1632 by the guild of masons.",
  "Guided tours start every hour in summer.",
  "Subscribe to our newsletter for more stories.",
];

/** Whitespace-separated words as tokens with drawn probabilities and categories: cached as a real run is. */
function syntheticRun(r: () => number, text: string) {
  const starts: number[] = [];
  const ends: number[] = [];
  for (const m of text.matchAll(/\S+/g)) {
    starts.push(m.index);
    ends.push(m.index + m[0].length);
  }
  return {
    starts: Int32Array.from(starts),
    ends: Int32Array.from(ends),
    probs: Float32Array.from(starts, () => r()),
    categories: Uint8Array.from(starts, () => Math.floor(r() * 6)),
  };
}

const encoded = () => sentenceEncoderUsage().encoded;
const settled = (id: string) => waitForJob(() => readJob({ id, db }), { timeoutMs: 120_000 });

beforeAll(async () => {
  temp = await createTempDatabase("unit-scores-job");
  db = createDbClient({ url: temp.url });
  model = (await listModels()).find((m) => m.default)!.name;
  const r = createRng(3);
  for (let i = 0; i < 6; i++) {
    const texts = Array.from({ length: 1 + (i % 2) }, (_, k) =>
      Array.from({ length: 3 + ((i + k) % 4) }, (_, s) => SENTENCES[(i * 3 + k + s) % SENTENCES.length]).join(joinerOf(i)),
    );
    const query = ["When does the harbour museum open?", "How much do tickets cost?", "Who built the bridge?"][i % 3]!;
    const created = await createPair({ db, dataset: "unit-scores", query, documents: texts.map((text) => ({ text })) });
    datasetId = created.datasetId;
    // One pair unscored: no runs.
    if (i === 4) continue;
    const docs = await db.document.findMany({ where: { id: { in: created.documentIds } }, select: { id: true, text: true, contentHash: true } });
    const ordered = created.documentIds.map((id) => docs.find((d) => d.id === id)!);
    const hashes = pairInputHashes({ query, documents: ordered }, model);
    await saveModelRuns({
      db,
      pairId: created.id,
      modelName: model,
      runs: ordered.map((d, k) => ({ documentId: d.id, inputHash: hashes[k]!, scores: syntheticRun(r, d.text) })),
    });
  }
});
afterAll(async () => {
  await stopJobRunner({ db });
  await db?.$disconnect();
  temp?.cleanup();
});

/** Sentences of a pair joined on one line or as paragraphs. */
function joinerOf(i: number) {
  return i % 3 === 0 ? "\n" : " ";
}

describe("unit-scores: the research views' first-time work as a job", () => {
  it("a page's first breakdown runs no encoder: the new pairs are pending, and none of them is stored as counted", async () => {
    const filters = { datasetId, method: formatModelMethod(model) };
    const before = encoded();
    const { breakdown } = await computeCategoryBreakdown({ filters, deferSimilarity: true, db });
    expect(encoded()).toBe(before);
    expect(breakdown.pending).toBe(5);
    expect(breakdown.unscored).toBe(1);
    expect(breakdown.pairs).toBe(0);
    // Only the unscored pair's sums are stored: the pending ones are counted when their similarities are.
    expect(await db.pairBreakdownSums.count()).toBe(1);
  });

  it("the job computes them once with progress, and the breakdown then counts every pair as a full request would", async () => {
    const filters = { datasetId, method: formatModelMethod(model) };
    await startJobRunner({ db, work: true, log: () => {} });
    const { job } = await startJob({ kind: "unit-scores", payload: { datasetId }, db });
    const done = await settled(job.id);
    expect(done.state).toBe("done");
    expect(done.total).toBe(6);
    expect(done.done).toBe(6);
    expect(done.failed).toBe(0);
    expect(await db.unitSimilarity.count()).toBe(5);
    expect(await db.modelRunUnits.count()).toBeGreaterThan(0);

    const before = encoded();
    const ready = await computeCategoryBreakdown({ filters, deferSimilarity: true, db });
    expect(encoded()).toBe(before);
    expect(ready.breakdown.pending).toBeUndefined();
    expect(ready.breakdown.pairs).toBe(5);

    // A request that computes everything itself (nothing stored, a new process's memory) gives the same figures.
    await Promise.all([unitScoresWritten(), preparedUnitsWritten(), unitSimilaritiesWritten()]);
    await db.pairBreakdownSums.deleteMany();
    await db.modelRunUnits.deleteMany();
    await db.unitSimilarity.deleteMany();
    forgetRememberedSimilarities();
    const straight = await computeCategoryBreakdown({ filters, db });
    expect({ ...straight.breakdown, timings: null }).toEqual({ ...ready.breakdown, timings: null });

    // Started again with everything stored: nothing for the encoder.
    const again = encoded();
    const second = await settled((await startJob({ kind: "unit-scores", payload: { datasetId }, db })).job.id);
    expect(second.state).toBe("done");
    expect(encoded()).toBe(again);
  });

  it("refuses a baseline: its scores are computed as they are read", async () => {
    await expect(startJob({ kind: "unit-scores", payload: { datasetId, model: "bm25" }, db })).rejects.toThrow(/takes a model/);
  });
});
