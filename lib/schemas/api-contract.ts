// The shape of the HTTP API's contract: what an operation of OPERATIONS (lib/schemas/operations.ts) says — its method
// and path, guard, parameters, body and the schemas of its answers — and the types the server and the browser derive
// from it (a handler's return type in defineRoute, what callApi sends and gets). Client-safe: zod types only.
import type { z } from "zod";
import type { Permission } from "../auth/policy";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** How a route is guarded: withApiKey, withAuth (session cookie, one permission) or nothing (handleRoute). */
export type ApiAuth = { kind: "apiKey" } | { kind: "session"; permission?: Permission } | { kind: "public" };

/** Error statuses an operation answers besides the ones its guard, parameters and body imply. */
export type ErrorStatus = 401 | 403 | 404 | 409 | 413 | 422 | 429 | 503;

/** The statuses an operation succeeds with. */
export type SuccessStatus = 200 | 201 | 202 | 303;

/** The named caps of JSON request bodies (lib/server/http/body-limits.ts gives each its bytes; 413 beyond). */
export type BodyLimitName =
  "credentials" | "scorePair" | "scoring" | "jobs" | "comment" | "dataset" | "annotation" | "gold" | "suggestionIds" | "compress";

export interface ApiResponse {
  status: SuccessStatus;
  description: string;
  /** The JSON body's schema: every JSON answer has one (the OpenAPI document, defineRoute and callApi read it). */
  schema?: z.ZodType;
  /** Other media types of the body (a file download, CSV, Prometheus text); beside a schema, JSON is one of them. */
  contentTypes?: string[];
  example?: unknown;
}

export const API_TAGS = {
  service: "Compression for scripts and services: API key when SNIPPET_LAB_API_KEYS is set.",
  auth: "Signing in and out: the session cookie the annotation app's routes need.",
  users: "Accounts and roles (admins).",
  datasets: "Datasets, pair creation, import, export and deletion.",
  pairs: "The queue, annotations, suggestions and model scores of pairs.",
  review: "Review, gold adjudication and agreement.",
  scoring: "Model scores of stored pairs, in batches.",
  jobs: "Background jobs (scoring whole datasets, sweeps): progress, cancel, resume.",
  research: "Research views' data for dashboards: frontiers, category breakdowns and judging the judge as JSON or CSV.",
  judge: "LLM judge runs over datasets: progress, tokens, cost, matching rates per step, failures, resume.",
  meta: "This document.",
} as const;
export type ApiTag = keyof typeof API_TAGS;

export interface ApiOperation {
  method: HttpMethod;
  /** URL path with `{name}` for dynamic segments. */
  path: string;
  /** The client method's name in generated clients; names the request and response schemas too. */
  operationId: string;
  /** The purpose, in a line. */
  summary: string;
  /** More for the reader (CommonMark). */
  description?: string;
  tag: ApiTag;
  auth: ApiAuth;
  /** The dynamic segments (withAuth parses them before the handler runs). */
  params?: z.ZodObject;
  /** The search params (defineRoute parses them before the handler runs). */
  query?: z.ZodObject;
  /** What `query` parses from the URL's search params; default: each name's last value (`Object.fromEntries`). */
  readQuery?: (search: URLSearchParams) => unknown;
  /** JSON request body: with `bodyLimit`, read and parsed by defineRoute (`readBody`); a `form` route reads its own. */
  body?: z.ZodType;
  /** The cap of the JSON body (BODY_LIMITS, 413 beyond it). */
  bodyLimit?: BodyLimitName;
  /** Appended to the 413's message. */
  bodyLimitHint?: string;
  /** An empty body is read as `{}`. */
  emptyBody?: boolean;
  example?: unknown;
  /** multipart/form-data: the fields of `schema` plus file parts (`files`); `raw`: the file as the whole body instead. */
  form?: { schema?: z.ZodObject; fields?: Record<string, string>; files: { name: string; description: string; multiple?: boolean }; raw?: string };
  responses: readonly ApiResponse[];
  errors?: (ErrorStatus | { status: ErrorStatus; description: string })[];
}

/** A JSON answer: its schema, what it means, and its status (200 unless given). */
export function jsonResponse<S extends z.ZodType, St extends SuccessStatus = 200>(
  schema: S,
  description: string,
  status: St = 200 as St,
): { status: St; description: string; schema: S } {
  return { status, description, schema };
}

/** The entries keyed by operationId, each given its id; their own types kept, so a route's handler is typed by them. */
export function withOperationIds<T extends Record<string, Omit<ApiOperation, "operationId">>>(
  entries: T,
): { [K in keyof T & string]: T[K] & { operationId: K } } {
  return Object.fromEntries(Object.entries(entries).map(([operationId, op]) => [operationId, { ...op, operationId }])) as {
    [K in keyof T & string]: T[K] & { operationId: K };
  };
}

// ---------- types derived from an operation ----------

type OutputOf<R> = R extends { schema: infer S extends z.ZodType } ? z.output<S> : never;
type StatusOf<R> = R extends { schema: z.ZodType; status: infer St extends SuccessStatus } ? St : never;

/** What an operation's JSON answers hold, as the client receives them (the union over its JSON responses). */
export type ResponseBody<Op extends ApiOperation> = OutputOf<Op["responses"][number]>;

/** The statuses an operation answers with a JSON body. */
export type JsonStatus<Op extends ApiOperation> = StatusOf<Op["responses"][number]>;

/**
 * What a handler may return for a JSON body of type T: T itself, with a Date wherever a string is (JSON sends a Date
 * as its ISO string, as `zTimestamp` documents it). Arrays may be readonly.
 */
export type JsonInput<T> = T extends string
  ? string extends T
    ? string | Date
    : T
  : T extends readonly (infer U)[]
    ? readonly JsonInput<U>[]
    : T extends object
      ? { [K in keyof T]: JsonInput<T[K]> }
      : T;

/** The path's dynamic segments as a client gives them. */
export type ParamsInput<Op extends ApiOperation> = Op extends { params: infer P extends z.ZodType } ? z.input<P> : never;
/** The search params as a client gives them (parsed by `query` on the server). */
export type QueryInput<Op extends ApiOperation> = Op extends { query: infer Q extends z.ZodType } ? z.input<Q> : never;
/** The JSON body as a client sends it. */
export type BodyInput<Op extends ApiOperation> = Op extends { body: infer B extends z.ZodType } ? z.input<B> : never;
