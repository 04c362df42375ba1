// Client-safe: the words the subword embeddings are trained on and looked up by (lib/embeddings).
import { CJK_CHAR, WORD } from "../engine/scorers/tokenize-terms";

/**
 * Lowercased NFKC words of `text`, unstemmed (the embeddings' character n-grams meet "rivers"/"river" without a
 * suffix rule, in every language); a CJK character is a word of its own (those scripts write no spaces). Training
 * corpus and serving go through this one function, so a word looked up is spelled as it was trained.
 */
export function embeddingTerms(text: string): string[] {
  const out: string[] = [];
  for (const match of text.normalize("NFKC").toLowerCase().matchAll(WORD)) {
    const word = match[0];
    if (!CJK_CHAR.test(word)) {
      out.push(word);
      continue;
    }
    let rest = "";
    for (const ch of word) {
      if (CJK_CHAR.test(ch)) {
        if (rest) out.push(rest);
        rest = "";
        out.push(ch);
      } else rest += ch;
    }
    if (rest) out.push(rest);
  }
  return out;
}
