import type { AnnotationStatus } from "@/lib/schemas/enums";
import type { StoredSpan } from "@/lib/schemas/spans";
import { toEditorSpan } from "./to-editor-span";
import type { EditorSpan } from "./types";

export interface ConflictInfo {
  reason: "version" | "locked";
  version: number;
  status: AnnotationStatus | null;
  /** The server's spans (theirs). */
  spans: EditorSpan[];
  message: string;
}

export type ConflictBody = { error?: { code?: string; message?: string; details?: unknown } };

/** A 409 body of PUT /annotation (details: AnnotationConflictDetails) → what the conflict dialog shows. */
export function readConflict(body: ConflictBody, currentVersion: number): ConflictInfo {
  const d = (body.error?.details ?? {}) as {
    reason?: "version" | "locked";
    version?: number;
    status?: AnnotationStatus | null;
    spans?: StoredSpan[];
  };
  // The server checks the version before the lock: a stale save of an annotation submitted meanwhile (another tab)
  // says "version", but a merge could not be saved either, so it is a lock.
  const lockedNow = d.status === "submitted" || d.status === "accepted";
  return {
    reason: lockedNow ? "locked" : (d.reason ?? "version"),
    version: d.version ?? currentVersion,
    status: d.status ?? null,
    spans: (d.spans ?? []).map(toEditorSpan),
    message:
      lockedNow && d.reason !== "locked"
        ? `The annotation was ${d.status} meanwhile; it cannot be edited now.`
        : (body.error?.message ?? "The annotation changed on the server."),
  };
}
