/**
 * Trains a WordPiece vocabulary from word counts, the way Hugging Face's WordPiece trainer does: byte-pair
 * merges over characters (continuations marked "##"), most frequent pair first, until the vocabulary is full.
 * Pure and deterministic (ties break on the pair's symbols), so `snippet-lab train` rebuilds the same vocabulary.
 */

export const SPECIAL_TOKENS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"] as const;

export interface TrainVocabOptions {
  /** Normalized words (as scanWords emits them) and how often each occurs. */
  counts: ReadonlyMap<string, number>;
  /** Target vocabulary size, special tokens included. */
  size: number;
  /** Characters seen fewer times are left out (they become [UNK]) unless in `alphabet`. Default 2. */
  minCharCount?: number;
  /** Pairs seen fewer times are never merged. Default 2. */
  minPairCount?: number;
  /** Characters always in the vocabulary, as a word start and as a continuation (e.g. whole alphabets). */
  alphabet?: Iterable<string>;
  /** Words longer than this are not used for merges (they are [UNK] or split char by char). Default 100. */
  maxWordChars?: number;
}

interface HeapItem {
  count: number;
  key: number;
}

/** Max-heap on count; ties: smaller key first (deterministic). */
class PairHeap {
  private items: HeapItem[] = [];
  get size() {
    return this.items.length;
  }
  push(item: HeapItem) {
    const a = this.items;
    a.push(item);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!better(a[i]!, a[p]!)) break;
      [a[i], a[p]] = [a[p]!, a[i]!];
      i = p;
    }
  }
  pop(): HeapItem | undefined {
    const a = this.items;
    if (a.length === 0) return undefined;
    const top = a[0]!;
    const last = a.pop()!;
    if (a.length > 0) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && better(a[l]!, a[m]!)) m = l;
        if (r < a.length && better(a[r]!, a[m]!)) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m]!, a[i]!];
        i = m;
      }
    }
    return top;
  }
}

const better = (x: HeapItem, y: HeapItem) => x.count > y.count || (x.count === y.count && x.key < y.key);

// Symbol ids stay below 2^21, so a pair fits exactly in a double.
const SHIFT = 2 ** 21;
const pairKey = (a: number, b: number) => a * SHIFT + b;

export function trainWordPieceVocab(opts: TrainVocabOptions): string[] {
  const minChar = opts.minCharCount ?? 2;
  const minPair = opts.minPairCount ?? 2;
  const maxWord = opts.maxWordChars ?? 100;

  // Character counts decide the alphabet.
  const charCounts = new Map<string, number>();
  for (const [word, n] of opts.counts) {
    if (word.length > maxWord) continue;
    let first = true;
    for (const ch of word) {
      const sym = first ? ch : `##${ch}`;
      charCounts.set(sym, (charCounts.get(sym) ?? 0) + n);
      first = false;
    }
  }
  const symbols: string[] = [];
  const symbolId = new Map<string, number>();
  const addSymbol = (s: string): number => {
    let id = symbolId.get(s);
    if (id === undefined) {
      id = symbols.length;
      symbols.push(s);
      symbolId.set(s, id);
    }
    return id;
  };
  for (const ch of [...(opts.alphabet ?? [])].sort()) {
    addSymbol(ch);
    addSymbol(`##${ch}`);
  }
  const frequent = [...charCounts].filter(([, n]) => n >= minChar).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  for (const [s] of frequent) addSymbol(s);

  // Words as symbol sequences (words with a rare character are left out of the merges).
  const words: number[][] = [];
  const freq: number[] = [];
  const sortedWords = [...opts.counts].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  outer: for (const [word, n] of sortedWords) {
    if (word.length > maxWord) continue;
    const seq: number[] = [];
    let first = true;
    for (const ch of word) {
      const id = symbolId.get(first ? ch : `##${ch}`);
      if (id === undefined) continue outer;
      seq.push(id);
      first = false;
    }
    if (seq.length > 1) {
      words.push(seq);
      freq.push(n);
    }
  }

  const pairCount = new Map<number, number>();
  const pairWords = new Map<number, Set<number>>();
  const addPairs = (w: number, sign: number) => {
    const seq = words[w]!;
    for (let i = 0; i + 1 < seq.length; i++) {
      const k = pairKey(seq[i]!, seq[i + 1]!);
      pairCount.set(k, (pairCount.get(k) ?? 0) + sign * freq[w]!);
      if (sign > 0) {
        let set = pairWords.get(k);
        if (!set) pairWords.set(k, (set = new Set()));
        set.add(w);
      }
    }
  };
  for (let w = 0; w < words.length; w++) addPairs(w, 1);
  const heap = new PairHeap();
  for (const [key, count] of pairCount) heap.push({ key, count });

  const budget = opts.size - SPECIAL_TOKENS.length;
  const merged = new Set<string>(symbols);
  while (merged.size < budget && heap.size > 0) {
    const top = heap.pop()!;
    const current = pairCount.get(top.key) ?? 0;
    if (current !== top.count) {
      if (current > 0) heap.push({ key: top.key, count: current }); // stale entry: requeue with its real count
      continue;
    }
    if (current < minPair) break;
    const a = Math.floor(top.key / SHIFT);
    const b = top.key - a * SHIFT;
    const right = symbols[b]!;
    const newSym = symbols[a]! + (right.startsWith("##") ? right.slice(2) : right);
    const id = addSymbol(newSym);
    merged.add(newSym);
    const touched = pairWords.get(top.key) ?? new Set<number>();
    pairWords.delete(top.key);
    const changed = new Set<number>();
    for (const w of touched) {
      const seq = words[w]!;
      let has = false;
      for (let i = 0; i + 1 < seq.length; i++) if (seq[i] === a && seq[i + 1] === b) has = true;
      if (!has) continue;
      addPairs(w, -1);
      const next: number[] = [];
      for (let i = 0; i < seq.length; i++) {
        if (i + 1 < seq.length && seq[i] === a && seq[i + 1] === b) {
          next.push(id);
          i++;
        } else next.push(seq[i]!);
      }
      words[w] = next;
      addPairs(w, 1);
      for (let i = 0; i + 1 < next.length; i++) changed.add(pairKey(next[i]!, next[i + 1]!));
    }
    pairCount.delete(top.key);
    for (const k of changed) {
      const c = pairCount.get(k) ?? 0;
      if (c > 0) heap.push({ key: k, count: c });
    }
  }
  // Alphabet and frequent characters first, then merges in order: stable ids, short pieces early.
  return [...SPECIAL_TOKENS, ...[...merged]];
}
