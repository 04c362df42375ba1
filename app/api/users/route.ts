import { createUser } from "@/lib/server/auth/create-user";
import { listUsers } from "@/lib/server/auth/list-users";
import { withAuth } from "@/lib/server/auth/with-auth";
import { createUserSchema } from "@/lib/schemas/users";
import { BODY_LIMITS } from "@/lib/server/http/body-limits";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { readJsonBody } from "@/lib/server/http/read-json-body";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/users – every user (admin)
/** GET → {users} (admin only). */
export const GET = withAuth({ permission: "user:manage" }, async () => ({ users: await listUsers() }));

// POST /api/users – create a user (admin)
/** POST {email, name, password (≥ 10 chars), role} → 201 {user} (admin only); 409 when the email exists. */
export const POST = withAuth({ permission: "user:manage" }, async (req) => {
  const input = createUserSchema.parse(await readJsonBody(req, { maxBytes: BODY_LIMITS.credentials }));
  return Response.json({ user: await createUser(input) }, { status: 201 });
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET", "POST"]);
