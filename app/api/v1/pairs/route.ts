import { canReachGold } from "@/lib/auth/policy";
import { listPairs } from "@/lib/server/db/annotations/list-pairs";
import { queueListInput } from "@/lib/schemas/queue";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET ?datasetId&status(repeatable or comma list)&annotatorId&category&sort=updatedAt|uncertainty|disagreement
 * &direction=asc|desc&limit&cursor&todo=1 → { items: PairListItem[], nextCursor } (pair:read). 400 for bad params.
 */
export const GET = defineRoute(OPERATIONS.listPairs, async ({ query, user }) => {
  const { todo: _todo, ...input } = queueListInput(query, { userId: user.id });
  // Blind annotation: no gold decision, model–gold score or gold category match of the pairs the caller is blind to.
  return listPairs({ ...input, ...(canReachGold(user.role) ? {} : { blindViewerId: user.id }) });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
