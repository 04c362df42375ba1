// The fourth matching step (docs/judge.md#matching-quotes-back-to-offsets): a token-level alignment of a quote
// against a text, for quotes a model copied with a word changed, added or left out. Pure and client-safe.

/**
 * Least similarity (1 − token edits / the longer of the quote and the matched text, in tokens) a fuzzy match needs.
 * 0.8 accepts one changed, added or missing word in a five-word quote (two in ten); a paraphrase that rewords a
 * sentence stays below it and is reported as unmatched.
 */
export const FUZZY_MIN_SIMILARITY = 0.8;
/** Least tokens (words; Han characters count one each) a quote needs before a fuzzy match is trusted. */
export const FUZZY_MIN_TOKENS = 5;
/** Largest alignment (quote tokens × text tokens) tried; beyond it the quote is reported unmatched, not aligned. */
export const FUZZY_MAX_CELLS = 12_000_000;

export type AlignToken = { text: string; start: number; end: number };

const TOKEN = /\p{Script=Han}|[\p{L}\p{N}\p{M}]+/gu;

/** Word tokens of a (normalized) text with their offsets; each Han character is a token of its own. */
export function alignTokens(text: string): AlignToken[] {
  const out: AlignToken[] = [];
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m; m = TOKEN.exec(text)) out.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  return out;
}

export type FuzzyAlignment = {
  /** Offsets in the searched text: the first matched token's start to the last one's end. */
  start: number;
  end: number;
  similarity: number;
  /** Token edits (substitutions, insertions, deletions). */
  edits: number;
};

export type FuzzyResult = { ok: true; alignment: FuzzyAlignment } | { ok: false; reason: string; similarity?: number };

/**
 * Semi-global alignment (Sellers): the stretch of `textTokens` with the fewest token edits to `quoteTokens`, any start,
 * any end. Ties go to the first stretch starting at or after `nearToken` (repeated sentences land on successive
 * occurrences), else the first. Two rolling rows: O(quote × text) time, O(text) memory.
 */
export function fuzzyAlign(quoteTokens: readonly AlignToken[], textTokens: readonly AlignToken[], nearToken = 0): FuzzyResult {
  const n = quoteTokens.length;
  const m = textTokens.length;
  if (n < FUZZY_MIN_TOKENS) return { ok: false, reason: `too short for fuzzy matching (${n} of ${FUZZY_MIN_TOKENS} words needed)` };
  if (m === 0) return { ok: false, reason: "the text has no words" };
  if (n * m > FUZZY_MAX_CELLS) return { ok: false, reason: "too long for fuzzy matching" };
  const q = quoteTokens.map((t) => t.text);
  const t = textTokens.map((x) => x.text);
  // prev/cur[j]: edits of the best alignment of q[0..i) ending at text token j; startPrev/startCur: where it starts.
  let prev = new Int32Array(m + 1);
  let cur = new Int32Array(m + 1);
  let startPrev = new Int32Array(m + 1);
  let startCur = new Int32Array(m + 1);
  for (let j = 0; j <= m; j++) startPrev[j] = j; // row 0: free start anywhere, nothing consumed
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    startCur[0] = 0;
    const qi = q[i - 1]!;
    for (let j = 1; j <= m; j++) {
      const diag = prev[j - 1]! + (qi === t[j - 1] ? 0 : 1);
      const up = prev[j]! + 1; // a quote token the text lacks
      const left = cur[j - 1]! + 1; // a text token the quote lacks
      if (diag <= up && diag <= left) {
        cur[j] = diag;
        startCur[j] = startPrev[j - 1]!;
      } else if (up <= left) {
        cur[j] = up;
        startCur[j] = startPrev[j]!;
      } else {
        cur[j] = left;
        startCur[j] = startCur[j - 1]!;
      }
    }
    [prev, cur] = [cur, prev];
    [startPrev, startCur] = [startCur, startPrev];
  }
  // Best end: fewest edits (ties: the first starting at/after nearToken, else the first), then the similarity.
  let best = -1;
  let bestNear = -1;
  for (let j = 1; j <= m; j++) {
    const s = startPrev[j]!;
    if (s >= j) continue; // matched nothing
    if (best < 0 || prev[j]! < prev[best]!) best = j;
    if (s >= nearToken && (bestNear < 0 || prev[j]! < prev[bestNear]!)) bestNear = j;
  }
  if (best < 0) return { ok: false, reason: "no word of the quote is in the text" };
  const end = bestNear >= 0 && prev[bestNear] === prev[best] ? bestNear : best;
  const from = startPrev[end]!;
  const edits = prev[end]!;
  const similarity = 1 - edits / Math.max(n, end - from);
  const rounded = Math.round(similarity * 1000) / 1000;
  if (similarity < FUZZY_MIN_SIMILARITY) {
    return { ok: false, reason: `best fuzzy similarity ${rounded} is below the floor ${FUZZY_MIN_SIMILARITY}`, similarity: rounded };
  }
  return { ok: true, alignment: { start: textTokens[from]!.start, end: textTokens[end - 1]!.end, similarity: rounded, edits } };
}
