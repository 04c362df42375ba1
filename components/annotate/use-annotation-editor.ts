"use client";

import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from "react";
import type { SpanEdit } from "@/lib/spans/apply-span-edit";
import { createHistory } from "@/lib/spans/create-history";
import { mergeSpanEdits } from "@/lib/spans/merge-span-edits";
import type { AnnotationStatus, PairStatus } from "@/lib/server/db/enums";
import { readConflict, type ConflictInfo } from "./conflict-info";
import { reduceEditor } from "./editor-reducer";
import { sameSpanLists, toEditorSpan, toSpanInput } from "./to-editor-span";
import type { EditorSpan, SaveState, StoredSpan } from "./types";

/** Autosave delay after the last edit. */
export const AUTOSAVE_MS = 800;
/** Browsers refuse keepalive bodies over 64 KiB. */
const KEEPALIVE_MAX_BYTES = 60 * 1024;

export type { ConflictInfo };

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
}

type ErrorBody = { error?: { code?: string; message?: string; details?: unknown } };

async function readJson(res: Response): Promise<unknown> {
  return res.json().catch(() => null);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * My annotation in the editor: undo/redo history (lib/spans), autosave with the annotation version, conflict
 * handling (reload theirs or 3-way merge, never a silent overwrite), and the server actions that change my spans
 * (accept suggestions, submit).
 */
export function useAnnotationEditor(opts: UseAnnotationEditorOptions) {
  const { pairId, texts, cannotAnnotate } = opts;
  const initialSpans = useMemo(() => opts.spans.map(toEditorSpan), [opts.spans]);
  const [state, dispatch] = useReducer(reduceEditor, undefined, () =>
    createHistory({ spans: initialSpans, editOptions: { duplicates: "merge", texts } }),
  );
  const [base, setBase] = useState<EditorSpan[]>(initialSpans);
  const [status, setStatus] = useState<AnnotationStatus | null>(opts.status);
  const [pairStatus, setPairStatus] = useState<PairStatus | null>(opts.pairStatus ?? null);
  const [phase, setPhase] = useState<{ kind: "idle" } | { kind: "saving" } | { kind: "error"; message: string }>({ kind: "idle" });
  const [conflict, setConflict] = useState<ConflictInfo | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const version = useRef(opts.version);
  /** The version last confirmed by the server (state, so views such as the history panel refresh on saves). */
  const [savedVersion, setSavedVersion] = useState(opts.version);
  const busy = useRef(false);
  const stateRef = useRef(state);
  const baseRef = useRef(base);
  const conflictRef = useRef(conflict);
  useLayoutEffect(() => {
    stateRef.current = state;
    baseRef.current = base;
    conflictRef.current = conflict;
  });

  const locked = status === "submitted" || status === "accepted";
  const readOnly = cannotAnnotate || locked;
  const dirty = useMemo(() => !sameSpanLists(state.spans, base), [state.spans, base]);

  const dirtyNow = () => !sameSpanLists(stateRef.current.spans, baseRef.current);
  const url = `/api/v1/pairs/${encodeURIComponent(pairId)}/annotation`;

  const adoptServer = useCallback((spans: StoredSpan[], nextVersion: number, idMap?: Record<string, string>) => {
    version.current = nextVersion;
    setSavedVersion(nextVersion);
    if (idMap) dispatch({ type: "remap", idMap });
    const server = spans.map(toEditorSpan);
    baseRef.current = server;
    setBase(server);
    return server;
  }, []);

  const onConflict = useCallback((body: ErrorBody) => setConflict(readConflict(body, version.current)), []);

  const save = useCallback(async (): Promise<boolean> => {
    if (busy.current || conflictRef.current || readOnly) return false;
    const spans = stateRef.current.spans;
    if (sameSpanLists(spans, baseRef.current)) return true;
    busy.current = true;
    setPhase({ kind: "saving" });
    try {
      const res = await fetch(url, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ version: version.current, spans: spans.map(toSpanInput) }),
      });
      const json = (await readJson(res)) as
        | (ErrorBody & { version?: number; status?: AnnotationStatus; pairStatus?: PairStatus; spans?: StoredSpan[]; idMap?: Record<string, string> })
        | null;
      if (res.ok && json?.spans && typeof json.version === "number") {
        adoptServer(json.spans, json.version, json.idMap);
        if (json.status) setStatus(json.status);
        if (json.pairStatus) setPairStatus(json.pairStatus);
        setPhase({ kind: "idle" });
        return true;
      }
      if (res.status === 409 && json) {
        onConflict(json);
        setPhase({ kind: "idle" });
        return false;
      }
      setPhase({ kind: "error", message: json?.error?.message ?? `${res.status} ${res.statusText}` });
      return false;
    } catch (e) {
      setPhase({ kind: "error", message: (e as Error).message || "network error" });
      return false;
    } finally {
      busy.current = false;
    }
  }, [url, readOnly, adoptServer, onConflict]);

  // Debounced autosave: every change (edit, undo, redo, merge) restarts the timer.
  useEffect(() => {
    if (!dirty || conflict || readOnly) return;
    const t = setTimeout(() => void save(), AUTOSAVE_MS);
    return () => clearTimeout(t);
  }, [state.revision, dirty, conflict, readOnly, base, save]);

  /** Saves now (waits for a save in flight first); false when a conflict or error stopped it. */
  const flush = useCallback(async (): Promise<boolean> => {
    for (let i = 0; busy.current && i < 600; i++) await sleep(50);
    if (conflictRef.current) return false;
    return save();
  }, [save]);

  // Leaving: blur saves normally; unload/hide sends a keepalive request the browser completes after the page is gone.
  useEffect(() => {
    if (readOnly) return;
    const onBlur = () => void flush();
    const sendKeepalive = () => {
      const spans = stateRef.current.spans;
      if (busy.current || conflictRef.current || sameSpanLists(spans, baseRef.current)) return;
      const body = JSON.stringify({ version: version.current, spans: spans.map(toSpanInput) });
      if (body.length > KEEPALIVE_MAX_BYTES) return;
      void fetch(url, { method: "PUT", headers: { "content-type": "application/json" }, body, keepalive: true }).catch(() => {});
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") sendKeepalive();
    };
    window.addEventListener("blur", onBlur);
    window.addEventListener("pagehide", sendKeepalive);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.removeEventListener("blur", onBlur);
      window.removeEventListener("pagehide", sendKeepalive);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [readOnly, flush, url]);

  const edit = useCallback((e: SpanEdit) => dispatch({ type: "edit", edit: e }), []);
  const undo = useCallback(() => dispatch({ type: "undo" }), []);
  const redo = useCallback(() => dispatch({ type: "redo" }), []);

  /** Conflict: drop my unsaved changes and take the server's version. */
  const reloadTheirs = useCallback(() => {
    const c = conflictRef.current;
    if (!c) return;
    version.current = c.version;
    setSavedVersion(c.version);
    baseRef.current = c.spans;
    setBase(c.spans);
    dispatch({ type: "reset", spans: c.spans });
    if (c.status) setStatus(c.status);
    setConflict(null);
    setPhase({ kind: "idle" });
    setNotice("Reloaded the saved version.");
  }, []);

  /** Conflict: 3-way merge (base = last saved, mine = local, theirs = server), then the autosave sends it. */
  const mergeTheirs = useCallback(() => {
    const c = conflictRef.current;
    if (!c || c.reason === "locked") return;
    const merged = mergeSpanEdits({ base: baseRef.current, mine: stateRef.current.spans, theirs: c.spans });
    version.current = c.version;
    setSavedVersion(c.version);
    baseRef.current = c.spans;
    setBase(c.spans);
    dispatch({ type: "reset", spans: merged.spans.map(toEditorSpan) });
    setConflict(null);
    setPhase({ kind: "idle" });
    setNotice(
      merged.conflicts.length > 0
        ? `Merged; ${merged.conflicts.length} span${merged.conflicts.length === 1 ? "" : "s"} changed on both sides kept in my version.`
        : "Merged with the saved version.",
    );
  }, []);

  /** Copies suggestions into my spans on the server (acceptSuggestions), then into the editor as one undoable step. */
  const acceptSuggestions = useCallback(
    async (ids: string[]): Promise<void> => {
      if (readOnly || ids.length === 0) return;
      if (!(await flush()) && (conflictRef.current || dirtyNow())) return;
      busy.current = true;
      setPhase({ kind: "saving" });
      try {
        const res = await fetch(`/api/v1/pairs/${encodeURIComponent(pairId)}/suggestions/accept`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ ids, version: version.current }),
        });
        const json = (await readJson(res)) as
          | (ErrorBody & { version?: number; status?: AnnotationStatus; pairStatus?: PairStatus; spans?: StoredSpan[]; skipped?: string[] })
          | null;
        if (res.ok && json?.spans && typeof json.version === "number") {
          const server = adoptServer(json.spans, json.version);
          if (json.status) setStatus(json.status);
          if (json.pairStatus) setPairStatus(json.pairStatus);
          const local = new Set(stateRef.current.spans.map((s) => s.id));
          const added = server.filter((s) => !local.has(s.id));
          if (added.length > 0) dispatch({ type: "edit", edit: { type: "batch", edits: added.map((span) => ({ type: "add", span })) } });
          setNotice(`Accepted ${added.length} suggestion${added.length === 1 ? "" : "s"}${json.skipped?.length ? ` (${json.skipped.length} already present)` : ""}.`);
          setPhase({ kind: "idle" });
        } else if (res.status === 409 && json) {
          onConflict(json);
          setPhase({ kind: "idle" });
        } else {
          setPhase({ kind: "error", message: json?.error?.message ?? `${res.status} ${res.statusText}` });
        }
      } catch (e) {
        setPhase({ kind: "error", message: (e as Error).message || "network error" });
      } finally {
        busy.current = false;
      }
    },
    [readOnly, flush, pairId, adoptServer, onConflict],
  );

  /** Saves what is pending, then submits for review (the annotation locks). */
  const submit = useCallback(async (): Promise<void> => {
    if (readOnly) return;
    if (!(await flush()) && (conflictRef.current || dirtyNow())) return;
    busy.current = true;
    try {
      const res = await fetch(`/api/v1/pairs/${encodeURIComponent(pairId)}/annotation/submit`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ version: version.current }),
      });
      const json = (await readJson(res)) as (ErrorBody & { version?: number; status?: AnnotationStatus; pairStatus?: PairStatus }) | null;
      if (res.ok && json?.status) {
        if (json.pairStatus) setPairStatus(json.pairStatus);
        if (typeof json.version === "number") {
          version.current = json.version;
          setSavedVersion(json.version);
        }
        setStatus(json.status);
        setNotice("Submitted for review.");
      } else {
        setNotice(`Could not submit: ${json?.error?.message ?? `${res.status} ${res.statusText}`}`);
      }
    } catch (e) {
      setNotice(`Could not submit: ${(e as Error).message}`);
    } finally {
      busy.current = false;
    }
  }, [readOnly, flush, pairId]);

  const saveState: SaveState = conflict
    ? { kind: "conflict" }
    : phase.kind === "saving"
      ? { kind: "saving" }
      : phase.kind === "error"
        ? { kind: "error", message: phase.message }
        : dirty
          ? { kind: "dirty" }
          : { kind: "saved" };

  return {
    // The reducer keeps whatever span objects it is given; ours are EditorSpans (with suggestionId).
    spans: state.spans as EditorSpan[],
    history: state,
    error: state.error,
    canUndo: state.past.length > 0,
    canRedo: state.future.length > 0,
    status,
    pairStatus,
    readOnly,
    locked,
    saveState,
    conflict,
    notice,
    setNotice,
    edit,
    undo,
    redo,
    flush,
    reloadTheirs,
    mergeTheirs,
    acceptSuggestions,
    submit,
    savedVersion,
  };
}
