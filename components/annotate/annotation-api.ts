// The annotation routes the editor calls, through the typed API client: every request, answered as its operation says.
import { callApi } from "@/lib/client/call-api";
import { OPERATIONS } from "@/lib/schemas/operations";
import { toSpanInput } from "./to-editor-span";
import type { EditorSpan } from "./types";

/** Browsers refuse keepalive bodies over 64 KiB. */
const KEEPALIVE_MAX_BYTES = 60 * 1024;

const body = (version: number, spans: readonly EditorSpan[]) => ({ version, spans: spans.map(toSpanInput) });

/** PUT …/annotation: my whole span list at `version` (409 with the server's spans on a conflict). */
export function saveAnnotation(o: { pairId: string; version: number; spans: readonly EditorSpan[] }) {
  return callApi(OPERATIONS.saveAnnotation, { params: { id: o.pairId }, body: body(o.version, o.spans) });
}

/** The same save as a keepalive request the browser completes after the page is gone; false when too large to send. */
export function saveAnnotationOnExit(o: { pairId: string; version: number; spans: readonly EditorSpan[] }): boolean {
  const json = body(o.version, o.spans);
  if (JSON.stringify(json).length > KEEPALIVE_MAX_BYTES) return false;
  void callApi(OPERATIONS.saveAnnotation, { params: { id: o.pairId }, body: json }, { keepalive: true });
  return true;
}

/** POST …/suggestions/accept: copies suggestions into my spans on the server. */
export function acceptSuggestions(o: { pairId: string; version: number; ids: readonly string[] }) {
  return callApi(OPERATIONS.acceptSuggestions, { params: { id: o.pairId }, body: { ids: [...o.ids], version: o.version } });
}

/** POST …/annotation/submit: locks my annotation for review. */
export function submitAnnotation(o: {
  pairId: string;
  version: number;
  /** The answer "nothing here is vital". */
  noVital?: boolean;
}) {
  return callApi(OPERATIONS.submitAnnotation, { params: { id: o.pairId }, body: { version: o.version, ...(o.noVital ? { noVital: true } : {}) } });
}
