import { idParamsSchema } from "@/lib/schemas/ids";
import { updateUserSchema } from "@/lib/schemas/users";
import { updateUser } from "@/lib/server/auth/update-user";
import { withAuth } from "@/lib/server/auth/with-auth";
import { BODY_LIMITS } from "@/lib/server/http/body-limits";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { readJsonBody } from "@/lib/server/http/read-json-body";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// PATCH /api/users/{id} – change a user's role, name or disabled state (admin)
/**
 * PATCH {role?, disabled?, name?} → {user, sessionsEnded} (admin only). Disabling ends the user's sessions at once;
 * 409 when it would demote or disable the last active admin; 404 for an unknown id.
 */
export const PATCH = withAuth({ permission: "user:manage", params: idParamsSchema }, async (req, { params: { id } }) => {
  const input = updateUserSchema.parse(await readJsonBody(req, { maxBytes: BODY_LIMITS.credentials }));
  return updateUser({ userId: id, ...input });
});

export const { GET, POST, PUT, DELETE, OPTIONS } = methodNotAllowed(["PATCH"]);
