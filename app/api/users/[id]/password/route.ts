import { idParamsSchema } from "@/lib/schemas/ids";
import { resetPasswordSchema } from "@/lib/schemas/users";
import { resetPassword } from "@/lib/server/auth/reset-password";
import { readSessionToken } from "@/lib/server/auth/session-cookie";
import { hashSessionToken } from "@/lib/server/auth/session-token";
import { withAuth } from "@/lib/server/auth/with-auth";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { BODY_LIMITS } from "@/lib/server/http/body-limits";
import { readJsonBody } from "@/lib/server/http/read-json-body";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/users/{id}/password – set or generate a user's password (admin)
/**
 * POST {password?} → {user, generatedPassword?, sessionsEnded} (admin only): sets a new password, or generates one
 * (returned once) when none is given, and signs the user out everywhere (an admin resetting their own password keeps
 * this session).
 */
export const POST = withAuth({ permission: "user:manage", params: idParamsSchema }, async (req, { params: { id } }) => {
  // An empty body is fine: generate a password.
  const { password } = resetPasswordSchema.parse(await readJsonBody(req, { maxBytes: BODY_LIMITS.credentials, emptyAs: {} }));
  const token = readSessionToken(req.headers.get("cookie"));
  const result = await resetPassword({
    userId: id,
    ...(password !== undefined ? { password } : {}),
    ...(token ? { keepSessionId: hashSessionToken(token) } : {}),
  });
  return Response.json(result, { headers: { "Cache-Control": "no-store" } });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
