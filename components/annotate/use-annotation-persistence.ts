"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { acceptSuggestions as postAccept, saveAnnotation, saveAnnotationOnExit, submitAnnotation } from "./annotation-api";
import type { EditorState } from "./use-editor-state";
import { sameSpanLists } from "./to-editor-span";

/** Autosave delay after the last edit. */
const AUTOSAVE_MS = 800;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type SavePhase = { kind: "idle" } | { kind: "saving" } | { kind: "error"; message: string };

/**
 * Keeps my annotation on the server: debounced autosave with the annotation version (a 409 becomes the editor's
 * conflict, never an overwrite), a save on blur and a keepalive save when the page goes away, and the two server
 * actions that change my spans (accept suggestions, submit), each after saving what is pending.
 */
export function useAnnotationPersistence(
  editor: EditorState,
  { pairId, readOnly, noVital: initialNoVital = false }: { pairId: string; readOnly: boolean; noVital?: boolean },
) {
  const [phase, setPhase] = useState<SavePhase>({ kind: "idle" });
  // My answer "nothing here is vital", as last submitted.
  const [noVital, setNoVital] = useState(initialNoVital);
  const busy = useRef(false);
  const { version, stateRef, baseRef, conflictRef } = editor.refs;
  const { adoptServer, adoptStatuses, adoptConflict, addFromServer, confirmVersion, dirtyNow, setNotice, setStatus } = editor;

  const save = useCallback(async (): Promise<boolean> => {
    if (busy.current || conflictRef.current || readOnly) return false;
    const spans = stateRef.current.spans;
    if (sameSpanLists(spans, baseRef.current)) return true;
    busy.current = true;
    setPhase({ kind: "saving" });
    try {
      const r = await saveAnnotation({ pairId, version: version.current, spans });
      if (r.ok && r.data?.spans && typeof r.data.version === "number") {
        adoptServer(r.data.spans, r.data.version, r.data.idMap);
        adoptStatuses(r.data);
        setPhase({ kind: "idle" });
        return true;
      }
      if (!r.ok && r.status === 409) {
        adoptConflict({ error: r.error });
        setPhase({ kind: "idle" });
        return false;
      }
      setPhase({ kind: "error", message: r.ok ? "the server did not confirm the save" : r.error.message });
      return false;
    } finally {
      busy.current = false;
    }
  }, [pairId, readOnly, adoptServer, adoptStatuses, adoptConflict, version, stateRef, baseRef, conflictRef]);

  // Debounced autosave: every change (edit, undo, redo, merge) restarts the timer.
  const { dirty, conflict, base } = editor;
  const revision = editor.state.revision;
  useEffect(() => {
    if (!dirty || conflict || readOnly) return;
    const t = setTimeout(() => void save(), AUTOSAVE_MS);
    return () => clearTimeout(t);
  }, [revision, dirty, conflict, readOnly, base, save]);

  /** Saves now (waits for a save in flight first); false when a conflict or error stopped it. */
  const flush = useCallback(async (): Promise<boolean> => {
    for (let i = 0; busy.current && i < 600; i++) await sleep(50);
    if (conflictRef.current) return false;
    return save();
  }, [save, conflictRef]);

  // Leaving: blur saves normally; unload/hide sends a keepalive request the browser completes after the page is gone.
  useEffect(() => {
    if (readOnly) return;
    const onBlur = () => void flush();
    const sendKeepalive = () => {
      const spans = stateRef.current.spans;
      if (busy.current || conflictRef.current || sameSpanLists(spans, baseRef.current)) return;
      saveAnnotationOnExit({ pairId, version: version.current, spans });
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
  }, [readOnly, flush, pairId, version, stateRef, baseRef, conflictRef]);

  /** Copies suggestions into my spans on the server, then into the editor as one undoable step. */
  const acceptSuggestions = useCallback(
    async (ids: string[]): Promise<void> => {
      if (readOnly || ids.length === 0) return;
      if (!(await flush()) && (conflictRef.current || dirtyNow())) return;
      busy.current = true;
      setPhase({ kind: "saving" });
      try {
        const r = await postAccept({ pairId, ids, version: version.current });
        if (r.ok && r.data?.spans && typeof r.data.version === "number") {
          const server = adoptServer(r.data.spans, r.data.version);
          adoptStatuses(r.data);
          const added = addFromServer(server);
          const skipped = r.data.skipped?.length ? ` (${r.data.skipped.length} already present)` : "";
          setNotice(`Accepted ${added.length} suggestion${added.length === 1 ? "" : "s"}${skipped}.`);
          setPhase({ kind: "idle" });
        } else if (!r.ok && r.status === 409) {
          adoptConflict({ error: r.error });
          setPhase({ kind: "idle" });
        } else {
          setPhase({ kind: "error", message: r.ok ? "the server did not confirm the change" : r.error.message });
        }
      } finally {
        busy.current = false;
      }
    },
    [readOnly, flush, pairId, adoptServer, adoptStatuses, adoptConflict, addFromServer, dirtyNow, setNotice, version, conflictRef],
  );

  /** Saves what is pending, then submits for review (the annotation locks); `noVital`: the answer "nothing here is vital". */
  const submit = useCallback(
    async (opts: { noVital?: boolean } = {}): Promise<void> => {
      if (readOnly) return;
      if (!(await flush()) && (conflictRef.current || dirtyNow())) return;
      busy.current = true;
      try {
        const r = await submitAnnotation({ pairId, version: version.current, ...(opts.noVital ? { noVital: true } : {}) });
        if (r.ok && r.data?.status) {
          adoptStatuses({ ...(r.data.pairStatus ? { pairStatus: r.data.pairStatus } : {}) });
          if (typeof r.data.version === "number") confirmVersion(r.data.version);
          setStatus(r.data.status);
          setNoVital(r.data.noVital === true);
          setNotice(r.data.noVital ? "Submitted for review: nothing here is vital." : "Submitted for review.");
        } else {
          setNotice(`Could not submit: ${r.ok ? "the server did not confirm it" : r.error.message}`);
        }
      } finally {
        busy.current = false;
      }
    },
    [readOnly, flush, pairId, adoptStatuses, confirmVersion, setStatus, setNotice, dirtyNow, version, conflictRef],
  );

  return { phase, setPhase, save, flush, acceptSuggestions, submit, noVital };
}
