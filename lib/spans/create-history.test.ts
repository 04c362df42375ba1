import { describe, expect, it } from "vitest";
import type { SpanWithId } from "./schemas";
import { createHistory, reduceHistory, type HistoryAction, type HistoryState } from "./create-history";
import { historyActionForKey } from "./history-keys";

const sp = (id: string, start: number, end: number): SpanWithId => ({
  id,
  documentId: "d",
  start,
  end,
  text: "x".repeat(end - start),
  category: "vital",
  source: "human",
});
const run = (s: HistoryState, ...actions: HistoryAction[]) => actions.reduce(reduceHistory, s);
const idsOf = (s: HistoryState) => s.spans.map((x) => x.id);

describe("history reducer", () => {
  it("undoes and redoes in order", () => {
    let s = createHistory();
    s = run(s, { type: "edit", edit: { type: "add", span: sp("a", 0, 1) } }, { type: "edit", edit: { type: "add", span: sp("b", 2, 3) } });
    expect(idsOf(s)).toEqual(["a", "b"]);
    s = run(s, { type: "undo" });
    expect(idsOf(s)).toEqual(["a"]);
    s = run(s, { type: "undo" });
    expect(idsOf(s)).toEqual([]);
    expect(run(s, { type: "undo" }).error?.code).toBe("nothing_to_undo");
    s = run(s, { type: "redo" }, { type: "redo" });
    expect(idsOf(s)).toEqual(["a", "b"]);
    expect(run(s, { type: "redo" }).error?.code).toBe("nothing_to_redo");
    expect(s.revision).toBe(6);
  });

  it("a new edit clears the redo stack", () => {
    let s = createHistory({ spans: [sp("a", 0, 1)] });
    s = run(s, { type: "edit", edit: { type: "delete", id: "a" } }, { type: "undo" });
    expect(s.future).toHaveLength(1);
    s = run(s, { type: "edit", edit: { type: "add", span: sp("c", 4, 5) } });
    expect(s.future).toHaveLength(0);
    expect(run(s, { type: "redo" }).error?.code).toBe("nothing_to_redo");
  });

  it("refused edits leave spans and stacks alone and report the error", () => {
    let s = createHistory({ spans: [sp("a", 0, 1)] });
    const before = s;
    s = run(s, { type: "edit", edit: { type: "add", span: sp("b", 0, 1) } });
    expect(s.error).toMatchObject({ code: "duplicate", conflictWith: "a" });
    expect(s.spans).toBe(before.spans);
    expect(s.past).toHaveLength(0);
    expect(s.revision).toBe(0);
    // The next action clears the error.
    expect(run(s, { type: "edit", edit: { type: "add", span: sp("b", 1, 2) } }).error).toBeUndefined();
  });

  it("merged duplicates record no step; undo restores a restored delete at its position", () => {
    let s = createHistory({ spans: [sp("a", 0, 1), sp("b", 2, 3), sp("c", 4, 5)], editOptions: { duplicates: "merge" } });
    s = run(s, { type: "edit", edit: { type: "add", span: sp("z", 0, 1) } });
    expect(s.past).toHaveLength(0);
    s = run(s, { type: "edit", edit: { type: "delete", id: "b" } }, { type: "undo" });
    expect(idsOf(s)).toEqual(["a", "b", "c"]);
  });

  it("keeps at most `limit` undo steps and reset clears them", () => {
    let s = createHistory({ limit: 2 });
    for (const id of ["a", "b", "c"]) s = run(s, { type: "edit", edit: { type: "add", span: sp(id, 0, id.charCodeAt(0) - 96) } });
    s = run(s, { type: "undo" }, { type: "undo" }, { type: "undo" });
    expect(idsOf(s)).toEqual(["a"]);
    expect(s.error?.code).toBe("nothing_to_undo");
    s = run(s, { type: "reset", spans: [sp("q", 0, 1)] });
    expect([idsOf(s), s.past.length, s.future.length]).toEqual([["q"], 0, 0]);
  });
});

describe("historyActionForKey", () => {
  it("maps Ctrl/Cmd+Z, Ctrl+Shift+Z and Ctrl+Y", () => {
    expect(historyActionForKey({ key: "z", ctrlKey: true })).toBe("undo");
    expect(historyActionForKey({ key: "z", metaKey: true })).toBe("undo");
    expect(historyActionForKey({ key: "Z", ctrlKey: true, shiftKey: true })).toBe("redo");
    expect(historyActionForKey({ key: "y", ctrlKey: true })).toBe("redo");
    expect(historyActionForKey({ key: "z" })).toBeNull();
    expect(historyActionForKey({ key: "z", ctrlKey: true, altKey: true })).toBeNull();
    expect(historyActionForKey({ key: "1", ctrlKey: true })).toBeNull();
  });
});
