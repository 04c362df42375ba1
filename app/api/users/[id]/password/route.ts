import { AppError } from "@/lib/errors";
import { resetPasswordSchema } from "@/lib/auth/schemas";
import { resetPassword } from "@/lib/server/auth/reset-password";
import { readSessionToken } from "@/lib/server/auth/session-cookie";
import { hashSessionToken } from "@/lib/server/auth/session-token";
import { withAuth } from "@/lib/server/auth/with-auth";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { readBodyBytes } from "@/lib/server/http/read-body-bytes";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/**
 * POST {password?} → {user, generatedPassword?, sessionsEnded} (admin only): sets a new password, or generates one
 * (returned once) when none is given, and signs the user out everywhere (an admin resetting their own password keeps
 * this session).
 */
export const POST = withAuth<Ctx>({ permission: "user:manage" }, async (req, { params }) => {
  const { id } = await params;
  // An empty body is fine: generate a password.
  const bytes = await readBodyBytes(req, { maxBytes: 16 * 1024 });
  let raw: unknown = {};
  if (bytes.byteLength > 0) {
    try {
      raw = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    } catch {
      throw new AppError("BAD_REQUEST", "request body is not valid JSON: send {} or {\"password\": \"…\"}");
    }
  }
  const { password } = resetPasswordSchema.parse(raw);
  const token = readSessionToken(req.headers.get("cookie"));
  const result = await resetPassword({
    userId: id,
    ...(password !== undefined ? { password } : {}),
    ...(token ? { keepSessionId: hashSessionToken(token) } : {}),
  });
  return Response.json(result, { headers: { "Cache-Control": "no-store" } });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
