import "server-only";
import { formatModelMethod } from "../../engine/methods";
import type { SelectionProfile } from "../../engine/profile";
import { computeBm25Scores } from "../../engine/scorers/bm25";
import { computeResultSimilarity } from "../embeddings/compute-result-similarity";
import type { PreparedResult, TokenScorer, TokenScores } from "../../engine/types";
import { computeTokenFeaturesSteps, type SectionMode } from "../../features/compute-token-features";
import { titleOrEntryName } from "../../features/entry-title";
import { countSectionParts, countSimilarityParts, splitSections, type DocumentSection } from "../../features/split-sections";
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

function* buildModelWindowsSteps(
  model: LoadedModel,
  query: string,
  results: readonly PreparedResult[],
  sections: SectionMode = model.config.reader.features?.sections ?? false,
): Generator<void, ModelWindows> {
  const { tokenizer } = model;
  const config = model.config.reader;
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
        sections,
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

/**
 * Scorer backed by a token-classification ONNX model: each result's token keep probabilities and, for a profile with
 * a similarity stage, each unit's similarity (its sentence encoder runs while the model does). Unit scores are the
 * caller's next step (unitScoresOf), as for cached probabilities.
 */
export function createModelScorer({
  model,
  profile = model.config.profile,
}: {
  model: LoadedModel;
  /** The profile whose similarity stage is computed (the method's; default: the loaded config's). */
  profile?: SelectionProfile;
}): TokenScorer {
  const { reader } = model.config;
  return {
    name: formatModelMethod(model.name),
    async scoreTokens({ query, results }) {
      const t0 = performance.now();
      const sections =
        reader.features?.sectionWindows && results.length === 1
          ? splitSections({
              query,
              doc: results[0]!.doc,
              units: results[0]!.units,
              ...(results[0]!.title !== undefined ? { title: results[0]!.title } : {}),
              entryTitles: reader.features.entryTitles === true,
            })
          : undefined;
      // The sections the model reads, split with entry titles, are the similarity's parts too: not split twice.
      const parts =
        results.length === 1 && reader.features?.sectionWindows && reader.features.entryTitles === true
          ? countSectionParts(query, sections)
          : countSimilarityParts(query, results);
      // The similarity's encoder has its own worker: it runs while the token model does, not after it.
      const [scored, similarity] = await Promise.all([
        sections
          ? scoreSections(model, query, results[0]!, sections)
          : scoreTokens(model, query, reader.features?.entryTitles && results.length > 1 ? results.map(withEntryName) : results),
        computeResultSimilarity(profile.similarity, query, results, parts),
      ]);
      return {
        tokenScores: scored.tokenScores,
        ...(similarity ? { similarity } : {}),
        parts,
        timings: { tokenizeMs: scored.tokenizedAt - t0, queueMs: scored.queueMs, modelMs: scored.modelMs, windows: scored.windows },
      };
    },
  };
}

/** An untitled result of a result set, titled by the name it opens with as an entry (features.entryTitles). */
function withEntryName(r: PreparedResult): PreparedResult {
  const title = titleOrEntryName(r.doc, r.title);
  return title === r.title ? r : { ...r, title };
}

interface ScoredTokens {
  tokenScores: TokenScores[];
  /** performance.now() when the windows were built (a timestamp: the tokenize time is this minus the start). */
  tokenizedAt: number;
  queueMs: number;
  modelMs: number;
  windows: number;
}

/** Token probabilities (and categories) of every result, windows stitched back together. */
async function scoreTokens(model: LoadedModel, query: string, results: readonly PreparedResult[], sections?: SectionMode): Promise<ScoredTokens> {
  // Tokenizing and featurizing a 5 MB page takes seconds: in slices, so other requests are served meanwhile.
  const { encodings, windows } = await runStepsAsync(buildModelWindowsSteps(model, query, results, sections), pause);
  const tokenizedAt = performance.now();
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
  return { tokenScores, tokenizedAt, queueMs: timings.queueMs, modelMs: timings.modelMs, windows: all.length };
}

/**
 * A plain document scored as the result set of its sections (splitSections): each section is windowed and
 * featurized as a titled result, as in training, and its token scores are mapped back into the document.
 */
async function scoreSections(model: LoadedModel, query: string, result: PreparedResult, sections: readonly DocumentSection[]): Promise<ScoredTokens> {
  const subResults: PreparedResult[] = sections.map((s, k) => ({
    id: `${result.id}#${k}`,
    doc: s.doc,
    units: s.units,
    unitTokens: s.unitIndexes.map((i) => result.unitTokens[i] ?? 0),
    tokensIn: 0,
    ...(s.title !== undefined ? { title: s.title } : {}),
  }));
  const scored = await scoreTokens(model, query, subResults, false);
  const enc = await runStepsAsync(model.tokenizer.encodeSteps(result.doc.text), pause);
  const probs = new Float32Array(enc.ids.length);
  const hasCats = scored.tokenScores.some((t) => t.categories);
  const cats = hasCats ? new Uint8Array(enc.ids.length) : undefined;
  const filled = new Uint8Array(enc.ids.length);
  let t = 0;
  sections.forEach((s, k) => {
    const sub = scored.tokenScores[k]!;
    for (let j = 0; j < sub.starts.length; j++) {
      const at = sub.starts[j]! + s.offset;
      while (t < enc.starts.length && enc.starts[t]! < at) t++;
      if (t < enc.starts.length && enc.starts[t] === at) {
        probs[t] = sub.probs[j]!;
        if (cats && sub.categories) cats[t] = sub.categories[j]!;
        filled[t] = 1;
      }
    }
  });
  // Headings are the sections' titles, not their text (as a result's title is): probability 0, like a result
  // title the model never keeps; their category is the one of the first token after them.
  if (cats) for (let i = probs.length - 2; i >= 0; i--) if (!filled[i]) cats[i] = cats[i + 1]!;
  const scores: TokenScores = { starts: Int32Array.from(enc.starts), ends: Int32Array.from(enc.ends), probs };
  if (cats) scores.categories = cats;
  return { ...scored, tokenScores: [scores] };
}
