import { describe, expect, it } from "vitest";
import { acceptRelocations, checkDrift } from "./check-drift";
import type { Span } from "./schemas";

const mk = (start: number, text: string, id = `s${start}`): Span & { id: string } => ({
  id,
  documentId: "d",
  start,
  end: start + text.length,
  text,
  category: "vital",
  source: "human",
});

describe("checkDrift", () => {
  it("keeps matching spans and proposes the nearest occurrence for drifted ones", () => {
    const old = "cat dog cat bird";
    const now = "A cat dog cat bird cat";
    const spans = [mk(0, "cat"), mk(8, "cat"), mk(4, "dog")];
    // The spans are exact in the old text, so whatever drifts below drifted because of the edit.
    expect(checkDrift({ text: old, spans }).entries.map((e) => e.status)).toEqual(["ok", "ok", "ok"]);
    // old "cat"@0 → nearest in new text is @2; "cat"@8 → candidates @2 (6), @10 (2) → 10; "dog"@4 → @6.
    const r = checkDrift({ text: now, spans });
    expect(r.entries.map((e) => [e.status, e.relocated?.start])).toEqual([
      ["relocated", 2],
      ["relocated", 10],
      ["relocated", 6],
    ]);
    expect(r.entries[0]!.span.start).toBe(0); // proposal only, span untouched
    expect(r.entries[0]!.reason).toMatch(/mismatch/);
    expect([r.ok, r.relocated, r.unresolved]).toEqual([0, 3, 0]);
  });

  it("reports ok spans as ok", () => {
    const r = checkDrift({ text: "hello world", spans: [mk(6, "world")] });
    expect(r.entries[0]).toEqual({ span: mk(6, "world"), status: "ok" });
  });

  it("reports missing, ambiguous and too-distant text as unresolved", () => {
    const now = "xx ab yy ab zz " + " ".repeat(100) + "qq";
    const r = checkDrift({
      text: now,
      spans: [mk(0, "gone"), mk(6, "ab"), mk(0, "qq")],
      maxDistance: 50,
    });
    // "ab" at old 6: occurrences at 3 and 9 are both 3 away.
    expect(r.entries.map((e) => e.status)).toEqual(["unresolved", "unresolved", "unresolved"]);
    expect(r.entries[0]!.reason).toMatch(/not found/);
    expect(r.entries[1]!.reason).toMatch(/equally near \(at 3 and 9\)|equally near \(at 9 and 3\)/);
    expect(r.entries[2]!.reason).toMatch(/115 chars away/);
  });

  it("handles spans pointing past the end of a shortened text", () => {
    const r = checkDrift({ text: "short text", spans: [mk(40, "text")] });
    expect(r.entries[0]).toMatchObject({ status: "relocated", relocated: { start: 6, end: 10 }, distance: 34 });
  });

  it("never proposes an offset inside a surrogate pair", () => {
    // Span covered a lone low surrogate (corrupt); the only "occurrence" is half of an emoji.
    const r = checkDrift({ text: "a 🩷 b", spans: [mk(0, "\udc77")] });
    expect(r.entries[0]!.status).toBe("unresolved");
  });

  it("acceptRelocations moves approved spans and returns the rest", () => {
    const report = checkDrift({ text: "zz foo bar", spans: [mk(0, "foo", "a"), mk(0, "zz", "b"), mk(0, "nope", "c"), mk(0, "bar", "d")] });
    const { spans, unresolved } = acceptRelocations(report, (e) => e.span.id !== "d");
    expect(spans.map((s) => [s.id, s.start, s.end])).toEqual([
      ["a", 3, 6],
      ["b", 0, 2],
    ]);
    expect(unresolved.map((e) => e.span.id)).toEqual(["c", "d"]);
  });
});
