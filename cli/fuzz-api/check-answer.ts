import { STATUS_BY_CODE } from "../../lib/server/http/handle-route";
import type { ApiOperation } from "../../lib/server/openapi/operations";
import type { RowCounts } from "./database-probe";

// The invariants every fuzzed answer is held to.

export type FailureKind = "server-error" | "undocumented-status" | "error-shape" | "stored-on-refusal" | "response-schema" | "threw" | "timeout";

export type AnswerProblem = { kind: FailureKind; message: string };

/**
 * Content-addressed caches of computation (segmented documents, unit similarities, unit scores): a request that
 * prepared documents before it failed (a research view whose LLM judge was down) stored what any later request
 * computes and stores the same; nobody's data. Any other table is held to "nothing stored".
 */
export const CACHE_TABLES: readonly string[] = ["DocumentUnits", "UnitSimilarity", "ModelRunUnits"];

/** Rows a refused request may write, by design (table names by operationId). */
export const ALLOWED_REFUSAL_WRITES: Record<string, { tables: readonly string[]; why: string }> = {
  login: { tables: ["SignInFailure"], why: "a refused sign-in is counted (SignInFailure) so that 10 failures answer 429" },
};

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** The error shape every error response promises (`{error: {code, message}}`, the code's status); null when it holds. */
export function errorShapeProblem(status: number, text: string): string | null {
  const parsed = parseJson(text);
  if (!parsed.ok) return `error body is not JSON: ${text.slice(0, 80)}`;
  const error = (parsed.value as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (!error || typeof error.code !== "string" || typeof error.message !== "string") return "error body is not {error: {code, message}}";
  const expected = STATUS_BY_CODE[error.code as keyof typeof STATUS_BY_CODE];
  if (expected !== status) return `error code ${error.code} answered with status ${status}`;
  return null;
}

export type CheckAnswerOptions = {
  operation: ApiOperation;
  /** The statuses the OpenAPI document gives the operation (documentedStatuses). */
  documented: ReadonlySet<number>;
  status: number;
  text: string;
  /** Row counts of every table before and after the request. */
  before: RowCounts;
  after: RowCounts;
};

/**
 * Never a 5xx (a 503 only where the operation documents one: a judge or model the request needs is unavailable),
 * never an undocumented status, errors in the one error shape, nothing stored or removed by a refused request, and a
 * success that parses with the response schema the document gives.
 */
export function checkAnswer({ operation, documented, status, text, before, after }: CheckAnswerOptions): AnswerProblem[] {
  const problems: AnswerProblem[] = [];
  if (status >= 500 && !(status === 503 && documented.has(503))) problems.push({ kind: "server-error", message: text.slice(0, 300) });
  else if (!documented.has(status)) problems.push({ kind: "undocumented-status", message: text.slice(0, 300) });
  if (status >= 400) {
    const shape = errorShapeProblem(status, text);
    if (shape) problems.push({ kind: "error-shape", message: shape });
    const exempt = [...CACHE_TABLES, ...(ALLOWED_REFUSAL_WRITES[operation.operationId]?.tables ?? [])];
    const changed = Object.keys({ ...before, ...after }).filter((t) => after[t] !== before[t] && !exempt.includes(t));
    if (changed.length > 0) {
      const what = changed.map((t) => `${t} ${before[t] ?? 0} → ${after[t] ?? 0}`).join(", ");
      problems.push({ kind: "stored-on-refusal", message: `rows changed: ${what}; answer: ${text.slice(0, 200)}` });
    }
    return problems;
  }
  const response = operation.responses.find((r) => r.status === status);
  const schema = response?.schema;
  if (schema) {
    const parsed = parseJson(text);
    // A research route's CSV (`format=csv`): the other media type its answer documents, not JSON to parse.
    if (!parsed.ok && response.contentTypes?.length) return problems;
    const result = schema.safeParse(parsed.ok ? parsed.value : text);
    if (!result.success) problems.push({ kind: "response-schema", message: result.error.message.slice(0, 300) });
  }
  return problems;
}
