import "server-only";
import { performance } from "node:perf_hooks";
import { AppError } from "@/lib/errors";
import { DEFAULT_PRESET, PRESETS } from "@/lib/engine/methods";
import { prepareResult } from "@/lib/engine/prepare-result";
import type { PairScoresOut, ScoredDocumentOut } from "@/lib/schemas/scoring";
import { type Db, getDb } from "../db/client";
import { getPair } from "../db/get-pair";
import { listModelRuns } from "../db/model-runs/list-model-runs";
import { saveModelRuns } from "../db/model-runs/save-model-runs";
import { ensureResultSimilarities, storeResultSimilarity } from "../embeddings/stored-result-similarity";
import { listModels } from "../model/list-models";
import { resolveMethod } from "../scoring/resolve-method";
import { scoreResultSet } from "../scoring/score-result-set";
import { freshTokenScores, pairInputHashes } from "./fresh-token-scores";
import { roundMs } from "../scoring/round-ms";
import { toCompressResponse } from "../scoring/to-compress-response";

export type ScorePairOptions = {
  pairId: string;
  /** "model" (default model; the default), "model:<name>", a bare model name, "bm25", "lead" or "embedding". */
  model?: string;
  db?: Db;
};

/**
 * Scores every document of a pair with the shared pipeline (scoreResultSet) at the model's threshold and the default
 * preset. Stored documents are used as stored (text + blocks), so every offset indexes Document.text. A token model's
 * probabilities are cached in ModelRun keyed by an input hash (model version, query, texts): when every document has
 * a fresh entry the model is not loaded at all.
 */
export async function scorePair(options: ScorePairOptions): Promise<PairScoresOut> {
  const { pairId, model = "model", db = getDb() } = options;
  const t0 = performance.now();
  const pair = await getPair({ id: pairId, db });
  if (!pair) throw new AppError("NOT_FOUND", `Pair ${pairId} not found`);
  const method = resolveMethod(model, await listModels());
  const query = pair.query.text;
  const results = pair.documents.map((d) =>
    prepareResult({
      id: d.id,
      doc: { text: d.text, blocks: d.blocks },
      ...(d.title !== null ? { title: d.title } : {}),
      ...(d.url !== null ? { url: d.url } : {}),
      ...(d.lang !== null ? { locale: d.lang } : {}),
    }),
  );
  const prepareMs = roundMs(performance.now() - t0);

  const modelName = method.modelName ?? null;
  let cache: Pick<Parameters<typeof scoreResultSet>[0], "cachedTokenScores" | "onScored"> = {};
  let cached = false;
  if (modelName !== null) {
    const hashes = pairInputHashes({ query, documents: pair.documents }, modelName);
    // Any stale document re-scores the whole set: relevance features are computed across the set, so scoring only
    // the missing documents would give different probabilities than a fresh run.
    const fromCache = freshTokenScores({ query, documents: pair.documents }, await listModelRuns({ pairId, modelName, db }), hashes);
    cached = fromCache !== null;
    cache = fromCache
      ? { cachedTokenScores: fromCache }
      : {
          onScored: async (scored, elapsedMs) => {
            if (!scored.tokenScores) throw new AppError("INTERNAL", `${method.id} returned no token scores`);
            await saveModelRuns({
              db,
              pairId,
              modelName,
              runs: pair.documents.map((d, i) => ({
                documentId: d.id,
                inputHash: hashes[i]!,
                scores: scored.tokenScores![i]!,
                // The set is scored in one batch: each document records its share of the time.
                durationMs: elapsedMs / pair.documents.length,
              })),
            });
            // The similarity the model blended (its sentence encoder's): stored, so no research view computes it again.
            if (scored.similarity) await storeResultSimilarity({ profile: method.profile, set: { query, results }, sims: scored.similarity, db });
          },
        };
  }

  // Cached probabilities: the model's unit similarities stored by a research view or an earlier visit (else computed
  // once and stored), so reopening a pair does not run the sentence encoder again.
  if (cached) await ensureResultSimilarities({ profile: method.profile, sets: [{ query, results }], db });
  const scored = await scoreResultSet({ query, results, method, budget: PRESETS[DEFAULT_PRESET], includeTokens: true, ...cache });
  const out: ScoredDocumentOut[] = scored.results.map((r, i) => ({
    ...(r as ScoredDocumentOut),
    ...(results[i]!.url !== undefined ? { url: results[i]!.url } : {}),
    cached,
  }));
  return {
    ...toCompressResponse({ scored, query }),
    pairId,
    query,
    modelName,
    cached: modelName !== null && cached,
    results: out,
    timings: { prepareMs, ...scored.timings, totalMs: roundMs(performance.now() - t0) },
  };
}
