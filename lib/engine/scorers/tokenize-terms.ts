// Client-safe: a small Unicode-aware term tokenizer for lexical baselines.

/** Scripts written without spaces: indexed as overlapping character bigrams. */
export const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
export const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/**
 * Lowercased terms of `text`: runs of letters/digits; runs of CJK characters become character
 * bigrams (a lone character stays a unigram). Latin words get light English suffix stripping
 * so "rivers"/"river" and "founded"/"found" meet (applied identically to query and units).
 */
export function tokenizeTerms(text: string): string[] {
  const out: string[] = [];
  for (const match of text.normalize("NFKC").toLowerCase().matchAll(WORD)) {
    const word = match[0];
    const term = wordTerm(word);
    if (term !== undefined) out.push(term);
    else pushMixedRun(word, out);
  }
  return out;
}

// The term of a word without CJK characters (undefined: it has some), memoized: unit texts repeat their words, and
// this was most of the function's time on every request (a bounded cache, emptied when full).
const MAX_CACHED_WORDS = 50_000;
const wordTerms = new Map<string, string | undefined>();

function wordTerm(word: string): string | undefined {
  const hit = wordTerms.get(word);
  if (hit !== undefined || wordTerms.has(word)) return hit;
  const term = CJK_CHAR.test(word) ? undefined : stripSuffix(word);
  if (wordTerms.size >= MAX_CACHED_WORDS) wordTerms.clear();
  wordTerms.set(word, term);
  return term;
}

/** A run with CJK characters ("iphone手机"): its non-CJK words and its CJK character bigrams. */
function pushMixedRun(word: string, out: string[]): void {
  let latin = "";
  let cjk: string[] = [];
  const flushCjk = () => {
    if (cjk.length === 1) out.push(cjk[0]!);
    for (let i = 0; i + 1 < cjk.length; i++) out.push(cjk[i]! + cjk[i + 1]!);
    cjk = [];
  };
  for (const ch of word) {
    if (CJK_CHAR.test(ch)) {
      if (latin) out.push(stripSuffix(latin));
      latin = "";
      cjk.push(ch);
    } else {
      flushCjk();
      latin += ch;
    }
  }
  flushCjk();
  if (latin) out.push(stripSuffix(latin));
}

function stripSuffix(w: string): string {
  if (w.length <= 3 || !/^[a-z]+$/.test(w)) return w;
  if (w.length > 4 && w.endsWith("ies")) return `${w.slice(0, -3)}y`;
  if (w.length > 5 && w.endsWith("ing")) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith("ed") && !w.endsWith("eed")) return w.slice(0, -2);
  if (w.endsWith("es") && /(ch|sh|x|ss|z)es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) return w.slice(0, -1);
  return w;
}
