import { traditionalToSimplified } from "./traditional-chinese";

/**
 * BERT-style uncased WordPiece tokenizer with UTF-16 character offsets into the source text.
 * One tokenizer for serving and for training data (Python only ever sees id arrays), so
 * there is no parity problem between languages. Follows HF BasicTokenizer + WordpieceTokenizer:
 * clean control chars, isolate CJK ideographs, lowercase + strip accents, split punctuation,
 * greedy longest-match-first subwords, words over 100 chars → [UNK].
 * Special-token strings inside user text ("[SEP]") are never special: "[" is punctuation.
 */
export interface Encoding {
  ids: number[];
  /** End-exclusive UTF-16 offsets of each token in the encoded text. */
  starts: number[];
  ends: number[];
  /** Index of the whitespace/punctuation-delimited word each token belongs to. */
  wordIds: number[];
  /** Normalized text of each word (lowercased, accents stripped), indexed by wordIds. */
  words: string[];
}

export interface SpecialIds {
  pad: number;
  unk: number;
  cls: number;
  sep: number;
  mask: number;
}

const MAX_WORD_CHARS = 100;
/** Distinct words whose pieces a tokenizer remembers (cleared when full). */
const PIECE_CACHE_MAX = 200_000;

export interface WordPieceOptions {
  /**
   * BERT uncased strips accents (NFD, drop combining marks). Multilingual vocabularies keep them
   * (NFC): "città" and "citta", "й" and "и" stay distinct.
   */
  stripAccents?: boolean;
  /**
   * A word of three or more letters in a script the vocabulary covers only by its single letters (no piece longer than
   * one character fits it; Latin and CJK excepted) becomes one [UNK], as a word in a script the vocabulary lacks
   * altogether already does. Off by default: the models trained before it spell such words letter by letter.
   */
  spelledWordsAsUnknown?: boolean;
  /**
   * A traditional Chinese character the vocabulary lacks reads as its simplified form where the vocabulary has that
   * (OpenCC's character table): a vocabulary learned mostly on simplified text otherwise reads much traditional text
   * as [UNK]. Offsets, words and every word-level feature stay the source's; only the ids change.
   */
  traditionalAsSimplified?: boolean;
}

