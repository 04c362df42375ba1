import { updateUserSchema } from "@/lib/auth/schemas";
import { updateUser } from "@/lib/server/auth/update-user";
import { withAuth } from "@/lib/server/auth/with-auth";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { readJsonBody } from "@/lib/server/http/read-json-body";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/**
 * PATCH {role?, disabled?, name?} → {user, sessionsEnded} (admin only). Disabling ends the user's sessions at once;
 * 409 when it would demote or disable the last active admin; 404 for an unknown id.
 */
export const PATCH = withAuth<Ctx>({ permission: "user:manage" }, async (req, { params }) => {
  const { id } = await params;
  const input = updateUserSchema.parse(await readJsonBody(req, { maxBytes: 16 * 1024 }));
  return updateUser({ userId: id, ...input });
});

export const { GET, POST, PUT, DELETE, OPTIONS } = methodNotAllowed(["PATCH"]);
