import { describe, expect, it } from "vitest";
import { createHistory } from "@/lib/spans/create-history";
import type { SpanWithId } from "@/lib/spans/schemas";
import { reduceEditor } from "./editor-reducer";

const span = (id: string, start: number, end: number): SpanWithId => ({
  id,
  documentId: "d",
  start,
  end,
  text: "x".repeat(end - start),
  category: "vital",
  source: "human",
});

describe("reduceEditor remap", () => {
  it("renames temp ids in the list and in undo/redo steps without counting as a change", () => {
    let s = createHistory();
    s = reduceEditor(s, { type: "edit", edit: { type: "add", span: span("tmp-1", 0, 3) } });
    s = reduceEditor(s, { type: "edit", edit: { type: "update", span: { ...span("tmp-1", 0, 3), category: "ads" } } });
    const revision = s.revision;
    s = reduceEditor(s, { type: "remap", idMap: { "tmp-1": "srv-1" } });
    expect(s.revision).toBe(revision);
    expect(s.spans.map((x) => x.id)).toEqual(["srv-1"]);
    s = reduceEditor(s, { type: "undo" });
    expect(s.spans).toEqual([span("srv-1", 0, 3)]);
    s = reduceEditor(s, { type: "undo" });
    expect(s.spans).toEqual([]);
    s = reduceEditor(s, { type: "redo" });
    expect(s.spans.map((x) => x.id)).toEqual(["srv-1"]);
    expect(s.error).toBeUndefined();
  });
});
