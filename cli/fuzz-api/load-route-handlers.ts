import { readdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ROUTE_OPERATION, type DefinedRoute } from "../../lib/server/http/define-route";
import { API_OPERATIONS } from "../../lib/server/openapi/operations";

/** A route handler as Next calls it: the request and `{ params: Promise<…> }`. */
export type RouteHandler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

const ROOT = path.resolve(import.meta.dirname, "../..");
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/**
 * Every API handler of app/api by operationId, found the way Next finds them (the route.ts files) and matched to
 * their operation by the tag defineRoute puts on them; throws when an operation has no handler, so a new route is
 * fuzzed by construction.
 */
export async function loadRouteHandlers(): Promise<Map<string, RouteHandler>> {
  const dir = path.join(ROOT, "app", "api");
  const files = (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => path.basename(f) === "route.ts" && !f.includes("[..."))
    .map((f) => path.join(dir, f))
    .sort();
  const out = new Map<string, RouteHandler>();
  for (const file of files) {
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const method of METHODS) {
      const handler = mod[method] as DefinedRoute | undefined;
      const op = typeof handler === "function" ? handler[ROUTE_OPERATION] : undefined;
      if (op) out.set(op.operationId, handler as unknown as RouteHandler);
    }
  }
  const missing = API_OPERATIONS.filter((op) => !out.has(op.operationId)).map((op) => op.operationId);
  if (missing.length > 0) throw new Error(`no route handler found for ${missing.join(", ")}`);
  return out;
}
