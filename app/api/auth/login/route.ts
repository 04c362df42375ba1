import { isAppError } from "@/lib/errors";
import { loginSchema } from "@/lib/auth/schemas";
import { checkSameOrigin } from "@/lib/server/auth/check-same-origin";
import { deleteSession } from "@/lib/server/auth/delete-session";
import { getClientIp } from "@/lib/server/auth/get-client-ip";
import { isSecureRequest, readSessionToken, serializeSessionCookie } from "@/lib/server/auth/session-cookie";
import { signIn } from "@/lib/server/auth/sign-in";
import { handleRoute, jsonError } from "@/lib/server/http/handle-route";
import { readJsonBody } from "@/lib/server/http/read-json-body";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** POST {email, password} → 200 {user} + session cookie; 401 bad credentials; 429 (Retry-After) when rate limited. */
export const POST = handleRoute(async (req) => {
  checkSameOrigin(req);
  const { email, password } = loginSchema.parse(await readJsonBody(req, { maxBytes: 16 * 1024 }));
  try {
    const { user, token, expiresAt } = await signIn({ email, password, ip: getClientIp(req) });
    // Replace, not add to, a session this browser already had.
    const previous = readSessionToken(req.headers.get("cookie"));
    if (previous) await deleteSession({ token: previous });
    return Response.json(
      { user },
      { headers: { "Set-Cookie": serializeSessionCookie({ token, expiresAt, secure: isSecureRequest(req) }) } },
    );
  } catch (e) {
    const details = isAppError(e) ? (e.details as { reason?: string; retryAfterSeconds?: number } | undefined) : undefined;
    if (isAppError(e) && details?.reason === "rate_limited") {
      // Same JSON error shape as every other error, with the status rate limiting deserves.
      const res = jsonError(e, { "Retry-After": String(details.retryAfterSeconds ?? 60) });
      return new Response(res.body, { status: 429, headers: res.headers });
    }
    throw e;
  }
});
