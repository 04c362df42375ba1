import "server-only";
import type { z } from "zod";
import type { ApiOperation, JsonInput, JsonStatus, ResponseBody } from "@/lib/schemas/api-contract";
import type { SessionUser } from "@/lib/schemas/users";
import { withAuth } from "../auth/with-auth";
import { BODY_LIMITS } from "./body-limits";
import { handleRoute } from "./handle-route";
import { readJsonBody } from "./read-json-body";
import { withApiKey } from "./with-api-key";

/** Marks a handler defineRoute built with its operation, so tests pair route modules with API_OPERATIONS. */
export const ROUTE_OPERATION = Symbol.for("snippet-lab.route-operation");

type Parsed<Op, K extends "params" | "query", Else> = Op extends { [P in K]: infer S extends z.ZodType } ? z.output<S> : Else;

/** The JSON body an operation documents, as a handler may give it (a Date where the contract has its ISO string). */
export type JsonAnswer<Op extends ApiOperation> = JsonInput<ResponseBody<Op>>;

type JsonInit<Op extends ApiOperation> = Omit<ResponseInit, "status"> & { status?: JsonStatus<Op> };

/** What a route's handler gets, typed by its operation. */
export type RouteContext<Op extends ApiOperation> = {
  req: Request;
  /**
   * A JSON answer of the operation's documented shape with a status it documents and headers of its own
   * (`json({ user }, { status: 201 })`); returning the body itself sends it as 200.
   */
  json: 200 extends JsonStatus<Op>
    ? (body: JsonAnswer<Op>, init?: JsonInit<Op>) => Response
    : (body: JsonAnswer<Op>, init: JsonInit<Op> & { status: JsonStatus<Op> }) => Response;
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

/**
 * What a handler answers: its operation's JSON body (sent as 200, so only where 200 is a documented JSON answer), or a
 * Response (files, CSV, `json(…)` with another status or headers). A body of another shape is a type error.
 */
type HandlerAnswer<Op extends ApiOperation> = Response | (200 extends JsonStatus<Op> ? JsonAnswer<Op> : never);

export type RouteHandler<Op extends ApiOperation> = (ctx: RouteContext<Op>) => Promise<HandlerAnswer<Op>> | HandlerAnswer<Op>;

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
 * A route handler built from its OPERATIONS entry (lib/schemas/operations.ts), the one description of the
 * route: the guard (`auth`: withAuth with its permission and `params`, withApiKey, or handleRoute for public routes),
 * the search params parsed with `query`, the JSON body read with `bodyLimit` and parsed with `body`, errors mapped by
 * handleRoute. The handler's answer is typed by the entry's response schemas (RouteHandler). The OpenAPI document is
 * built from the same entries, so it describes what the handler does.
 *
 *   export const POST = defineRoute(OPERATIONS.createUser, async ({ readBody }) => …);
 */
export function defineRoute<Op extends ApiOperation>(operation: Op, handler: RouteHandler<Op>): DefinedRoute {
  const run = (req: Request, params: unknown, user: SessionUser | undefined): Promise<Response | object> | Response | object => {
    const search = new URL(req.url).searchParams;
    const query = operation.query?.parse(operation.readQuery ? operation.readQuery(search) : Object.fromEntries(search));
    const json = (body: unknown, init?: ResponseInit) => Response.json(body, init);
    // A JSON answer is an object (its schema's output); handleRoute sends it as 200.
    return handler({ req, json, params, query, user, readBody: bodyReader(operation, req) } as unknown as RouteContext<Op>) as
      Promise<Response | object> | Response | object;
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
