import { isAppError } from "@/lib/errors";
import { canReachGold } from "@/lib/auth/policy";
import { safeNextPath } from "@/lib/auth/safe-next-path";
import { withAuth } from "@/lib/server/auth/with-auth";
import { getNextPair } from "@/lib/server/db/annotations/get-next-pair";
import { parseQueueSearchParams, queueFilterQuery, withQuery } from "@/lib/schemas/queue";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** A relative Location: correct behind proxies that rewrite Host (req.url would name the internal address). */
function redirectTo(location: string): Response {
  return new Response(null, { status: 302, headers: { Location: location, "Cache-Control": "no-store" } });
}

const next = withAuth({ permission: "pair:read" }, async (req, _ctx, user) => {
  const url = new URL(req.url);
  const { todo: _todo, limit: _limit, cursor, ...search } = parseQueueSearchParams(url.searchParams, { userId: user.id });
  const after = url.searchParams.get("after")?.trim() || undefined;
  const filters = queueFilterQuery(url.searchParams);
  // Blind annotation: the same order the caller's queue shows (scores they are blind to sort as none).
  const blind = canReachGold(user.role) ? {} : { blindViewerId: user.id };
  const find = (c: string | undefined) =>
    getNextPair({ ...search, ...blind, ...(after ? { currentPairId: after } : {}), ...(c ? { cursor: c } : {}) });
  let found;
  try {
    found = await find(cursor);
  } catch (e) {
    // A cursor from another sort order (the user changed the sort meanwhile): position by the pair instead.
    if (!(cursor && isAppError(e) && e.code === "UNPROCESSABLE")) throw e;
    found = await find(undefined);
  }
  if (!found) return redirectTo(withQuery("/pairs", filters, "done=1"));
  return redirectTo(withQuery(`/pairs/${encodeURIComponent(found.id)}`, filters, `cursor=${encodeURIComponent(found.cursor)}`));
});

// GET /pairs/next – redirect to the next pair of the filtered queue
/**
 * GET /pairs/next?after=<pairId>&cursor=<item cursor>&<queue filters> → 302 to the next pair of the filtered, sorted
 * queue (`/pairs/{id}?<filters>&cursor=…`), or back to `/pairs?<filters>&done=1` at the end. Browsers that are
 * signed out are sent to /login?next=<this URL> instead of a JSON 401; API clients still get the JSON error.
 */
export async function GET(req: Request, ctx: unknown): Promise<Response> {
  const res = await next(req, ctx);
  if (res.status !== 401 || !(req.headers.get("accept") ?? "").includes("text/html")) return res;
  const url = new URL(req.url);
  const login = redirectTo(`/login?next=${encodeURIComponent(safeNextPath(`${url.pathname}${url.search}`))}`);
  // Keep the cookie-clearing header withAuth set for a dead session.
  const cookie = res.headers.get("set-cookie");
  if (cookie) login.headers.append("Set-Cookie", cookie);
  return login;
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
