// Two selections of one result set side by side (the workspace's and the inspector's "compare with"): which units the
// second setting adds and which it drops, with their downstream tokens. Pure and client-safe.
import type { SelectableResult, Selection } from "./types";

export interface ResultDiff {
  resultId: string;
  /** Units the second selection keeps and the first does not. */
  added: number[];
  /** Units the first keeps and the second does not. */
  removed: number[];
  tokensAdded: number;
  tokensRemoved: number;
}

export interface SelectionDiff {
  results: ResultDiff[];
  tokensAdded: number;
  tokensRemoved: number;
  /** The two selections' totals. */
  tokensOutA: number;
  tokensOutB: number;
}

/** What `b` adds to and removes from `a` (unit indexes per result; tokens from each unit's downstream count). */
export function compareSelections({ results, a, b }: { results: readonly SelectableResult[]; a: Selection; b: Selection }): SelectionDiff {
  let tokensAdded = 0;
  let tokensRemoved = 0;
  const out = results.map((res, r): ResultDiff => {
    const inA = new Set(a.results[r]?.keptUnits ?? []);
    const inB = new Set(b.results[r]?.keptUnits ?? []);
    const added = [...inB].filter((u) => !inA.has(u)).sort((x, y) => x - y);
    const removed = [...inA].filter((u) => !inB.has(u)).sort((x, y) => x - y);
    const sum = (us: number[]) => us.reduce((n, u) => n + (res.unitTokens[u] ?? 0), 0);
    const d = { resultId: res.id, added, removed, tokensAdded: sum(added), tokensRemoved: sum(removed) };
    tokensAdded += d.tokensAdded;
    tokensRemoved += d.tokensRemoved;
    return d;
  });
  return { results: out, tokensAdded, tokensRemoved, tokensOutA: a.tokensOut, tokensOutB: b.tokensOut };
}

/** Per result, per unit: 0 same in both, 1 only in the second (added), 2 only in the first (removed). */
export function diffFlags(results: readonly SelectableResult[], diff: SelectionDiff): Uint8Array[] {
  return results.map((res, r) => {
    const flags = new Uint8Array(res.units.length);
    for (const u of diff.results[r]?.added ?? []) flags[u] = 1;
    for (const u of diff.results[r]?.removed ?? []) flags[u] = 2;
    return flags;
  });
}
