import { applyResolvedEdit, applySpanEdit, type ApplySpanEditOptions, type SpanEdit, type SpanEditError } from "./apply-span-edit";
import type { SpanWithId } from "./schemas";

export interface HistoryEntry {
  applied: SpanEdit;
  inverse: SpanEdit;
}

export interface HistoryState {
  spans: SpanWithId[];
  past: HistoryEntry[];
  future: HistoryEntry[];
  /** Bumped on every change of `spans` (autosave watches it). */
  revision: number;
  /** Set by the last action when it was refused (duplicate, unknown id, nothing to undo); cleared by the next one. */
  error?: SpanEditError | { code: "nothing_to_undo" | "nothing_to_redo"; message: string };
  limit: number;
  editOptions: ApplySpanEditOptions;
}

export type HistoryAction =
  | { type: "edit"; edit: SpanEdit }
  | { type: "undo" }
  | { type: "redo" }
  /** Replace everything (reload after a conflict, merged version): clears both stacks. */
  | { type: "reset"; spans: SpanWithId[] };

export interface CreateHistoryOptions {
  spans?: SpanWithId[];
  /** Most undo steps kept (default 200); the oldest are dropped. */
  limit?: number;
  editOptions?: ApplySpanEditOptions;
}

/** Initial undo/redo state; pair it with reduceHistory (a pure reducer, e.g. for React useReducer). */
export function createHistory(opts: CreateHistoryOptions = {}): HistoryState {
  return {
    spans: opts.spans?.slice() ?? [],
    past: [],
    future: [],
    revision: 0,
    limit: Math.max(1, opts.limit ?? 200),
    editOptions: opts.editOptions ?? {},
  };
}

/** Ctrl+Z / Ctrl+Shift+Z semantics: an edit pushes an undo step and clears the redo stack. */
export function reduceHistory(state: HistoryState, action: HistoryAction): HistoryState {
  const base = { ...state, error: undefined };
  switch (action.type) {
    case "edit": {
      const r = applySpanEdit(state.spans, action.edit, state.editOptions);
      if (!r.ok) return { ...base, error: r.error };
      if (isNoop(r.applied)) return base;
      const past = [...state.past, { applied: r.applied, inverse: r.inverse }].slice(-state.limit);
      return { ...base, spans: r.spans, past, future: [], revision: state.revision + 1 };
    }
    case "undo": {
      const entry = state.past[state.past.length - 1];
      if (!entry) return { ...base, error: { code: "nothing_to_undo", message: "nothing to undo" } };
      const r = applyResolvedEdit(state.spans, entry.inverse);
      if (!r.ok) return { ...base, error: r.error };
      return { ...base, spans: r.spans, past: state.past.slice(0, -1), future: [...state.future, entry], revision: state.revision + 1 };
    }
    case "redo": {
      const entry = state.future[state.future.length - 1];
      if (!entry) return { ...base, error: { code: "nothing_to_redo", message: "nothing to redo" } };
      const r = applyResolvedEdit(state.spans, entry.applied);
      if (!r.ok) return { ...base, error: r.error };
      return { ...base, spans: r.spans, past: [...state.past, entry], future: state.future.slice(0, -1), revision: state.revision + 1 };
    }
    case "reset":
      return { ...base, spans: action.spans.slice(), past: [], future: [], revision: state.revision + 1 };
  }
}

function isNoop(edit: SpanEdit): boolean {
  return edit.type === "batch" && edit.edits.every(isNoop);
}