/** Scripts whose letters spelled one by one are the training data's own (Latin) or the design (CJK characters). */
const SPELLED_BY_DESIGN = /[\p{Script=Latin}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const LETTER = /\p{L}/u;

export class WordPieceTokenizer {
  readonly vocab: Map<string, number>;
  readonly special: SpecialIds;
  readonly vocabSize: number;
  readonly stripAccents: boolean;
  readonly spelledWordsAsUnknown: boolean;
  readonly traditionalAsSimplified: boolean;
  private readonly pieceCache = new Map<string, Int32Array | null>();

  constructor(tokens: readonly string[], opts: WordPieceOptions = {}) {
    this.vocab = new Map();
    tokens.forEach((t, i) => {
      if (!this.vocab.has(t)) this.vocab.set(t, i);
    });
    this.vocabSize = tokens.length;
    this.stripAccents = opts.stripAccents ?? true;
    this.spelledWordsAsUnknown = opts.spelledWordsAsUnknown ?? false;
    this.traditionalAsSimplified = opts.traditionalAsSimplified ?? false;
    // An alias in the lookup table: a CJK ideograph is a word of its own, so the greedy split finds the simplified id.
    if (this.traditionalAsSimplified) {
      for (const [from, to] of traditionalToSimplified()) {
        const id = this.vocab.get(to);
        if (id !== undefined && !this.vocab.has(from)) this.vocab.set(from, id);
      }
    }
    const id = (t: string) => {
      const v = this.vocab.get(t);
      if (v === undefined) throw new Error(`vocabulary lacks ${t}`);
      return v;
    };
    this.special = { pad: id("[PAD]"), unk: id("[UNK]"), cls: id("[CLS]"), sep: id("[SEP]"), mask: id("[MASK]") };
  }

  /** Parses a vocab.txt (one token per line, id = line number). */
  static fromVocabText(text: string, opts: WordPieceOptions = {}): WordPieceTokenizer {
    const lines = text.split("\n");
    if (lines.at(-1) === "") lines.pop();
    return new WordPieceTokenizer(
      lines.map((l) => l.replace(/\r$/, "")),
      opts,
    );
  }

  encode(text: string): Encoding {
    const out: Encoding = { ids: [], starts: [], ends: [], wordIds: [], words: [] };
    scanWords(text, this.stripAccents, (word, srcStart, srcEnd) => this.wordPiece(word, srcStart, srcEnd, out));
    return out;
  }

  /**
   * encode() in slices of about `sliceChars`, cut at whitespace so no word is split (same result), yielding between
   * slices: a server encodes a 5 MB page without holding the event loop for the whole of it.
   */
  *encodeSteps(text: string, sliceChars = 100_000): Generator<void, Encoding> {
    if (text.length <= sliceChars) return this.encode(text);
    const out: Encoding = { ids: [], starts: [], ends: [], wordIds: [], words: [] };
    let from = 0;
    while (from < text.length) {
      let to = Math.min(text.length, from + sliceChars);
      // Cut after whitespace (a word boundary); a whitespace-free run of 2,000 chars is cut where it is.
      const limit = Math.min(text.length, to + 2_000);
      while (to < limit && !isWhitespace(text.charCodeAt(to))) to++;
      const c = text.charCodeAt(to - 1);
      if (to < text.length && c >= 0xd800 && c <= 0xdbff) to++;
      const part = this.encode(text.slice(from, to));
      const wordBase = out.words.length;
      for (let k = 0; k < part.ids.length; k++) {
        out.ids.push(part.ids[k]!);
        out.starts.push(part.starts[k]! + from);
        out.ends.push(part.ends[k]! + from);
        out.wordIds.push(part.wordIds[k]! + wordBase);
      }
      for (const w of part.words) out.words.push(w);
      from = to;
      yield;
    }
    return out;
  }

  private wordPiece(word: string, srcStart: number[], srcEnd: number[], out: Encoding) {
    const wordId = out.words.length;
    out.words.push(word);
    const pieces = this.piecesOf(word);
    if (pieces === null) {
      pushToken(out, this.special.unk, srcStart[0]!, srcEnd[srcEnd.length - 1]!, wordId);
      return;
    }
    for (let k = 0; k < pieces.length; k += 3) pushToken(out, pieces[k]!, srcStart[pieces[k + 1]!]!, srcEnd[pieces[k + 2]! - 1]!, wordId);
  }

  /**
   * A word's pieces as [id, start, end) triples over the word's characters, or null for [UNK]. Cached per word, as
   * HF tokenizers do: the greedy longest-match below tries many substrings, and pages repeat their words.
   */
  private piecesOf(word: string): Int32Array | null {
    const cached = this.pieceCache.get(word);
    if (cached !== undefined) return cached;
    const pieces = this.splitWord(word);
    // Bounded: distinct words of real text grow slowly, but a stream of random strings must not grow it forever.
    if (this.pieceCache.size >= PIECE_CACHE_MAX) this.pieceCache.clear();
    this.pieceCache.set(word, pieces);
    return pieces;
  }

  private splitWord(word: string): Int32Array | null {
    if (word.length > MAX_WORD_CHARS) return null;
    const pieces: number[] = [];
    let s = 0;
    while (s < word.length) {
      let e = word.length;
      let found = -1;
      while (e > s) {
        const sub = (s > 0 ? "##" : "") + word.slice(s, e);
        const id = this.vocab.get(sub);
        if (id !== undefined) {
          found = id;
          break;
        }
        e--;
      }
      if (found < 0) return null;
      pieces.push(found, s, e);
      s = e;
    }
    if (this.spelledWordsAsUnknown && pieces.length >= 9 && isSpelledOut(pieces) && LETTER.test(word) && !SPELLED_BY_DESIGN.test(word)) {
      return null;
    }
    return Int32Array.from(pieces);
  }
}

/** Every piece one character long. */
function isSpelledOut(pieces: readonly number[]): boolean {
  for (let k = 0; k < pieces.length; k += 3) if (pieces[k + 2]! - pieces[k + 1]! !== 1) return false;
  return true;
}

/**
 * BERT's basic tokenizer: calls `onWord` with each normalized word (whitespace/punctuation-delimited,
 * CJK ideographs and punctuation alone) and the source span of each of its characters. The vocabulary
 * trainer and the encoder share it, so the vocabulary sees exactly the words the encoder will split.
 */
export function scanWords(text: string, stripAccents: boolean, onWord: (word: string, srcStart: number[], srcEnd: number[]) => void): void {
  const normalize = stripAccents ? normalizeChar : normalizeCharKeepAccents;
  let norm = "";
  let srcStart: number[] = [];
  let srcEnd: number[] = [];
  const flush = () => {
    if (norm.length === 0) return;
    onWord(norm, srcStart, srcEnd);
    norm = "";
    srcStart = [];
    srcEnd = [];
  };
  const n = text.length;
  let i = 0;
  while (i < n) {
    const cp = text.codePointAt(i)!;
    const len = cp > 0xffff ? 2 : 1;
    const start = i;
    i += len;
    if (cp === 0 || cp === 0xfffd || isWhitespace(cp) || isControl(cp)) {
      flush();
      continue;
    }
    if (isPunctuation(cp) || isCjk(cp)) {
      // Stand-alone word of one character.
      flush();
      const piece = normalize(String.fromCodePoint(cp));
      if (piece.length === 0) continue;
      for (let k = 0; k < piece.length; k++) {
        srcStart.push(start);
        srcEnd.push(i);
      }
      norm = piece;
      flush();
      continue;
    }
    const piece = cp < 0x80 ? String.fromCharCode(cp >= 65 && cp <= 90 ? cp + 32 : cp) : normalize(String.fromCodePoint(cp));
    for (let k = 0; k < piece.length; k++) {
      srcStart.push(start);
      srcEnd.push(i);
    }
    norm += piece;
  }
  flush();
}

function pushToken(out: Encoding, id: number, start: number, end: number, wordId: number) {
  out.ids.push(id);
  out.starts.push(start);
  out.ends.push(end);
  out.wordIds.push(wordId);
}

const MARK = /\p{Mn}/gu;
const normCache = new Map<string, string>();
/** Lowercase, NFD, drop combining marks (BERT uncased). Cached: pages reuse few distinct chars. */
function normalizeChar(ch: string): string {
  let v = normCache.get(ch);
  if (v === undefined) {
    v = ch.toLowerCase().normalize("NFD").replace(MARK, "");
    if (normCache.size < 100_000) normCache.set(ch, v);
  }
  return v;
}

const keepCache = new Map<string, string>();
/** Lowercase + NFKC (full-width forms, ligatures), accents kept. */
function normalizeCharKeepAccents(ch: string): string {
  let v = keepCache.get(ch);
  if (v === undefined) {
    v = ch.normalize("NFKC").toLowerCase();
    if (keepCache.size < 100_000) keepCache.set(ch, v);
  }
  return v;
}

function isWhitespace(cp: number): boolean {
  if (cp === 32 || cp === 9 || cp === 10 || cp === 13) return true;
  if (cp < 0x80) return false;
  return (
    cp === 0xa0 ||
    cp === 0x1680 ||
    (cp >= 0x2000 && cp <= 0x200a) ||
    cp === 0x2028 ||
    cp === 0x2029 ||
    cp === 0x202f ||
    cp === 0x205f ||
    cp === 0x3000
  );
}

const CONTROL = /^[\p{Cc}\p{Cf}]$/u;
function isControl(cp: number): boolean {
  if (cp < 0x80) return cp < 32 || cp === 127;
  return CONTROL.test(String.fromCodePoint(cp));
}

const PUNCT = /^\p{P}$/u;
function isPunctuation(cp: number): boolean {
  // BERT treats all non-alphanumeric ASCII as punctuation ("$", "^", "`" too).
  if ((cp >= 33 && cp <= 47) || (cp >= 58 && cp <= 64) || (cp >= 91 && cp <= 96) || (cp >= 123 && cp <= 126)) return true;
  if (cp < 0x80) return false;
  return PUNCT.test(String.fromCodePoint(cp));
}

function isCjk(cp: number): boolean {
  return (
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x20000 && cp <= 0x2a6df) ||
    (cp >= 0x2a700 && cp <= 0x2b73f) ||
    (cp >= 0x2b740 && cp <= 0x2b81f) ||
    (cp >= 0x2b820 && cp <= 0x2ceaf) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0x2f800 && cp <= 0x2fa1f)
  );
}
