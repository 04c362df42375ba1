// Client-safe and pure: the SentencePiece unigram tokenizer of the sentence encoder (models/sentence-encoder).

/** A vocabulary entry: the piece and its log probability, in id order. */
export type SentencePieceEntry = readonly [piece: string, score: number];

/** The word-boundary mark SentencePiece puts before every word. */
export const SP_SEPARATOR = "\u2581";

/** Ids below this are reserved (unknown, <s>, </s>, three extra ids) and never matched. */
const RESERVED = 6;

interface TrieNode {
  children: Map<string, TrieNode>;
  /** The id of the piece ending here, or -1. */
  id: number;
  score: number;
}

export interface SentencePieceTokenizer {
  /** Piece ids of `text` (best segmentation by summed piece scores; an unmatched character is id 0, runs merged). */
  encode(text: string): number[];
  /** Whether `word` (no spaces) is one piece of the vocabulary, as a whole word. */
  hasWord(word: string): boolean;
}

/**
 * The tokenizer the encoder was trained with, as its tfjs release runs it (Viterbi over a trie of the pieces):
 * NFKC, a separator before the text and for every space, then the segmentation with the highest total score.
 * Ties go to the later start, and an unmatched character becomes the unknown id, as there.
 */
export function createSentencePieceTokenizer(vocab: readonly SentencePieceEntry[]): SentencePieceTokenizer {
  const root: TrieNode = { children: new Map(), id: -1, score: 0 };
  const whole = new Set<string>();
  for (let id = RESERVED; id < vocab.length; id++) {
    const [piece, score] = vocab[id]!;
    let node = root;
    for (const ch of piece) {
      let next = node.children.get(ch);
      if (!next) {
        next = { children: new Map(), id: -1, score: 0 };
        node.children.set(ch, next);
      }
      node = next;
    }
    node.id = id;
    node.score = score;
    if (piece.startsWith(SP_SEPARATOR)) whole.add(piece.slice(1));
  }

  return {
    hasWord: (word) => whole.has(word.normalize("NFKC")),
    encode(text) {
      const normalized = text.normalize("NFKC");
      if (normalized.length === 0) return [];
      const symbols = [...(SP_SEPARATOR + normalized.replace(/ /g, SP_SEPARATOR))];
      const n = symbols.length;
      // best[e]: the best total score of a segmentation of symbols[0, e); word[e] and span[e]: its last piece.
      const best = new Float64Array(n + 1);
      const word = new Int32Array(n + 1);
      const span = new Int32Array(n + 1);
      // Every piece ending at e is considered in order of its start, as the original's per-end lists were.
      const ending: Array<Array<{ start: number; id: number; score: number }>> = Array.from({ length: n + 1 }, () => []);
      for (let i = 0; i < n; i++) {
        let node = root.children.get(symbols[i]!);
        let matched = false;
        for (let j = i; j < n && node; j++) {
          if (node.id >= 0) {
            ending[j + 1]!.push({ start: i, id: node.id, score: node.score });
            matched = true;
          }
          node = j + 1 < n ? node.children.get(symbols[j + 1]!) : undefined;
        }
        if (!matched) ending[i + 1]!.push({ start: i, id: 0, score: 0 });
      }
      for (let e = 1; e <= n; e++) {
        for (const p of ending[e]!) {
          const score = p.score + best[p.start]!;
          // A best of 0 counts as unset (as in the original; real totals are negative).
          if (best[e] === 0 || score >= best[e]!) {
            best[e] = score;
            word[e] = p.id;
            span[e] = e - p.start;
          }
        }
      }
      const out: number[] = [];
      for (let e = n; e > 0;) {
        out.push(word[e]!);
        e -= span[e]!;
      }
      out.reverse();
      // Runs of unknown characters are one unknown id.
      return out.filter((id, i) => !(id === 0 && i > 0 && out[i - 1] === 0));
    },
  };
}
