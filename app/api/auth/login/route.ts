import { checkSameOrigin } from "@/lib/server/auth/check-same-origin";
import { deleteSession } from "@/lib/server/auth/delete-session";
import { getClientIp } from "@/lib/server/auth/get-client-ip";
import { isSecureRequest, readSessionToken, serializeSessionCookie } from "@/lib/server/auth/session-cookie";
import { signIn } from "@/lib/server/auth/sign-in";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * POST {email, password} → 200 {user} + session cookie; 401 bad credentials (or a disabled account); 429 with
 * Retry-After after 10 failures of one email+address in 15 minutes.
 */
export const POST = defineRoute(OPERATIONS.login, async ({ req, readBody, json }) => {
  checkSameOrigin(req);
  const { email, password } = await readBody();
  const { user, token, expiresAt } = await signIn({ email, password, ip: getClientIp(req) });
  // Replace, not add to, a session this browser already had.
  const previous = readSessionToken(req.headers.get("cookie"));
  if (previous) await deleteSession({ token: previous });
  return json({ user }, { headers: { "Set-Cookie": serializeSessionCookie({ token, expiresAt, secure: isSecureRequest(req) }) } });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
