import { describe, expect, it } from "vitest";
import { diffGoldSnapshots } from "./diff-gold-snapshots";
import { goldAuditForRecord } from "./gold-audit-for-record";
import { EMPTY_GOLD, toGoldSnapshot } from "./gold-snapshot";

const span = (id: string, documentId: string, start: number, end: number, category = "vital", exact?: boolean) => ({
  id,
  documentId,
  start,
  end,
  text: "x".repeat(end - start),
  category,
  ...(exact !== undefined ? { exact } : {}),
});

describe("gold snapshots", () => {
  it("keep placement only, in document, start, end order, exact as a boolean", () => {
    const snap = toGoldSnapshot({ noVital: false, spans: [span("b", "d2", 0, 3), span("a", "d1", 5, 9, "ads", true), span("c", "d1", 0, 4)] });
    expect(snap.spans.map((s) => [s.id, s.documentId, s.start, s.exact])).toEqual([
      ["c", "d1", 0, false],
      ["a", "d1", 5, true],
      ["b", "d2", 0, false],
    ]);
  });

  it("diffs by what a span says: re-created in place is unchanged, a moved edge is removed + added, noVital flips", () => {
    const before = toGoldSnapshot({ noVital: false, spans: [span("a", "d1", 0, 4), span("b", "d1", 10, 20), span("c", "d2", 0, 5, "ads")] });
    const after = toGoldSnapshot({ noVital: true, spans: [span("a2", "d1", 0, 4), span("b", "d1", 10, 22), span("c", "d2", 0, 5, "ads", true)] });
    const d = diffGoldSnapshots(before, after);
    expect(d.added.map((s) => [s.id, s.end, s.exact])).toEqual([
      ["b", 22, false],
      ["c", 5, true],
    ]);
    expect(d.removed.map((s) => [s.id, s.end])).toEqual([
      ["b", 20],
      ["c", 5],
    ]);
    expect(d.noVitalChange).toEqual({ before: false, after: true });
    expect(diffGoldSnapshots(after, after)).toEqual({ added: [], removed: [], noVitalChange: null });
    // Two identical spans and one of them dropped: exactly one removed.
    const twice = toGoldSnapshot({ noVital: false, spans: [span("a", "d1", 0, 4), span("b", "d1", 0, 4)] });
    expect(diffGoldSnapshots(twice, toGoldSnapshot({ noVital: false, spans: [span("a", "d1", 0, 4)] })).removed).toHaveLength(1);
  });

  it("an export record carries the pair's history oldest first, with its own document's spans only", () => {
    const first = toGoldSnapshot({ noVital: false, spans: [span("a", "d1", 0, 4), span("b", "d2", 1, 3)] });
    const second = toGoldSnapshot({ noVital: true, spans: [span("c", "d2", 0, 2, "ads", true)] });
    const entries = [
      { kind: "no_vital" as const, createdAt: new Date("2027-02-04T00:00:00Z"), actor: { email: "rev@x.org" }, before: first, after: second },
      { kind: "import" as const, createdAt: new Date("2027-02-03T00:00:00Z"), actor: null, before: EMPTY_GOLD, after: first },
    ];
    expect(goldAuditForRecord(entries, "d2")).toEqual([
      {
        at: "2027-02-03T00:00:00.000Z",
        kind: "import",
        actor: null,
        before: { noVital: false, spans: [] },
        after: { noVital: false, spans: [{ start: 1, end: 3, text: "xx", category: "vital" }] },
      },
      {
        at: "2027-02-04T00:00:00.000Z",
        kind: "no_vital",
        actor: "rev@x.org",
        before: { noVital: false, spans: [{ start: 1, end: 3, text: "xx", category: "vital" }] },
        after: { noVital: true, spans: [{ start: 0, end: 2, text: "xx", category: "ads", exact: true }] },
      },
    ]);
    expect(goldAuditForRecord(entries, "d1")[1]!.after.spans).toEqual([]);
  });
});
