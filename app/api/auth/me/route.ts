import { ROLE_PERMISSIONS } from "@/lib/auth/policy";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET → {user, permissions} of the signed-in user; 401 otherwise. */
export const GET = defineRoute(OPERATIONS.getMe, async ({ user }) => ({ user, permissions: ROLE_PERMISSIONS[user.role] }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
