import type { Encoding, SpecialIds } from "./wordpiece";

/** Token type ids: the query, a context token, and a context token whose word also occurs in the query. */
export const TYPE_QUERY = 0;
export const TYPE_CONTEXT = 1;
export const TYPE_CONTEXT_MATCH = 2;
export const TYPE_CONTEXT_STEM_MATCH = 3;

export interface Window {
  inputIds: number[];
  typeIds: number[];
  /** For each position, the index of the context token it holds, or -1 (special or query token). */
  contextIndex: number[];
  /** First context token index covered by this window and one past the last. */
  from: number;
  to: number;
  /** [positions × featureCount] input features (models with `features`); 0 for query and special tokens. */
  features?: Uint8Array;
}

export interface BuildWindowsOptions {
  query: Encoding;
  context: Encoding;
  special: SpecialIds;
  /** Total window length including [CLS] query [SEP] ... [SEP]. */
  maxLength?: number;
  /** Query tokens beyond this are dropped. */
  maxQueryTokens?: number;
  /** Context tokens shared by consecutive windows. */
  overlap?: number;
  /** Mark context tokens whose word appears in the query (TYPE_CONTEXT_MATCH, or TYPE_CONTEXT_STEM_MATCH for a shared stem). */
  matchFeature?: boolean;
  /**
   * Per context token, the relevance bin of its sentence (tokenRelevanceBins). With it, a context
   * token's type id is TYPE_CONTEXT + match + 3 * bin (13 type ids in all).
   */
  relevanceBins?: Uint8Array;
  /** Per context token, `featureCount` feature values (computeTokenFeatures), copied into each window. */
  features?: Uint8Array;
  featureCount?: number;
}

/** Packs `[CLS] query [SEP] context [SEP]` into overlapping windows covering every context token. */
export function buildWindows(opts: BuildWindowsOptions): Window[] {
  const maxLength = opts.maxLength ?? 512;
  const maxQuery = Math.min(opts.maxQueryTokens ?? 64, Math.floor(maxLength / 4));
  const qIds = opts.query.ids.slice(0, maxQuery);
  const span = maxLength - qIds.length - 3;
  if (span < 8) throw new Error(`window of ${maxLength} tokens is too small`);
  const overlap = Math.min(opts.overlap ?? 128, Math.floor(span / 2));
  const step = span - overlap;
  const match = opts.matchFeature === false ? null : contextMatches(opts.query, opts.context);
  const n = opts.context.ids.length;
  const windows: Window[] = [];
  for (let from = 0; ; from += step) {
    const to = Math.min(n, from + span);
    const inputIds = [opts.special.cls, ...qIds, opts.special.sep];
    const typeIds = inputIds.map(() => TYPE_QUERY);
    const contextIndex = inputIds.map(() => -1);
    for (let t = from; t < to; t++) {
      inputIds.push(opts.context.ids[t]!);
      typeIds.push(TYPE_CONTEXT + (match ? match[t]! : 0) + 3 * (opts.relevanceBins?.[t] ?? 0));
      contextIndex.push(t);
    }
    inputIds.push(opts.special.sep);
    typeIds.push(TYPE_CONTEXT);
    contextIndex.push(-1);
    const window: Window = { inputIds, typeIds, contextIndex, from, to };
    if (opts.features && opts.featureCount) {
      const fc = opts.featureCount;
      const feats = new Uint8Array(inputIds.length * fc);
      const offset = qIds.length + 2; // [CLS] query [SEP]
      feats.set(opts.features.subarray(from * fc, to * fc), offset * fc);
      window.features = feats;
    }
    windows.push(window);
    if (to >= n) break;
  }
  return windows;
}

const STEM = 5;
/**
 * Per context token: 1 when its word also occurs (normalized) in the query, 2 when only a stem
 * (first 5 characters of words of 5+) matches — "invented" / "invention" — else 0.
 * This exact-match feature is what a small encoder trained from scratch cannot learn on its own.
 */
export function contextMatches(query: Encoding, context: Encoding): Uint8Array {
  const qWords = new Set(query.words);
  const qStems = new Set(query.words.filter((w) => w.length >= STEM).map((w) => w.slice(0, STEM)));
  const wordMatch = new Uint8Array(context.words.length);
  context.words.forEach((w, i) => {
    if (qWords.has(w)) wordMatch[i] = 1;
    else if (w.length >= STEM && qStems.has(w.slice(0, STEM))) wordMatch[i] = 2;
  });
  const out = new Uint8Array(context.ids.length);
  for (let t = 0; t < out.length; t++) out[t] = wordMatch[context.wordIds[t]!]!;
  return out;
}

/**
 * Merges per-window token probabilities back to one per context token: each token takes the
 * window where it sits farthest from a window edge (most context on both sides).
 */
export function stitchWindows(windows: Window[], windowProbs: ArrayLike<number>[], contextLength: number): Float32Array {
  const out = new Float32Array(contextLength);
  const best = new Float32Array(contextLength).fill(-1);
  windows.forEach((w, k) => {
    const probs = windowProbs[k]!;
    for (let p = 0; p < w.contextIndex.length; p++) {
      const t = w.contextIndex[p]!;
      if (t < 0) continue;
      const centrality = Math.min(t - w.from, w.to - 1 - t);
      if (centrality > best[t]!) {
        best[t] = centrality;
        out[t] = probs[p]!;
      }
    }
  });
  return out;
}
