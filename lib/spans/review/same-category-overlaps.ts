import { SPAN_CATEGORIES } from "../categories";

type Placed = { documentId: string; start: number; end: number; category: string };

export type SameCategoryOverlap<T extends Placed> = {
  a: T;
  b: T;
  /** "nested": one holds the other; "overlap": they share characters and each has some of its own. */
  kind: "nested" | "overlap";
};

const groupKey = (s: Placed) => `${s.documentId}\u0000${s.category}`;

/**
 * Pairs of spans of one document and category that share at least one character: what gold must never hold (a
 * character is vital once, not twice; nesting double-counts it in every figure). Touching spans are fine.
 */
export function findSameCategoryOverlaps<T extends Placed>(spans: readonly T[]): SameCategoryOverlap<T>[] {
  const groups = new Map<string, T[]>();
  for (const s of spans) {
    let l = groups.get(groupKey(s));
    if (!l) groups.set(groupKey(s), (l = []));
    l.push(s);
  }
  const out: SameCategoryOverlap<T>[] = [];
  for (const list of groups.values()) {
    list.sort((x, y) => x.start - y.start || y.end - x.end);
    // Sweep with the spans still open; each overlapping pair reported once.
    const open: T[] = [];
    for (const s of list) {
      for (let i = open.length - 1; i >= 0; i--) if (open[i]!.end <= s.start) open.splice(i, 1);
      for (const o of open)
        out.push({ a: o, b: s, kind: (o.start <= s.start && o.end >= s.end) || (s.start <= o.start && s.end >= o.end) ? "nested" : "overlap" });
      open.push(s);
    }
  }
  return out;
}

/**
 * The same spans with every group of overlapping same-category spans replaced by their union (the first span of
 * the group, widened): for machine input (imports, repairs) where refusing would lose data. `texts` gives the
 * covered text of a widened span. Order: document, start, category.
 */
export function mergeSameCategoryOverlaps<T extends Placed & { text: string }>(
  spans: readonly T[],
  texts: ReadonlyMap<string, string>,
): { spans: T[]; merged: number } {
  const groups = new Map<string, T[]>();
  for (const s of spans) {
    let l = groups.get(groupKey(s));
    if (!l) groups.set(groupKey(s), (l = []));
    l.push(s);
  }
  const out: T[] = [];
  let merged = 0;
  for (const list of groups.values()) {
    list.sort((x, y) => x.start - y.start || y.end - x.end);
    let cur: T | undefined;
    for (const s of list) {
      if (cur && s.start < cur.end) {
        merged++;
        if (s.end > cur.end) {
          const text = texts.get(cur.documentId);
          cur = { ...cur, end: s.end, text: text !== undefined ? text.slice(cur.start, s.end) : cur.text + s.text.slice(cur.end - s.start) };
        }
        continue;
      }
      if (cur) out.push(cur);
      cur = s;
    }
    if (cur) out.push(cur);
  }
  out.sort(
    (x, y) =>
      (x.documentId < y.documentId ? -1 : x.documentId > y.documentId ? 1 : 0) ||
      x.start - y.start ||
      SPAN_CATEGORIES.indexOf(x.category as (typeof SPAN_CATEGORIES)[number]) -
        SPAN_CATEGORIES.indexOf(y.category as (typeof SPAN_CATEGORIES)[number]),
  );
  return { spans: out, merged };
}
