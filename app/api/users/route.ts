import { createUser } from "@/lib/server/auth/create-user";
import { listUsers } from "@/lib/server/auth/list-users";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET → {users} (admin only). */
export const GET = defineRoute(OPERATIONS.listUsers, async () => ({ users: await listUsers() }));

/** POST {email, name, password (≥ 12 chars), role} → 201 {user} (admin only); 409 when the email exists. */
export const POST = defineRoute(OPERATIONS.createUser, async ({ readBody, user, json }) => {
  const input = await readBody();
  return json({ user: await createUser({ ...input, actorId: user.id }) }, { status: 201 });
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET", "POST"]);
