import { resetPassword } from "@/lib/server/auth/reset-password";
import { readSessionToken } from "@/lib/server/auth/session-cookie";
import { hashSessionToken } from "@/lib/server/auth/session-token";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * POST {password?} → {user, generatedPassword?, sessionsEnded} (admin only): sets a new password, or generates one
 * (returned once) when none is given, and signs the user out everywhere (an admin resetting their own password keeps
 * this session).
 */
export const POST = defineRoute(OPERATIONS.resetPassword, async ({ req, params: { id }, readBody, user, json }) => {
  // An empty body is fine: generate a password.
  const { password } = await readBody();
  const token = readSessionToken(req.headers.get("cookie"));
  const result = await resetPassword({
    userId: id,
    ...(password !== undefined ? { password } : {}),
    ...(token ? { keepSessionId: hashSessionToken(token) } : {}),
    actorId: user.id,
  });
  return json(result, { headers: { "Cache-Control": "no-store" } });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
