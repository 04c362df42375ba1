import "server-only";
import type { z } from "zod";
import { AppError } from "../../errors";
import { assertPermission, type Permission } from "../../auth/policy";
import type { SessionUser } from "@/lib/schemas/users";
import type { Db } from "../db/client";
import { handleRoute } from "../http/handle-route";
import { checkSameOrigin } from "./check-same-origin";
import { getSessionUser } from "./get-session-user";
import { isSecureRequest, readSessionToken, serializeSessionCookie } from "./session-cookie";

export type WithAuthOptions<P> = {
  /** Omit to only require a signed-in user (any role). */
  permission?: Permission;
  /** The route's dynamic segments (`{ id }` of `[id]`): validated before the handler runs (400 naming the segment). */
  params?: z.ZodType<P>;
  /** Tests: a database and clock of their own. */
  db?: Db;
  now?: () => Date;
};

/** What the handler gets: the validated params (an empty object when the route declares none). */
export type AuthedContext<P> = { params: P };

export type AuthedHandler<P> = (req: Request, ctx: AuthedContext<P>, user: SessionUser) => Promise<Response | object> | Response | object;

function withHeader(res: Response, name: string, value: string): Response {
  // A copy: responses from fetch() or Response.redirect() have immutable headers.
  const copy = new Response(res.body, res);
  copy.headers.append(name, value);
  return copy;
}

/** Next passes `{ params: Promise<…> }`; tests of routes without segments may pass nothing. */
async function readParams<P>(ctx: unknown, schema: z.ZodType<P> | undefined): Promise<P> {
  const raw = await (ctx as { params?: Promise<unknown> } | undefined)?.params;
  return schema ? schema.parse(raw ?? {}) : ({} as P);
}

/**
 * The route-handler guard: session cookie → user (401 when missing, expired or disabled), role → permission (403),
 * Origin check for state-changing methods (403), params → `options.params` (400), then `handler`. Errors map through
 * handleRoute, so a handler throws AppError as usual. A slid session expiry re-sends the cookie; a dead cookie is
 * cleared. Service routes that scripts call with a key use withApiKey instead.
 *
 *   export const GET = withAuth({ permission: "pair:read", params: idParamsSchema }, async (req, { params }, user) => …);
 */
export function withAuth<P = Record<string, never>>(
  options: WithAuthOptions<P>,
  handler: AuthedHandler<P>,
): (req: Request, ctx?: unknown) => Promise<Response> {
  const { permission, params: paramsSchema, db, now } = options;
  return async (req, ctx) => {
    let setCookie: string | null = null;
    const route = handleRoute(async (r: Request) => {
      const token = readSessionToken(r.headers.get("cookie"));
      if (!token) throw new AppError("UNAUTHORIZED", "Sign in required.");
      const lookup = await getSessionUser({ token, db, ...(now ? { now: now() } : {}) });
      if (!lookup) {
        setCookie = serializeSessionCookie({ token: null, secure: isSecureRequest(r) });
        throw new AppError("UNAUTHORIZED", "Your session has expired or was signed out. Sign in again.");
      }
      checkSameOrigin(r);
      if (permission) assertPermission(lookup.user, permission);
      if (lookup.extended) {
        setCookie = serializeSessionCookie({ token, expiresAt: lookup.expiresAt, secure: isSecureRequest(r) });
      }
      const params = await readParams(ctx, paramsSchema);
      return handler(r, { params }, lookup.user);
    });
    const res = await route(req, undefined);
    return setCookie ? withHeader(res, "Set-Cookie", setCookie) : res;
  };
}
