import { listPairGoldHistory } from "@/lib/server/db/audit/list-pair-gold-history";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET → {events: [{id, kind, actor, createdAt, before, after, added, removed, noVitalChange}]}: every change to the
 * pair's gold, newest first (pair:review). Read only: the audit trail has no route that edits or deletes it.
 */
export const GET = defineRoute(OPERATIONS.getGoldHistory, async ({ params: { id } }) => ({ events: await listPairGoldHistory({ pairId: id }) }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
