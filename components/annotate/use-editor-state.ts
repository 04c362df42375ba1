"use client";

import { useCallback, useLayoutEffect, useMemo, useReducer, useRef, useState } from "react";
import type { SpanEdit } from "@/lib/spans/apply-span-edit";
import { createHistory } from "@/lib/spans/create-history";
import { mergeSpanEdits } from "@/lib/spans/merge-span-edits";
import type { AnnotationStatus, PairStatus } from "@/lib/schemas/enums";
import type { StoredSpan } from "@/lib/schemas/spans";
import { readConflict, type ConflictBody, type ConflictInfo } from "./conflict-info";
import { reduceEditor } from "./editor-reducer";
import { sameSpanLists, toEditorSpan } from "./to-editor-span";
import type { EditorSpan } from "./types";

export type EditorStateOptions = {
  version: number;
  status: AnnotationStatus | null;
  pairStatus?: PairStatus;
  spans: StoredSpan[];
  /** Canonical texts by document id: edits are validated against them. */
  texts: ReadonlyMap<string, string>;
};

/**
 * My annotation in the browser, no network: the undo/redo history (lib/spans), the last version the server confirmed
 * (`base`), the statuses, and what a conflict left to decide (reload theirs, or a 3-way merge). Refs mirror the state
 * for the persistence hook's callbacks, which must see the latest values without re-subscribing.
 */
export function useEditorState(opts: EditorStateOptions) {
  const initialSpans = useMemo(() => opts.spans.map(toEditorSpan), [opts.spans]);
  const [state, dispatch] = useReducer(reduceEditor, undefined, () =>
    createHistory({ spans: initialSpans, editOptions: { duplicates: "merge", texts: opts.texts } }),
  );
  const [base, setBase] = useState<EditorSpan[]>(initialSpans);
  const [status, setStatus] = useState<AnnotationStatus | null>(opts.status);
  const [pairStatus, setPairStatus] = useState<PairStatus | null>(opts.pairStatus ?? null);
  const [conflict, setConflict] = useState<ConflictInfo | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const version = useRef(opts.version);
  /** The version last confirmed by the server (state, so views such as the history panel refresh on saves). */
  const [savedVersion, setSavedVersion] = useState(opts.version);
  const stateRef = useRef(state);
  const baseRef = useRef(base);
  const conflictRef = useRef(conflict);
  useLayoutEffect(() => {
    stateRef.current = state;
    baseRef.current = base;
    conflictRef.current = conflict;
  });

  const dirty = useMemo(() => !sameSpanLists(state.spans, base), [state.spans, base]);
  const dirtyNow = useCallback(() => !sameSpanLists(stateRef.current.spans, baseRef.current), []);

  const confirmVersion = useCallback((nextVersion: number) => {
    version.current = nextVersion;
    setSavedVersion(nextVersion);
  }, []);

  /** The server's spans become the confirmed state (after a save or an accept); temp ids map to server ids. */
  const adoptServer = useCallback(
    (spans: StoredSpan[], nextVersion: number, idMap?: Record<string, string>) => {
      confirmVersion(nextVersion);
      if (idMap) dispatch({ type: "remap", idMap });
      const server = spans.map(toEditorSpan);
      baseRef.current = server;
      setBase(server);
      return server;
    },
    [confirmVersion],
  );

  const adoptStatuses = useCallback((s: { status?: AnnotationStatus; pairStatus?: PairStatus }) => {
    if (s.status) setStatus(s.status);
    if (s.pairStatus) setPairStatus(s.pairStatus);
  }, []);

  /** A 409 answer: what the conflict dialog offers. */
  const adoptConflict = useCallback((body: ConflictBody) => setConflict(readConflict(body, version.current)), []);

  const edit = useCallback((e: SpanEdit) => dispatch({ type: "edit", edit: e }), []);
  const undo = useCallback(() => dispatch({ type: "undo" }), []);
  const redo = useCallback(() => dispatch({ type: "redo" }), []);
  /** Server spans that are not in the editor yet, added as one undoable step. */
  const addFromServer = useCallback((server: EditorSpan[]) => {
    const local = new Set(stateRef.current.spans.map((s) => s.id));
    const added = server.filter((s) => !local.has(s.id));
    if (added.length > 0) dispatch({ type: "edit", edit: { type: "batch", edits: added.map((span) => ({ type: "add", span })) } });
    return added;
  }, []);

  /** Conflict: drop my unsaved changes and take the server's version. */
  const reloadTheirs = useCallback(() => {
    const c = conflictRef.current;
    if (!c) return;
    confirmVersion(c.version);
    baseRef.current = c.spans;
    setBase(c.spans);
    dispatch({ type: "reset", spans: c.spans });
    if (c.status) setStatus(c.status);
    setConflict(null);
    setNotice("Reloaded the saved version.");
  }, [confirmVersion]);

  /** Conflict: 3-way merge (base = last saved, mine = local, theirs = server), then the autosave sends it. */
  const mergeTheirs = useCallback(() => {
    const c = conflictRef.current;
    if (!c || c.reason === "locked") return;
    const merged = mergeSpanEdits({ base: baseRef.current, mine: stateRef.current.spans, theirs: c.spans });
    confirmVersion(c.version);
    baseRef.current = c.spans;
    setBase(c.spans);
    dispatch({ type: "reset", spans: merged.spans.map(toEditorSpan) });
    setConflict(null);
    setNotice(
      merged.conflicts.length > 0
        ? `Merged; ${merged.conflicts.length} span${merged.conflicts.length === 1 ? "" : "s"} changed on both sides kept in my version.`
        : "Merged with the saved version.",
    );
  }, [confirmVersion]);

  return {
    state,
    base,
    status,
    pairStatus,
    conflict,
    notice,
    setNotice,
    savedVersion,
    dirty,
    /** Refs for callbacks that outlive a render. */
    refs: { version, stateRef, baseRef, conflictRef },
    dirtyNow,
    confirmVersion,
    adoptServer,
    adoptStatuses,
    adoptConflict,
    addFromServer,
    setStatus,
    edit,
    undo,
    redo,
    reloadTheirs,
    mergeTheirs,
  };
}

export type EditorState = ReturnType<typeof useEditorState>;
