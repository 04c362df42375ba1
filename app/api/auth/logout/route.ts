import { checkSameOrigin } from "@/lib/server/auth/check-same-origin";
import { deleteSession } from "@/lib/server/auth/delete-session";
import { isSecureRequest, readSessionToken, serializeSessionCookie } from "@/lib/server/auth/session-cookie";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * POST → deletes the session and clears the cookie. JSON {ok: true} for fetch(); a 303 to /login for the plain
 * <form method="post"> in the header (works without JavaScript).
 */
export const POST = defineRoute(OPERATIONS.logout, async ({ req, json }) => {
  checkSameOrigin(req);
  const token = readSessionToken(req.headers.get("cookie"));
  if (token) await deleteSession({ token });
  const cookie = serializeSessionCookie({ token: null, secure: isSecureRequest(req) });
  const type = req.headers.get("content-type") ?? "";
  if (type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")) {
    return new Response(null, { status: 303, headers: { Location: "/login", "Set-Cookie": cookie } });
  }
  return json({ ok: true }, { headers: { "Set-Cookie": cookie } });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
