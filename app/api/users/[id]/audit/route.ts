import { listUserAudit } from "@/lib/server/db/audit/list-user-audit";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET → {events: [{id, user, kind, actor, createdAt, before, after}]}: the account's changes, newest first (admin only).
 * Read only: the audit trail has no route that edits or deletes it.
 */
export const GET = defineRoute(OPERATIONS.listUserAudit, async ({ params: { id } }) => ({ events: await listUserAudit({ userId: id }) }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
