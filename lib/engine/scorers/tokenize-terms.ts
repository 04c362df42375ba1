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
    if (!CJK_CHAR.test(word)) {
      out.push(stripSuffix(word));
      continue;
    }
    // Split mixed runs ("iphone手机") into non-CJK words and CJK bigrams.
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
  return out;
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
