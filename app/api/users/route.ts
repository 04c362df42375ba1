import { createUser } from "@/lib/server/auth/create-user";
import { listUsers } from "@/lib/server/auth/list-users";
import { withAuth } from "@/lib/server/auth/with-auth";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { createUserSchema } from "@/lib/auth/schemas";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET → {users} (admin only). */
export const GET = withAuth({ permission: "user:manage" }, async () => ({ users: await listUsers() }));

/** POST {email, name, password (≥ 10 chars), role} → 201 {user} (admin only); 409 when the email exists. */
export const POST = withAuth({ permission: "user:manage" }, async (req) => {
  const input = createUserSchema.parse(await readJsonBody(req, { maxBytes: 16 * 1024 }));
  return Response.json({ user: await createUser(input) }, { status: 201 });
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET", "POST"]);
