// Client-safe and pure: whether an English sentence opens by referring back to what came before it.

/** Pronouns and determiners that stand for something named earlier ("It", "These basins", "The latter"). */
const REFERRING = new Set([
  "he",
  "she",
  "it",
  "they",
  "him",
  "her",
  "them",
  "his",
  "its",
  "their",
  "this",
  "these",
  "those",
  "such",
  "latter",
  "former",
]);
/** How many of a sentence's first words are looked at: "In 1990 he moved …", "After the war, its …". */
const OPENING_WORDS = 4;

/**
 * Whether a sentence refers back within its opening words: a referring pronoun or determiner among its first four
 * words, or "That" as its first ("That year …"; "that" later on is mostly a conjunction). Such a sentence
 * has little of its subject in it when read alone (the sentence encoder reads English; other languages never match).
 */
export function refersBack(sentence: string): boolean {
  const words =
    sentence
      .match(/\p{L}+/gu)
      ?.slice(0, OPENING_WORDS)
      .map((w) => w.toLowerCase()) ?? [];
  if (words[0] === "that") return true;
  return words.some((w) => REFERRING.has(w));
}
