import type { Mark } from "./types";

/** A run of text that renders as one element: a model token (t ≥ 0) or text between tokens (t = -1). */
export interface Atom {
  text: string;
  t: number;
  start: number;
}

/** A mark element wrapping atoms and nested marks. */
export interface MarkNode {
  mark: Mark;
  children: RunNode[];
}

export type RunNode = Atom | MarkNode;

// The model's category runs are outermost: long, read-only context around the editable marks.
const LAYER_RANK = { categories: -1, gold: 0, mine: 1, judge: 2, model: 3 } as const;

/** Stable nesting order: gold outermost, then mine, then suggestions; longer (earlier) spans outside. */
export function compareMarks(a: Mark, b: Mark): number {
  return LAYER_RANK[a.layer] - LAYER_RANK[b.layer] || a.start - b.start || b.end - a.end || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/**
 * Splits a run of pieces at the edges of the marks that overlap it and nests the marks around them. Consecutive
 * atoms under the same mark share one element, so a span inside one sentence is one element whose text is the
 * span's text. `marks` must be sorted with compareMarks.
 */
export function splitRun(pieces: readonly Atom[], marks: readonly Mark[]): RunNode[] {
  if (pieces.length === 0) return [];
  const runStart = pieces[0]!.start;
  const last = pieces[pieces.length - 1]!;
  const runEnd = last.start + last.text.length;
  const over = marks.filter((m) => m.start < runEnd && m.end > runStart);
  if (over.length === 0) return pieces as Atom[];

  const cuts = new Set<number>();
  for (const m of over) {
    if (m.start > runStart && m.start < runEnd) cuts.add(m.start);
    if (m.end > runStart && m.end < runEnd) cuts.add(m.end);
  }
  const atoms: Atom[] = [];
  for (const p of pieces) {
    const end = p.start + p.text.length;
    let from = p.start;
    for (const c of [...cuts].filter((c) => c > p.start && c < end).sort((a, b) => a - b)) {
      atoms.push({ text: p.text.slice(from - p.start, c - p.start), t: p.t, start: from });
      from = c;
    }
    atoms.push(from === p.start ? p : { text: p.text.slice(from - p.start), t: p.t, start: from });
  }
  const covers = atoms.map((a) => over.filter((m) => m.start <= a.start && m.end >= a.start + a.text.length));
  return nest(atoms, covers, 0, 0, atoms.length);
}

function nest(atoms: Atom[], covers: Mark[][], depth: number, from: number, to: number): RunNode[] {
  const out: RunNode[] = [];
  let i = from;
  while (i < to) {
    const m = covers[i]![depth];
    if (!m) {
      out.push(atoms[i]!);
      i++;
      continue;
    }
    let j = i + 1;
    while (j < to && covers[j]![depth] === m) j++;
    out.push({ mark: m, children: nest(atoms, covers, depth + 1, i, j) });
    i = j;
  }
  return out;
}
