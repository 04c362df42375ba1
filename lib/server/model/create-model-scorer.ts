import "server-only";
import { aggregateTokenScores } from "../../engine/aggregate-token-scores";
import { formatModelMethod } from "../../engine/methods";
import { computeBm25Scores } from "../../engine/scorers/bm25";
import type { PreparedResult, Scorer, TokenScores } from "../../engine/types";
import { computeTokenFeaturesSteps } from "../../features/compute-token-features";
import { runSteps, runStepsAsync } from "../../run-steps";
import { FEATURE_COUNT } from "../../features/feature-spec";
import { buildWindows, stitchWindows, type Window } from "../../tokenizer/build-windows";
import { tokenRelevanceBins } from "../../tokenizer/relevance-bins";
import type { Encoding } from "../../tokenizer/wordpiece";
import { getEnv } from "../env";
import type { LoadedModel } from "./load-model";
import { WindowBatcher } from "./window-batcher";

const batchers = new WeakMap<LoadedModel, WindowBatcher>();

/** The batcher shared by every request to this model. */
export function getBatcher(model: LoadedModel): WindowBatcher {
  let b = batchers.get(model);
  if (!b) {
    b = new WindowBatcher(model);
    batchers.set(model, b);
  }
  return b;
}

/**
 * Model inputs of a whole result set: tokenization, the per-token features (feature models) or relevance bins
 * (older query-match-bm25 models), and the windows of every result.
 */
export function buildModelWindows(model: LoadedModel, query: string, results: readonly PreparedResult[]): ModelWindows {
  return runSteps(buildModelWindowsSteps(model, query, results));
}

interface ModelWindows {
  encodings: Encoding[];
  windows: Window[][];
}

function* buildModelWindowsSteps(model: LoadedModel, query: string, results: readonly PreparedResult[]): Generator<void, ModelWindows> {
  const { config, tokenizer } = model;
  const q = tokenizer.encode(query);
  const encodings: Encoding[] = [];
  for (const r of results) {
    encodings.push(yield* tokenizer.encodeSteps(r.doc.text));
    yield;
  }
  const features = config.features
    ? yield* computeTokenFeaturesSteps({
        query,
        results: results.map((r) => ({ doc: r.doc, units: r.units, ...(r.title !== undefined ? { title: r.title } : {}) })),
        encodings,
        queryEncoding: q,
        sections: config.features.sections ?? false,
      })
    : undefined;
  const relevance = config.typeIds === "query-match-bm25";
  // Older models: BM25 bins over the whole set (SNIPPET_LAB_RELEVANCE_SCOPE=result restores per-page bins).
  const setScores =
    relevance && getEnv().relevanceScope === "set"
      ? computeBm25Scores(
          query,
          results.map((r) => ({ text: r.doc.text, units: r.units })),
          { normalize: "minmax" },
        )
      : undefined;
  const windows: Window[][] = [];
  for (let i = 0; i < results.length; i++) {
    const r = results[i]!;
    const enc = encodings[i]!;
    if (enc.ids.length === 0) {
      windows.push([]);
      continue;
    }
    yield;
    windows.push(
      buildWindows({
        query: q,
        context: enc,
        special: tokenizer.special,
        maxLength: config.window,
        overlap: config.overlap,
        maxQueryTokens: config.maxQueryTokens,
        matchFeature: config.typeIds !== "segment" && config.typeIds !== "none",
        relevanceBins: relevance
          ? tokenRelevanceBins({ query, text: r.doc.text, units: r.units, starts: enc.starts, ends: enc.ends, unitScores: setScores?.[i] })
          : undefined,
        ...(features ? { features: features[i], featureCount: FEATURE_COUNT } : {}),
      }),
    );
  }
  return { encodings, windows };
}

const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Scorer backed by a token-classification ONNX model: token keep probabilities → unit scores. */
export function createModelScorer({ model }: { model: LoadedModel }): Scorer {
  return {
    name: formatModelMethod(model.name),
    async scoreUnits({ query, results, aggregation }) {
      const t0 = performance.now();
      // Tokenizing and featurizing a 5 MB page takes seconds: in slices, so other requests are served meanwhile.
      const { encodings, windows } = await runStepsAsync(buildModelWindowsSteps(model, query, results), pause);
      const t1 = performance.now();
      const all = windows.flat();
      const { outputs, timings } = await getBatcher(model).runTimed(all);
      let k = 0;
      const tokenScores: TokenScores[] = windows.map((mine, i) => {
        const enc = encodings[i]!;
        const outs = outputs.slice(k, k + mine.length);
        k += mine.length;
        const scores: TokenScores = {
          starts: Int32Array.from(enc.starts),
          ends: Int32Array.from(enc.ends),
          probs: stitchWindows(
            mine,
            outs.map((o) => o.probs),
            enc.ids.length,
          ),
        };
        if (outs.length > 0 && outs[0]!.categories) {
          const cats = stitchWindows(
            mine,
            outs.map((o) => o.categories!),
            enc.ids.length,
          );
          scores.categories = Uint8Array.from(cats);
        }
        return scores;
      });
      const unitScores = results.map((r, i) => aggregateTokenScores({ tokenScores: tokenScores[i]!, units: r.units, aggregation }));
      return {
        unitScores,
        tokenScores,
        timings: { tokenizeMs: t1 - t0, queueMs: timings.queueMs, modelMs: timings.modelMs, windows: all.length },
      };
    },
  };
}
