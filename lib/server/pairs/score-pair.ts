import "server-only";
import { performance } from "node:perf_hooks";
import { AppError } from "@/lib/errors";
import { aggregateTokenScores } from "@/lib/engine/aggregate-token-scores";
import { prepareResult } from "@/lib/engine/prepare-result";
import { DEFAULT_PRESET, PRESETS } from "@/lib/engine/presets";
import { selectSpans } from "@/lib/engine/select-spans";
import type { PreparedResult, TokenScores } from "@/lib/engine/types";
import type { PairScoresOut, ScoredDocumentOut } from "@/lib/schemas/annotation";
import type { CanonicalDoc } from "@/lib/text/types";
import { resolveMethod } from "../compress/resolve-method";
import { type Db, getDb } from "../db/client";
import { getPair } from "../db/get-pair";
import { listModelRuns } from "../db/model-runs/list-model-runs";
import { saveModelRuns } from "../db/model-runs/save-model-runs";
import { getScorer } from "../get-scorer";
import { listModels } from "../model/list-models";
import { computeInputHash } from "./compute-input-hash";
import { modelFingerprint } from "./model-fingerprint";
import { tokenScoresToJson } from "../compress/token-scores-to-json";

export type ScorePairOptions = {
  pairId: string;
  /** "model" (default model; the default), "model:<name>", a bare model name, "bm25" or "lead". */
  model?: string;
  db?: Db;
};

export type PairScores = PairScoresOut;

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * Scores every document of a pair with a model: per-token keep probabilities (token models), unit scores, and the
 * selection at the model's threshold and the default preset. Stored documents are used as stored (text + blocks),
 * so every offset indexes Document.text. Token probabilities are cached in ModelRun keyed by an input hash (model
 * version, query, texts): when every document has a fresh entry the model is not loaded at all.
 */
export async function scorePair(options: ScorePairOptions): Promise<PairScores> {
  const { pairId, model = "model", db = getDb() } = options;
  const t0 = performance.now();
  const pair = await getPair({ id: pairId, db });
  if (!pair) throw new AppError("NOT_FOUND", `Pair ${pairId} not found`);
  const resolved = resolveMethod(model, await listModels());
  const { threshold, aggregation } = resolved;
  const query = pair.query.text;

  const results: PreparedResult[] = pair.documents.map((d) => {
    const doc: CanonicalDoc = { text: d.text, blocks: d.blocks };
    return prepareResult({
      id: d.id,
      doc,
      ...(d.title !== null ? { title: d.title } : {}),
      ...(d.url !== null ? { url: d.url } : {}),
      ...(d.lang !== null ? { locale: d.lang } : {}),
    });
  });
  const t1 = performance.now();

  let unitScores: number[][];
  let tokenScores: TokenScores[] | undefined;
  let cachedDocs = new Set<string>();
  let modelName: string | null = null;
  let scorerName = resolved.method;

  if (resolved.method.startsWith("model:")) {
    modelName = resolved.method.slice("model:".length);
    const modelVersion = modelFingerprint(modelName);
    const setHashes = pair.documents.map((d) => d.contentHash);
    const settings = { relevanceScope: process.env.SNIPPET_LAB_RELEVANCE_SCOPE ?? "set" };
    const hashes = pair.documents.map((d) => computeInputHash({ modelVersion, query, text: d.text, setHashes, settings }));
    const runs = new Map((await listModelRuns({ pairId, modelName, db })).map((r) => [r.documentId, r]));
    const fromCache = pair.documents.map((d, i) => {
      const run = runs.get(d.id);
      return run && run.inputHash === hashes[i] && run.scores && fitsText(run.scores, d.text) ? run.scores : null;
    });
    if (fromCache.every((s) => s !== null)) {
      tokenScores = fromCache as TokenScores[];
      cachedDocs = new Set(pair.documents.map((d) => d.id));
    } else {
      // Any stale document re-scores the whole set: relevance features are computed across the set, so scoring
      // only the missing documents would give different probabilities than a fresh run.
      const scorer = await getScorer(resolved.method);
      scorerName = scorer.name;
      const started = performance.now();
      const scored = await scorer.scoreUnits({ query, results, aggregation });
      const elapsed = performance.now() - started;
      if (!scored.tokenScores) throw new AppError("INTERNAL", `${scorer.name} returned no token scores`);
      tokenScores = scored.tokenScores;
      await saveModelRuns({
        db,
        pairId,
        modelName,
        runs: pair.documents.map((d, i) => ({
          documentId: d.id,
          inputHash: hashes[i]!,
          scores: tokenScores![i]!,
          // The set is scored in one batch: each document records its share of the time.
          durationMs: elapsed / pair.documents.length,
        })),
      });
    }
    unitScores = results.map((r, i) => aggregateTokenScores({ tokenScores: tokenScores![i]!, units: r.units, aggregation }));
  } else {
    const scorer = await getScorer(resolved.method);
    scorerName = scorer.name;
    unitScores = (await scorer.scoreUnits({ query, results, aggregation })).unitScores;
  }
  const t2 = performance.now();

  const budget = PRESETS[DEFAULT_PRESET];
  const selection = selectSpans({ results, unitScores, budget, threshold, ...(resolved.fallbackFloor !== undefined ? { fallbackFloor: resolved.fallbackFloor } : {}) });
  const t3 = performance.now();

  const out: ScoredDocumentOut[] = results.map((res, r) => {
    const sel = selection.results[r];
    const scores = unitScores[r] ?? [];
    const item: ScoredDocumentOut = {
      id: res.id,
      snippet: sel?.snippet ?? "",
      spans: sel?.spans ?? [],
      tokensIn: sel?.tokensIn ?? res.tokensIn,
      tokensOut: sel?.tokensOut ?? 0,
      text: res.doc.text,
      blocks: res.doc.blocks.map((b) => ({ ...b })),
      units: res.units.map((u, i) => ({ start: u.start, end: u.end, block: u.block, score: scores[i] ?? 0, tokens: res.unitTokens[i] ?? 0 })),
      cached: cachedDocs.has(res.id),
    };
    if (res.title !== undefined) item.title = res.title;
    if (res.url !== undefined) item.url = res.url;
    const ts = tokenScores?.[r];
    if (ts) item.tokenScores = tokenScoresToJson(ts);
    return item;
  });

  const response: PairScores = {
    pairId,
    query,
    model: scorerName,
    modelName,
    cached: modelName !== null && cachedDocs.size === pair.documents.length,
    results: out,
    tokensIn: selection.tokensIn,
    tokensOut: selection.tokensOut,
    threshold,
    budget,
    aggregation,
    offsets: "utf16-canonical",
    timings: { prepareMs: round2(t1 - t0), scoreMs: round2(t2 - t1), selectMs: round2(t3 - t2), totalMs: round2(performance.now() - t0) },
  };
  if (selection.reason) response.reason = selection.reason;
  if (resolved.fallbackFloor !== undefined) response.fallbackFloor = resolved.fallbackFloor;
  return response;
}

/** A cache entry whose offsets do not fit the text (should not happen: texts are immutable) is not used. */
function fitsText(scores: TokenScores, text: string): boolean {
  const n = scores.ends.length;
  return n === 0 || (scores.ends[n - 1]! <= text.length && scores.starts[0]! >= 0);
}


