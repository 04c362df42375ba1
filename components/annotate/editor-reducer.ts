import type { SpanEdit } from "@/lib/spans/apply-span-edit";
import { reduceHistory, type HistoryAction, type HistoryState } from "@/lib/spans/create-history";
import type { SpanWithId } from "@/lib/spans/schemas";

/** History actions plus `remap`: after a save, client temp ids become server ids everywhere (undo steps too). */
export type EditorAction = HistoryAction | { type: "remap"; idMap: Record<string, string> };

export function reduceEditor(state: HistoryState, action: EditorAction): HistoryState {
  if (action.type !== "remap") return reduceHistory(state, action);
  const map = action.idMap;
  if (Object.keys(map).length === 0) return state;
  const span = <T extends SpanWithId>(s: T): T => (map[s.id] ? { ...s, id: map[s.id]! } : s);
  const edit = (e: SpanEdit): SpanEdit => {
    switch (e.type) {
      case "add":
      case "update":
        return { ...e, span: span(e.span) };
      case "delete":
        return map[e.id] ? { type: "delete", id: map[e.id]! } : e;
      case "batch":
        return { type: "batch", edits: e.edits.map(edit) };
    }
  };
  const entry = (h: HistoryState["past"][number]) => ({ applied: edit(h.applied), inverse: edit(h.inverse) });
  // The revision is kept: renaming ids is not a change the autosave must send.
  return { ...state, spans: state.spans.map(span), past: state.past.map(entry), future: state.future.map(entry) };
}
