import { trainWordPieceVocab } from "./train-vocab";

export interface ExtendVocabOptions {
  /** The vocabulary to extend; its pieces keep their ids. */
  vocab: readonly string[];
  /** Word counts of the text the new pieces are learned from (countWords). */
  counts: ReadonlyMap<string, number>;
  /** Size of the vocabulary trained on `counts` alone; its new pieces of `script` are appended. */
  size: number;
  /** Only pieces holding a letter of this script are added, so text in every other script tokenizes as before. */
  script: RegExp;
}

/**
 * A vocabulary with a script's word pieces appended: the ids of every existing piece stay, so a trained model keeps
 * its embeddings and only grows rows for the new pieces, and text without that script is tokenized exactly as before.
 */
export function extendVocab(opts: ExtendVocabOptions): string[] {
  const known = new Set(opts.vocab);
  const learned = trainWordPieceVocab({ counts: opts.counts, size: opts.size });
  const added = learned.filter((p) => !known.has(p) && opts.script.test(p));
  return [...opts.vocab, ...added];
}

export const CYRILLIC = /\p{Script=Cyrillic}/u;
