import "server-only";
import { AppError } from "../../errors";
import { errorToResponse } from "./handle-route";

/** The methods Next.js routes to a route handler (HEAD and OPTIONS aside: see below). */
export const ROUTE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];

type Handler = (req: Request) => Promise<Response>;

/** Marks the 405 handlers, so a test can tell them from a route's real ones. */
export const NOT_ALLOWED_HANDLER = Symbol.for("snippet-lab.method-not-allowed");

/** The Allow header of a route that implements `allowed` (HEAD comes with GET; OPTIONS always). */
export function allowHeader(allowed: readonly RouteMethod[]): string {
  const list: string[] = ROUTE_METHODS.filter((m) => allowed.includes(m));
  if (allowed.includes("GET")) list.push("HEAD");
  list.push("OPTIONS");
  return list.join(", ");
}

/**
 * Handlers for every method a route does NOT implement: 405 METHOD_NOT_ALLOWED in the documented JSON error shape
 * with an Allow header (Next.js answers a missing export with an empty 405), and OPTIONS → 204 with the same Allow
 * (Next's automatic OPTIONS would list these 405 handlers too). Destructure the ones the route lacks; TypeScript
 * refuses a name the file already exports:
 *
 *   export const POST = handleRoute(...);
 *   export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
 *
 * lib/server/http/route-methods.test.ts checks every route file under app/ does this.
 */
export function methodNotAllowed(allowed: readonly RouteMethod[]): Record<RouteMethod | "OPTIONS", Handler> {
  const allow = allowHeader(allowed);
  const refuse: Handler = Object.assign(
    async (req: Request) =>
      errorToResponse(
        new AppError("METHOD_NOT_ALLOWED", `${req.method} is not supported here; use ${allowed.join(" or ")}.`, {
          allow: allow.split(", "),
        }),
      ),
    { [NOT_ALLOWED_HANDLER]: true },
  );
  const options: Handler = async () => new Response(null, { status: 204, headers: { Allow: allow } });
  return { GET: refuse, POST: refuse, PUT: refuse, PATCH: refuse, DELETE: refuse, OPTIONS: options };
}
