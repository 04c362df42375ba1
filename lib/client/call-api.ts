// The browser's typed way into the app's API: an operation of the contract (lib/schemas/operations.ts) and its
// inputs in, the answer its response schema documents out. The path, method, search params and body come from the
// operation, so a component names no URL and writes no response type by hand; apiFetch does the fetching and turns
// refusals into `{ok: false, error}`. Client-safe: fetch only, no React.
import type { ApiOperation, BodyInput, ParamsInput, QueryInput, ResponseBody } from "../schemas/api-contract";
import { apiFetch, type ApiFetchOptions, type ApiResult } from "./api-fetch";

type Nothing = Record<never, never>;

/** The search params a client gives: the query schema's input, with coerced fields (limits, thresholds) as their values. */
type QueryValues<Op extends ApiOperation> = {
  [K in keyof QueryInput<Op>]: unknown extends QueryInput<Op>[K] ? string | number | boolean : QueryInput<Op>[K];
};

/** What a call of `Op` takes: the path's `params`, the search params `query`, the JSON `body`, or an upload's `form`. */
export type CallInput<Op extends ApiOperation> = ([ParamsInput<Op>] extends [never] ? Nothing : { params: ParamsInput<Op> }) &
  ([QueryInput<Op>] extends [never] ? Nothing : Nothing extends QueryValues<Op> ? { query?: QueryValues<Op> } : { query: QueryValues<Op> }) &
  (Op extends { form: object } ? { form?: FormData } : Nothing) &
  ([BodyInput<Op>] extends [never]
    ? Nothing
    : Op extends { emptyBody: true } | { form: object }
      ? { body?: BodyInput<Op> }
      : { body: BodyInput<Op> });

/** How the request is sent, beyond what the operation says: extra headers (an API key), keepalive, a signal. */
export type CallOptions = Pick<ApiFetchOptions, "headers" | "keepalive" | "signal">;

/** `/api/v1/pairs/{id}/gold` with `{id: "p 1"}` → `/api/v1/pairs/p%201/gold`. */
export function operationPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === "") throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}

/** Search params as the routes read them: an array repeats its name, `undefined` and `null` are left out. */
export function toSearch(query: Record<string, unknown> = {}): string {
  const out = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined && v !== null) out.append(name, String(v));
  }
  const s = out.toString();
  return s ? `?${s}` : "";
}

/**
 * Calls one operation of the API: `callApi(OPERATIONS.getJob, { params: { id } })` → `ApiResult<{job: JobOut}>`.
 * Never throws (but for an aborted signal): a refusal, an HTTP failure or an unreachable server is `{ok: false, error}`.
 *
 *   const r = await callApi(OPERATIONS.updateDataset, { params: { id }, body: { showPredictions: false } });
 *   if (!r.ok) return setError(r.error.message);
 */
export function callApi<Op extends ApiOperation>(
  operation: Op,
  ...[input, options = {}]: Nothing extends CallInput<Op>
    ? [input?: CallInput<Op>, options?: CallOptions]
    : [input: CallInput<Op>, options?: CallOptions]
): Promise<ApiResult<ResponseBody<Op>>> {
  const { params, query, body, form } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
    form?: FormData;
  };
  const url = `${operationPath(operation.path, params)}${toSearch(query)}`;
  return apiFetch<ResponseBody<Op>>(url, {
    method: operation.method,
    ...(form ? { body: form } : body !== undefined ? { json: body } : {}),
    ...options,
  });
}
