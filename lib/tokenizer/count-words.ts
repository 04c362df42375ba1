import { scanWords } from "./wordpiece";

/** Counts the normalized words of `texts` as the tokenizer will see them (the vocabulary trainer's input). */
export function countWords(texts: Iterable<string>, opts: { stripAccents: boolean }, into = new Map<string, number>()): Map<string, number> {
  for (const text of texts) scanWords(text, opts.stripAccents, (w) => into.set(w, (into.get(w) ?? 0) + 1));
  return into;
}

/**
 * Letters every multilingual vocabulary keeps even when the training texts lack them, so no script the app's
 * users write in (Latin with accents, Cyrillic incl. Ukrainian, Greek) ever becomes [UNK].
 */
export function baseAlphabet(): string[] {
  const out: string[] = [];
  const range = (a: number, b: number) => {
    for (let c = a; c <= b; c++) out.push(String.fromCodePoint(c));
  };
  range(0x61, 0x7a); // a-z
  range(0x30, 0x39); // 0-9
  for (const c of "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~") out.push(c);
  range(0xdf, 0xff); // ß à..ÿ
  range(0x101, 0x17f); // Latin Extended-A (lowercase and uppercase forms; harmless)
  range(0x3b1, 0x3c9); // Greek α..ω
  range(0x430, 0x44f); // Cyrillic а..я
  for (const c of "ёєіїґўјљњћџ") out.push(c);
  for (const c of "«»“”‘’„–—…€£¥°§©®™•·") out.push(c);
  return [...new Set(out.map((c) => c.toLowerCase()))];
}
