import "server-only";
import { evalMethodOf } from "@/lib/eval/eval-method-of";
import { runEval } from "@/lib/eval/run-eval";
import type { FrontierPairRow, FrontierPairsResponse } from "@/lib/schemas/research";
import type { Db } from "../db/client";
import { getDataset } from "../db/datasets/get-dataset";
import { listEvalPairs } from "../db/research/list-eval-pairs";
import { getEnv } from "../env";
import { listModels } from "../model/list-models";
import { AppError } from "@/lib/errors";
import { evalExamplesOfPairs } from "./eval-examples";
import { loadFreshScores } from "./load-fresh-scores";
import { preloadStoredResults, prepareStoredResults } from "./prepared-results-cache";
import { isJudgeConfigured } from "../judge/judge-config";
import { resolveResearchMethods } from "./research-methods";
import { ensureResultSimilarities } from "../embeddings/stored-result-similarity";

export type FrontierPointPairsOptions = {
  datasetId: string;
  method: string;
  setting: { kind: "threshold" | "budget"; value: number };
  db?: Db;
};

/**
 * The pairs behind one point of a frontier: every gold pair's metrics at that method and setting (the sweep's own
 * code, one setting), the most evidence lost first. Model probabilities come from the cache only; pairs without them
 * are counted as `unscored` (a sweep scores them).
 */
export async function frontierPointPairs({ datasetId, method, setting, db }: FrontierPointPairsOptions): Promise<FrontierPairsResponse> {
  await getDataset({ id: datasetId, ...(db ? { db } : {}) });
  const [m] = resolveResearchMethods([method], await listModels(), { judgeConfigured: isJudgeConfigured() });
  if (!m?.method || m.info.error) throw new AppError("NOT_FOUND", m?.info.error ?? `unknown method "${method}"`);
  const { modelName } = m.method;
  let pairs = await listEvalPairs({ datasetId, onlyGold: true, ...(db ? { db } : {}) });
  let unscored = 0;
  let scores;
  if (modelName) {
    const loaded = await loadFreshScores({ pairs, modelName, ...(db ? { db } : {}) });
    scores = loaded.scores;
    unscored = loaded.missing.length;
    pairs = pairs.filter((p) => loaded.scores.has(p.id));
  }
  const encoding = getEnv().downstreamEncoding;
  const rows: FrontierPairRow[] = [];
  const queries = new Map(pairs.map((p) => [p.id, p.query]));
  const examples = evalExamplesOfPairs(pairs);
  await preloadStoredResults(examples, { ...(encoding ? { encoding } : {}), ...(db ? { db } : {}) });
  // The model's unit similarities as the sweep stored them (computed now only for sets it has not seen).
  if (m.method.kind === "model")
    await ensureResultSimilarities({
      profile: m.method.profile,
      sets: examples.map((ex) => ({ query: ex.query, results: prepareStoredResults(ex, encoding ? { encoding } : {}) })),
      ...(db ? { db } : {}),
    });
  await runEval({
    dataset: datasetId,
    examples,
    methods: [evalMethodOf(m.method, scores)],
    ...(setting.kind === "threshold" ? { thresholds: [setting.value] } : { budgets: [setting.value] }),
    prepareResults: (ex) => prepareStoredResults(ex, encoding ? { encoding } : {}),
    ...(encoding ? { encoding } : {}),
    onQueryMetrics: ({ example, metrics: q }) => {
      rows.push({
        pairId: example.id,
        query: queries.get(example.id) ?? example.query,
        evidenceTotal: q.evidenceTotal,
        evidenceKept: q.evidenceKept,
        evidenceLost: q.evidenceTotal - q.evidenceKept,
        tokensIn: q.tokensIn,
        tokensOut: q.tokensOut,
        answerKept: q.answerKept,
      });
    },
  });
  rows.sort(
    (a, b) =>
      b.evidenceLost - a.evidenceLost ||
      b.evidenceLost / Math.max(1, b.evidenceTotal) - a.evidenceLost / Math.max(1, a.evidenceTotal) ||
      b.tokensOut - a.tokensOut ||
      (a.pairId < b.pairId ? -1 : 1),
  );
  return { datasetId, method: m.info.method, setting, pairs: rows, unscored };
}
