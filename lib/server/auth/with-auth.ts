import "server-only";
import { AppError } from "../../errors";
import { assertPermission, type Permission } from "../../auth/policy";
import type { Db } from "../db/client";
import { handleRoute, type HandleRouteOptions } from "../http/handle-route";
import { checkSameOrigin } from "./check-same-origin";
import { getSessionUser } from "./get-session-user";
import { isSecureRequest, readSessionToken, serializeSessionCookie } from "./session-cookie";
import type { SessionUser } from "./types";

export type WithAuthOptions = HandleRouteOptions & {
  /** Omit to only require a signed-in user (any role). */
  permission?: Permission;
  /** Tests: a database and clock of their own. */
  db?: Db;
  now?: () => Date;
};

export type AuthedHandler<Ctx> = (
  req: Request,
  ctx: Ctx,
  user: SessionUser,
) => Promise<Response | object> | Response | object;

function withHeader(res: Response, name: string, value: string): Response {
  // A copy: responses from fetch() or Response.redirect() have immutable headers.
  const copy = new Response(res.body, res);
  copy.headers.append(name, value);
  return copy;
}

/**
 * The route-handler guard: session cookie → user (401 when missing, expired or disabled), role → permission (403),
 * Origin check for state-changing methods (403), then `handler`. Errors map through handleRoute, so a handler throws
 * AppError as usual. A slid session expiry re-sends the cookie; a dead cookie is cleared.
 *
 *   export const GET = withAuth({ permission: "pair:read" }, async (req, ctx, user) => ({ ... }));
 */
export function withAuth<Ctx = unknown>(
  options: WithAuthOptions,
  handler: AuthedHandler<Ctx>,
): (req: Request, ctx: Ctx) => Promise<Response> {
  const { permission, db, now, ...routeOptions } = options;
  return async (req, ctx) => {
    let setCookie: string | null = null;
    const route = handleRoute<Ctx>(async (r, c) => {
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
      return handler(r, c, lookup.user);
    }, { ...routeOptions, requireApiKey: false });
    const res = await route(req, ctx);
    return setCookie ? withHeader(res, "Set-Cookie", setCookie) : res;
  };
}
