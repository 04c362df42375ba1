import { ROLE_PERMISSIONS } from "@/lib/auth/policy";
import { withAuth } from "@/lib/server/auth/with-auth";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/auth/me – the signed-in user and their permissions
/** GET → {user, permissions} of the signed-in user; 401 otherwise. */
export const GET = withAuth({}, async (_req, _ctx, user) => ({ user, permissions: ROLE_PERMISSIONS[user.role] }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
