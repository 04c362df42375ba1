import "server-only";
import type { z } from "zod";
import type { SessionUser } from "@/lib/schemas/users";
import { withAuth } from "../auth/with-auth";
import type { ApiOperation } from "../openapi/operations";
import { BODY_LIMITS } from "./body-limits";
import { handleRoute } from "./handle-route";
import { readJsonBody } from "./read-json-body";
import { withApiKey } from "./with-api-key";

/** Marks a handler defineRoute built with its operation, so tests pair route modules with API_OPERATIONS. */
export const ROUTE_OPERATION = Symbol.for("snippet-lab.route-operation");

type Parsed<Op, K extends "params" | "query", Else> = Op extends { [P in K]: infer S extends z.ZodType } ? z.output<S> : Else;

/** What a route's handler gets, typed by its operation. */
export type RouteContext<Op extends ApiOperation> = {
  req: Request;
  /** The path's dynamic segments, parsed with `params` (400 naming the segment); `{}` without. */
  params: Parsed<Op, "params", Record<string, never>>;
  /** The search params, parsed with `query` (400 listing the bad ones). */
  query: Parsed<Op, "query", undefined>;
  /** The signed-in user of a session route. */
  user: Op extends { auth: { kind: "session" } } ? SessionUser : undefined;
} & (Op extends { body: infer B extends z.ZodType; bodyLimit: keyof typeof BODY_LIMITS }
  ? {
      /**
       * The JSON body, capped at `bodyLimit` (413) and parsed with `body` (400); `{}` when empty and `emptyBody`.
       * Read when the handler asks, so what it checks first (the origin, the metrics) comes first, as before.
       */
      readBody: () => Promise<z.output<B>>;
    }
  : unknown);

export type RouteHandler<Op extends ApiOperation> = (ctx: RouteContext<Op>) => Promise<Response | object> | Response | object;

/** A Next.js route handler, tagged with the operation it implements. */
export type DefinedRoute = ((req: Request, ctx?: unknown) => Promise<Response>) & { readonly [ROUTE_OPERATION]: ApiOperation };

/** `body`'s reader: once per request, whenever the handler first asks. */
function bodyReader(operation: ApiOperation, req: Request): () => Promise<unknown> {
  const { body: schema, bodyLimit } = operation;
  if (!schema || !bodyLimit) return () => Promise.reject(new Error(`${operation.operationId}: no JSON body to read`));
  let read: Promise<unknown> | undefined;
  return () =>
    (read ??= readJsonBody(req, {
      maxBytes: BODY_LIMITS[bodyLimit],
      ...(operation.bodyLimitHint ? { hint: operation.bodyLimitHint } : {}),
      ...(operation.emptyBody ? { emptyAs: {} } : {}),
    }).then((raw) => schema.parse(raw)));
}

/**
 * A route handler built from its API_OPERATIONS entry (lib/server/openapi/operations.ts), the one description of the
 * route: the guard (`auth`: withAuth with its permission and `params`, withApiKey, or handleRoute for public routes),
 * the search params parsed with `query`, the JSON body read with `bodyLimit` and parsed with `body`, errors mapped by
 * handleRoute. The OpenAPI document is built from the same entries, so it describes what the handler does.
 *
 *   export const POST = defineRoute(OPERATIONS.createUser, async ({ readBody }) => …);
 */
export function defineRoute<Op extends ApiOperation>(operation: Op, handler: RouteHandler<Op>): DefinedRoute {
  const run = (req: Request, params: unknown, user: SessionUser | undefined) => {
    const search = new URL(req.url).searchParams;
    const query = operation.query?.parse(operation.readQuery ? operation.readQuery(search) : Object.fromEntries(search));
    return handler({ req, params, query, user, readBody: bodyReader(operation, req) } as unknown as RouteContext<Op>);
  };
  const { auth } = operation;
  const route =
    auth.kind === "session"
      ? withAuth(
          { ...(auth.permission ? { permission: auth.permission } : {}), ...(operation.params ? { params: operation.params } : {}) },
          (req, { params }, user) => run(req, params, user),
        )
      : auth.kind === "apiKey"
        ? withApiKey((req) => run(req, {}, undefined))
        : handleRoute((req) => run(req, {}, undefined));
  return Object.assign(route, { [ROUTE_OPERATION]: operation });
}
