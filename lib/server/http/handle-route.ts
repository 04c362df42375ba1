import "server-only";
import { ZodError } from "zod";
import { AppError, isAppError, type AppErrorCode } from "../../errors";

/** The one place AppError codes become HTTP statuses. */
export const STATUS_BY_CODE: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

export interface ErrorBody {
  error: { code: AppErrorCode; message: string; details?: unknown };
}

function pathOf(path: readonly PropertyKey[]): string {
  return path.length === 0 ? "(body)" : path.map((p) => String(p)).join(".");
}

/** ZodError → AppError: BAD_REQUEST listing every path, or PAYLOAD_TOO_LARGE when a size issue says so. */
export function zodToAppError(e: ZodError): AppError {
  const issues = e.issues.map((i) => ({ path: pathOf(i.path), message: i.message, code: i.code }));
  const tooLarge = e.issues.some((i) => i.code === "custom" && (i as { params?: { status?: number } }).params?.status === 413);
  const list = issues
    .slice(0, 20)
    .map((i) => `${i.path}: ${i.message}`)
    .join("; ");
  const more = issues.length > 20 ? `; and ${issues.length - 20} more` : "";
  return new AppError(tooLarge ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST", `invalid request: ${list}${more}`, { issues });
}

export function jsonError(err: AppError, headers?: HeadersInit): Response {
  const body: ErrorBody = { error: { code: err.code, message: err.message } };
  if (err.details !== undefined) body.error.details = err.details;
  return Response.json(body, { status: STATUS_BY_CODE[err.code], headers });
}

/** Headers an error status calls for: WWW-Authenticate (401), Allow (405), Retry-After (429). */
function headersFor(e: AppError): Record<string, string> | undefined {
  const details = (e.details ?? {}) as { allow?: unknown; retryAfterSeconds?: unknown };
  if (e.code === "UNAUTHORIZED") return { "WWW-Authenticate": 'Bearer realm="snippet-lab"' };
  if (e.code === "METHOD_NOT_ALLOWED" && Array.isArray(details.allow)) return { Allow: details.allow.join(", ") };
  if (e.code === "TOO_MANY_REQUESTS" && typeof details.retryAfterSeconds === "number") {
    return { "Retry-After": String(Math.max(1, Math.ceil(details.retryAfterSeconds))) };
  }
  return undefined;
}

/** Any thrown value → JSON error response; unknown errors are logged and answered 500 without internals. */
export function errorToResponse(e: unknown): Response {
  if (isAppError(e)) {
    if (e.code === "INTERNAL") console.error("[api] internal error:", e);
    return jsonError(e, headersFor(e));
  }
  if (e instanceof ZodError) return jsonError(zodToAppError(e));
  console.error("[api] unhandled error:", e);
  return jsonError(new AppError("INTERNAL", "internal server error"));
}

/**
 * Wraps a route handler: error mapping (AppError and ZodError → the JSON error shape, anything else → 500), and plain
 * values turned into JSON 200 responses. Authentication is the caller's: withAuth (session) or withApiKey (service
 * routes), never guessed from the path.
 */
export function handleRoute<Ctx = unknown>(
  handler: (req: Request, ctx: Ctx) => Promise<Response | object> | Response | object,
): (req: Request, ctx: Ctx) => Promise<Response> {
  return async (req, ctx) => {
    try {
      const out = await handler(req, ctx);
      return out instanceof Response ? out : Response.json(out);
    } catch (e) {
      return errorToResponse(e);
    }
  };
}
