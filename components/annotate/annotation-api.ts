// The annotation routes the editor calls, through the one API client: every request and the shape of its answer.
import { apiFetch, type ApiResult } from "@/lib/client/api-fetch";
import type { AnnotationStatus, PairStatus } from "@/lib/schemas/enums";
import type { StoredSpan } from "@/lib/schemas/spans";
import { toSpanInput } from "./to-editor-span";
import type { EditorSpan } from "./types";

/** Browsers refuse keepalive bodies over 64 KiB. */
const KEEPALIVE_MAX_BYTES = 60 * 1024;

const base = (pairId: string) => `/api/v1/pairs/${encodeURIComponent(pairId)}`;

/** What a save or an accept answers: the server's spans and version, and the statuses they led to. */
export type SavedAnnotation = {
  version: number;
  spans: StoredSpan[];
  status?: AnnotationStatus;
  pairStatus?: PairStatus;
  /** Client temp id → server id of the spans this save created. */
  idMap?: Record<string, string>;
  /** Accept: suggestions already in the annotation. */
  skipped?: string[];
};

const body = (version: number, spans: readonly EditorSpan[]) => ({ version, spans: spans.map(toSpanInput) });

/** PUT …/annotation: my whole span list at `version` (409 with the server's spans on a conflict). */
export function saveAnnotation(o: { pairId: string; version: number; spans: readonly EditorSpan[] }): Promise<ApiResult<SavedAnnotation>> {
  return apiFetch<SavedAnnotation>(`${base(o.pairId)}/annotation`, { method: "PUT", json: body(o.version, o.spans) });
}

/** The same save as a keepalive request the browser completes after the page is gone; false when too large to send. */
export function saveAnnotationOnExit(o: { pairId: string; version: number; spans: readonly EditorSpan[] }): boolean {
  const json = body(o.version, o.spans);
  if (JSON.stringify(json).length > KEEPALIVE_MAX_BYTES) return false;
  void apiFetch(`${base(o.pairId)}/annotation`, { method: "PUT", json, keepalive: true });
  return true;
}

/** POST …/suggestions/accept: copies suggestions into my spans on the server. */
export function acceptSuggestions(o: { pairId: string; version: number; ids: readonly string[] }): Promise<ApiResult<SavedAnnotation>> {
  return apiFetch<SavedAnnotation>(`${base(o.pairId)}/suggestions/accept`, { json: { ids: o.ids, version: o.version } });
}

/** POST …/annotation/submit: locks my annotation for review. */
export function submitAnnotation(o: {
  pairId: string;
  version: number;
  /** The answer "nothing here is vital". */
  noVital?: boolean;
}): Promise<ApiResult<{ status: AnnotationStatus; version?: number; pairStatus?: PairStatus; noVital?: boolean }>> {
  return apiFetch(`${base(o.pairId)}/annotation/submit`, { json: { version: o.version, ...(o.noVital ? { noVital: true } : {}) } });
}
