// Client-safe and pure: whether the sentence encoder can read a text (its vocabulary is English).
import type { SentencePieceTokenizer } from "./sentence-piece";

/**
 * A word: one CJK character (as embeddingTerms splits them), or a run of other letters. Chinese written without
 * spaces around a few Latin names ("Bee Gees的第几张专辑") is then mostly words the vocabulary lacks.
 */
const CJK = "\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}";
const WORD = new RegExp(`[${CJK}]|(?:(?![${CJK}])\\p{L})+`, "gu");

/** The least share of a query's words the vocabulary must hold whole for the encoder to read it. */
export const ENCODER_MIN_WORD_SHARE = 0.6;

/**
 * The share of `text`'s words (runs of letters, each CJK character one) that are whole pieces of the vocabulary, as written or lowercased;
 * 0 for a text without letters. English questions hold nearly all their words whole; other languages, most of whose
 * words the English vocabulary spells in pieces, far fewer.
 */
export function wholeWordShare(tokenizer: Pick<SentencePieceTokenizer, "hasWord">, text: string): number {
  const words = text.match(WORD) ?? [];
  if (words.length === 0) return 0;
  let whole = 0;
  for (const w of words) if (tokenizer.hasWord(w) || tokenizer.hasWord(w.toLowerCase())) whole++;
  return whole / words.length;
}

/** Whether the encoder reads `query` (ENCODER_MIN_WORD_SHARE of its words whole). */
export function encoderReadsQuery(tokenizer: Pick<SentencePieceTokenizer, "hasWord">, query: string): boolean {
  return wholeWordShare(tokenizer, query) >= ENCODER_MIN_WORD_SHARE;
}
