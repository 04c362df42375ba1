/** Half-open [start, end) interval arithmetic for character-level metrics (no per-character arrays). */
export interface Interval {
  start: number;
  end: number;
}

/** Sorted, disjoint union (overlapping and touching intervals merged); empty intervals dropped. */
export function unionIntervals(list: readonly Interval[]): Interval[] {
  const sorted = list.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start || a.end - b.end);
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && i.start <= last.end) last.end = Math.max(last.end, i.end);
    else out.push({ start: i.start, end: i.end });
  }
  return out;
}

/** Total length of a disjoint list. */
export function totalLength(list: readonly Interval[]): number {
  let n = 0;
  for (const i of list) n += i.end - i.start;
  return n;
}

/** Intersection of two sorted disjoint lists (two-pointer sweep). */
export function intersectIntervals(a: readonly Interval[], b: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    const s = Math.max(x.start, y.start);
    const e = Math.min(x.end, y.end);
    if (e > s) out.push({ start: s, end: e });
    if (x.end < y.end) i++;
    else j++;
  }
  return out;
}

/** Spans grouped by `${documentId}\u0000${category}` as sorted disjoint unions: one annotator counts a char once. */
export function groupIntervals(spans: readonly { documentId: string; category: string; start: number; end: number }[]): Map<string, Interval[]> {
  const groups = new Map<string, Interval[]>();
  for (const s of spans) {
    const key = groupKey(s.documentId, s.category);
    let g = groups.get(key);
    if (!g) groups.set(key, (g = []));
    g.push({ start: s.start, end: s.end });
  }
  for (const [k, v] of groups) groups.set(k, unionIntervals(v));
  return groups;
}

export function groupKey(documentId: string, category: string): string {
  return `${documentId}\u0000${category}`;
}
