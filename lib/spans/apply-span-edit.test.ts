import { describe, expect, it } from "vitest";
import { applyResolvedEdit, applySpanEdit, type SpanEdit } from "./apply-span-edit";
import type { SpanCategory } from "./categories";
import type { SpanWithId } from "./schemas";

const TEXT = "alpha beta gamma delta epsilon";
const texts = new Map([["d", TEXT]]);
const sp = (id: string, start: number, end: number, category: SpanCategory = "vital"): SpanWithId => ({
  id,
  documentId: "d",
  start,
  end,
  text: TEXT.slice(start, end),
  category,
  source: "human",
  author: "ann",
});
const ids = (spans: SpanWithId[]) => spans.map((s) => `${s.id}:${s.start}-${s.end}:${s.category}`);

function undo(before: SpanWithId[], edit: SpanEdit, opts = {}) {
  const r = applySpanEdit(before, edit, opts);
  if (!r.ok) throw new Error(r.error.message);
  const back = applyResolvedEdit(r.spans, r.inverse);
  if (!back.ok) throw new Error(back.error.message);
  return { r, back: back.spans };
}

describe("applySpanEdit", () => {
  const list = [sp("a", 0, 5), sp("b", 6, 10, "ads")];

  it("adds, updates and deletes, each with an exact inverse", () => {
    const add = undo(list, { type: "add", span: sp("c", 11, 16) });
    expect(ids(add.r.spans)).toEqual(["a:0-5:vital", "b:6-10:ads", "c:11-16:vital"]);
    expect(add.back).toEqual(list);

    const upd = undo(list, { type: "update", span: { ...sp("a", 0, 10), category: "metadata" } });
    expect(ids(upd.r.spans)).toEqual(["a:0-10:metadata", "b:6-10:ads"]);
    expect(upd.r.inverse).toEqual({ type: "update", span: list[0] });
    expect(upd.back).toEqual(list);

    const del = undo(list, { type: "delete", id: "a" });
    expect(ids(del.r.spans)).toEqual(["b:6-10:ads"]);
    expect(del.r.inverse).toEqual({ type: "add", span: list[0], index: 0 });
    expect(del.back).toEqual(list); // restored at its old position
  });

  it("does not mutate the input list", () => {
    const copy = structuredClone(list);
    applySpanEdit(list, { type: "delete", id: "a" });
    applySpanEdit(list, { type: "add", span: sp("z", 1, 2) });
    expect(list).toEqual(copy);
  });

  it("allows overlapping spans of different categories", () => {
    const r = applySpanEdit(list, { type: "add", span: sp("c", 0, 10, "off_topic") });
    expect(r.ok && ids(r.spans)).toEqual(["a:0-5:vital", "b:6-10:ads", "c:0-10:off_topic"]);
  });

  it("rejects an identical duplicate by default, merges it on request", () => {
    const r = applySpanEdit(list, { type: "add", span: sp("c", 0, 5) });
    expect(r).toMatchObject({ ok: false, error: { code: "duplicate", conflictWith: "a", spanId: "c" } });

    const m = applySpanEdit(list, { type: "add", span: sp("c", 0, 5) }, { duplicates: "merge" });
    expect(m.ok && ids(m.spans)).toEqual(["a:0-5:vital", "b:6-10:ads"]);
    expect(m.ok && m.merged).toEqual({ into: "a", removed: ["c"] });

    // Updating "c" onto "a" in merge mode removes "c"; the inverse brings it back.
    const withC = [...list, sp("c", 11, 16)];
    const u = undo(withC, { type: "update", span: { ...sp("c", 0, 5) } }, { duplicates: "merge" });
    expect(ids(u.r.spans)).toEqual(["a:0-5:vital", "b:6-10:ads"]);
    expect(u.back).toEqual(withC);
  });

  it("same document only: an identical range in another document is no duplicate", () => {
    const r = applySpanEdit(list, { type: "add", span: { ...sp("c", 0, 5), documentId: "other" } });
    expect(r.ok).toBe(true);
  });

  it("merges transitively overlapping same-category spans when asked, and undoes the merge", () => {
    // alpha[0,5) beta[6,10) gamma[11,16) delta[17,22)
    const base = [sp("a", 0, 8), sp("b", 6, 16), sp("x", 2, 4, "ads"), sp("d", 17, 22)];
    const { r, back } = undo(base, { type: "add", span: sp("n", 3, 7) }, { mergeSameCategory: true });
    expect(ids(r.spans)).toEqual(["x:2-4:ads", "d:17-22:vital", "n:0-16:vital"]);
    expect(r.spans.find((s) => s.id === "n")?.text).toBe("alpha beta gamma");
    expect(r.ok && r.merged).toEqual({ into: "n", removed: ["a", "b"] });
    expect(back).toEqual(base);
  });

  it("rebuilds the merged text from the pieces when no document text is given", () => {
    const r = applySpanEdit([sp("a", 0, 8)], { type: "add", span: sp("n", 6, 16) }, { mergeSameCategory: true });
    expect(r.ok && r.spans[0]).toMatchObject({ id: "n", start: 0, end: 16, text: "alpha beta gamma" });
  });

  it("validates spans and ids", () => {
    expect(applySpanEdit(list, { type: "add", span: { ...sp("c", 0, 5), text: "ALPHA" } }, { texts })).toMatchObject({
      ok: false,
      error: { code: "invalid" },
    });
    expect(applySpanEdit(list, { type: "add", span: { ...sp("c", 0, 5), end: 0 } })).toMatchObject({ ok: false, error: { code: "invalid" } });
    expect(applySpanEdit(list, { type: "add", span: sp("a", 11, 16) })).toMatchObject({ ok: false, error: { code: "id_taken" } });
    expect(applySpanEdit(list, { type: "update", span: sp("q", 11, 16) })).toMatchObject({ ok: false, error: { code: "unknown_id" } });
    expect(applySpanEdit(list, { type: "delete", id: "q" })).toMatchObject({ ok: false, error: { code: "unknown_id" } });
  });

  it("applies batches atomically", () => {
    const ok = undo(list, {
      type: "batch",
      edits: [
        { type: "add", span: sp("c", 11, 16) },
        { type: "delete", id: "a" },
      ],
    });
    expect(ids(ok.r.spans)).toEqual(["b:6-10:ads", "c:11-16:vital"]);
    expect(ok.back).toEqual(list);
    const bad = applySpanEdit(list, {
      type: "batch",
      edits: [
        { type: "add", span: sp("c", 11, 16) },
        { type: "delete", id: "nope" },
      ],
    });
    expect(bad.ok).toBe(false);
  });
});
