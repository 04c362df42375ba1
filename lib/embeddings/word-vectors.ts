// Client-safe: the shipped word vectors in memory, and the lookups the embedding scorer makes.

/** Unit-length word vectors, int8 (component × 127), and each word's weight (rarer words weigh more). */
export interface WordVectors {
  dim: number;
  /** word → row */
  index: ReadonlyMap<string, number>;
  /** rows × dim, row-major */
  vectors: Int8Array;
  /** Smooth inverse frequency a / (a + p(word)) of each row, from the training corpus. */
  weights: Float32Array;
  /** The weight of a word not in the table (as rare as the rarest kept word). */
  unknownWeight: number;
}

/** The SIF constant (Arora et al. 2017): frequent words fade, rare words count fully. */
export const SIF_A = 1e-3;

export interface BuildWordVectorsOptions {
  dim: number;
  words: readonly string[];
  /** Corpus count of each word (same order). */
  counts: readonly number[];
  /** Tokens in the training corpus (for p(word)). */
  corpusTokens: number;
  vectors: Int8Array;
}

export function buildWordVectors(opts: BuildWordVectorsOptions): WordVectors {
  const { dim, words, counts, corpusTokens, vectors } = opts;
  if (vectors.length !== words.length * dim) {
    throw new Error(`word vectors: ${vectors.length} values for ${words.length} words of dimension ${dim}`);
  }
  const index = new Map<string, number>();
  const weights = new Float32Array(words.length);
  let minCount = Infinity;
  words.forEach((w, i) => {
    index.set(w, i);
    const c = counts[i]!;
    weights[i] = SIF_A / (SIF_A + c / corpusTokens);
    if (c < minCount) minCount = c;
  });
  const unknownWeight = Number.isFinite(minCount) ? SIF_A / (SIF_A + minCount / corpusTokens) : 1;
  return { dim, index, vectors, weights, unknownWeight };
}

/** Cosine of two rows (both unit length before quantization). */
export function rowCosine(v: WordVectors, a: number, b: number): number {
  const { dim, vectors } = v;
  let s = 0;
  const oa = a * dim;
  const ob = b * dim;
  for (let k = 0; k < dim; k++) s += vectors[oa + k]! * vectors[ob + k]!;
  return s / (127 * 127);
}

/**
 * Subtracts the rows' mean from every row (in place). Subword vectors trained on a small corpus share a common
 * direction (any two words score ~0.8); without it the cosines of related and unrelated words are hard to tell apart.
 */
export function centerRows(rows: readonly Float32Array[], dim: number): void {
  const mean = new Float64Array(dim);
  for (const row of rows) {
    let n = 0;
    for (let k = 0; k < dim; k++) n += row[k]! * row[k]!;
    n = Math.sqrt(n) || 1;
    for (let k = 0; k < dim; k++) mean[k] = mean[k]! + row[k]! / n / rows.length;
  }
  for (const row of rows) {
    let n = 0;
    for (let k = 0; k < dim; k++) n += row[k]! * row[k]!;
    n = Math.sqrt(n) || 1;
    for (let k = 0; k < dim; k++) row[k] = row[k]! / n - mean[k]!;
  }
}

/** Quantizes float rows to int8 unit vectors (a row of zeros stays zeros). */
export function quantizeRows(rows: readonly Float32Array[], dim: number): Int8Array {
  const out = new Int8Array(rows.length * dim);
  rows.forEach((row, i) => {
    let n = 0;
    for (let k = 0; k < dim; k++) n += row[k]! * row[k]!;
    n = Math.sqrt(n);
    if (n === 0) return;
    for (let k = 0; k < dim; k++) out[i * dim + k] = Math.max(-127, Math.min(127, Math.round((127 * row[k]!) / n)));
  });
  return out;
}
