import { describe, expect, it } from "vitest";
import type { SpanCategory } from "./categories";
import { mergeSpanEdits } from "./merge-span-edits";
import type { SpanWithId } from "./schemas";

const sp = (id: string, start: number, category: SpanCategory = "vital"): SpanWithId => ({
  id,
  documentId: "d",
  start,
  end: start + 2,
  text: "xx",
  category,
  source: "human",
});
const ids = (l: SpanWithId[]) => l.map((s) => `${s.id}@${s.start}:${s.category}`);

describe("mergeSpanEdits", () => {
  const base = [sp("a", 0), sp("b", 10), sp("c", 20), sp("d", 30)];

  it("keeps non-conflicting changes from both sides", () => {
    const mine = [sp("a", 1), sp("b", 10), sp("c", 20), sp("d", 30), sp("m", 40)]; // moved a, added m
    const theirs = [sp("a", 0), sp("b", 10, "ads"), sp("d", 30), sp("t", 50)]; // relabelled b, deleted c, added t
    const r = mergeSpanEdits({ base, mine, theirs });
    expect(ids(r.spans)).toEqual(["a@1:vital", "b@10:ads", "d@30:vital", "m@40:vital", "t@50:vital"]);
    expect(r.conflicts).toEqual([]);
  });

  it("takes identical changes once", () => {
    const same = [sp("a", 5), sp("b", 10), sp("c", 20)];
    const r = mergeSpanEdits({ base, mine: same, theirs: same });
    expect(ids(r.spans)).toEqual(["a@5:vital", "b@10:vital", "c@20:vital"]);
    expect(r.conflicts).toEqual([]);
  });

  it("reports every kind of conflict and loses no span", () => {
    const mine = [sp("a", 1), sp("b", 11), sp("d", 30), sp("n", 60)]; // a moved, b moved, c deleted, n added
    const theirs = [sp("a", 2), sp("c", 21), sp("d", 30), { ...sp("n", 60), category: "ads" as const }]; // a moved, b deleted, c moved, n added differently
    const r = mergeSpanEdits({ base, mine, theirs });
    expect(r.conflicts.map((c) => [c.id, c.kind])).toEqual([
      ["a", "both_modified"],
      ["b", "deleted_by_theirs"],
      ["n", "both_modified"],
      ["c", "deleted_by_mine"],
    ]);
    expect(ids(r.spans)).toEqual(["a@1:vital", "b@11:vital", "d@30:vital", "n@60:vital", "c@21:vital"]);
    const conflictA = r.conflicts[0]!;
    expect([conflictA.base?.start, conflictA.mine?.start, conflictA.theirs?.start]).toEqual([0, 1, 2]);
    // Invariant: every version either side holds is in the result or in a conflict.
    const kept = new Set([...r.spans, ...r.conflicts.flatMap((c) => [c.mine, c.theirs])].filter(Boolean).map((s) => JSON.stringify(s)));
    for (const s of [...mine, ...theirs]) expect(kept.has(JSON.stringify(s))).toBe(true);
  });

  it("drops spans deleted on one side and untouched on the other", () => {
    const r = mergeSpanEdits({ base, mine: [sp("a", 0), sp("b", 10)], theirs: [sp("b", 10), sp("c", 20), sp("d", 30)] });
    expect(ids(r.spans)).toEqual(["b@10:vital"]);
    expect(r.conflicts).toEqual([]);
  });

  it("dedupes identical spans both sides added under different ids", () => {
    const r = mergeSpanEdits({ base: [], mine: [sp("m1", 5)], theirs: [sp("t1", 5), sp("t2", 9)] });
    expect(ids(r.spans)).toEqual(["m1@5:vital", "t2@9:vital"]);
    expect(r.deduplicated).toEqual([{ kept: "m1", dropped: "t1" }]);
  });
});
