"use client";

import { useCallback } from "react";
import type { AnnotationStatus, PairStatus } from "@/lib/schemas/enums";
import type { StoredSpan } from "@/lib/schemas/spans";
import type { EditorSpan, SaveState } from "./types";
import { useAnnotationPersistence } from "./use-annotation-persistence";
import { useEditorState } from "./use-editor-state";

export interface UseAnnotationEditorOptions {
  pairId: string;
  version: number;
  status: AnnotationStatus | null;
  /** The pair's status (over every annotation), as rendered; saves and submits report the new one. */
  pairStatus?: PairStatus;
  spans: StoredSpan[];
  /** Canonical texts by document id: edits are validated against them. */
  texts: ReadonlyMap<string, string>;
  /** No pair:annotate permission. */
  cannotAnnotate: boolean;
  /** My annotation's answer "nothing here is vital", as stored. */
  noVital?: boolean;
}

/**
 * My annotation in the editor: its state (useEditorState: history, conflict, statuses) and its persistence
 * (useAnnotationPersistence: autosave, accept, submit), with what the workspace shows of both.
 */
export function useAnnotationEditor(opts: UseAnnotationEditorOptions) {
  const editor = useEditorState(opts);
  const locked = editor.status === "submitted" || editor.status === "accepted";
  const readOnly = opts.cannotAnnotate || locked;
  const persistence = useAnnotationPersistence(editor, { pairId: opts.pairId, readOnly, noVital: opts.noVital ?? false });
  const { phase, setPhase } = persistence;

  const { reloadTheirs: reloadEditor, mergeTheirs: mergeEditor } = editor;
  const reloadTheirs = useCallback(() => {
    reloadEditor();
    setPhase({ kind: "idle" });
  }, [reloadEditor, setPhase]);
  const mergeTheirs = useCallback(() => {
    mergeEditor();
    setPhase({ kind: "idle" });
  }, [mergeEditor, setPhase]);

  const saveState: SaveState = editor.conflict
    ? { kind: "conflict" }
    : phase.kind === "saving"
      ? { kind: "saving" }
      : phase.kind === "error"
        ? { kind: "error", message: phase.message }
        : editor.dirty
          ? { kind: "dirty" }
          : { kind: "saved" };

  const { state } = editor;
  return {
    // The reducer keeps whatever span objects it is given; ours are EditorSpans (with suggestionId).
    spans: state.spans as EditorSpan[],
    history: state,
    error: state.error,
    canUndo: state.past.length > 0,
    canRedo: state.future.length > 0,
    status: editor.status,
    pairStatus: editor.pairStatus,
    readOnly,
    locked,
    saveState,
    conflict: editor.conflict,
    notice: editor.notice,
    setNotice: editor.setNotice,
    edit: editor.edit,
    undo: editor.undo,
    redo: editor.redo,
    flush: persistence.flush,
    reloadTheirs,
    mergeTheirs,
    acceptSuggestions: persistence.acceptSuggestions,
    submit: persistence.submit,
    noVital: persistence.noVital,
    savedVersion: editor.savedVersion,
  };
}
