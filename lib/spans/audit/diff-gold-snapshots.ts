import type { GoldAuditSpan, GoldSnapshot, GoldSnapshotDiff } from "../../schemas/audit";

export type { GoldSnapshotDiff };

// By what the span says, not by id: a span an import or a repair re-created in place is unchanged.
const keyOf = (s: GoldAuditSpan) => `${s.documentId}\u0000${s.start}\u0000${s.end}\u0000${s.category}\u0000${s.exact ? 1 : 0}`;

function countKeys(spans: readonly GoldAuditSpan[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const s of spans) m.set(keyOf(s), (m.get(keyOf(s)) ?? 0) + 1);
  return m;
}

/** `a` without as many of each span as `b` holds. */
function minus(a: readonly GoldAuditSpan[], b: readonly GoldAuditSpan[]): GoldAuditSpan[] {
  const left = countKeys(b);
  return a.filter((s) => {
    const n = left.get(keyOf(s)) ?? 0;
    if (n > 0) left.set(keyOf(s), n - 1);
    return n === 0;
  });
}

/** What one gold change did: spans added and removed, and the no-vital decision's change. */
export function diffGoldSnapshots(before: GoldSnapshot, after: GoldSnapshot): GoldSnapshotDiff {
  return {
    added: minus(after.spans, before.spans),
    removed: minus(before.spans, after.spans),
    noVitalChange: before.noVital === after.noVital ? null : { before: before.noVital, after: after.noVital },
  };
}
