import { updateUser } from "@/lib/server/auth/update-user";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * PATCH {role?, disabled?, name?} → {user, sessionsEnded} (admin only). Disabling or a new role ends the user's sessions at once;
 * 409 when it would demote or disable the last active admin; 404 for an unknown id.
 */
export const PATCH = defineRoute(OPERATIONS.updateUser, async ({ params: { id }, readBody, user }) => {
  const input = await readBody();
  return updateUser({ userId: id, ...input, actorId: user.id });
});

export const { GET, POST, PUT, DELETE, OPTIONS } = methodNotAllowed(["PATCH"]);
