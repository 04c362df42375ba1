import { withAuth } from "@/lib/server/auth/with-auth";
import { listPairs } from "@/lib/server/db/annotations/list-pairs";
import { parseQueueSearchParams } from "@/lib/schemas/queue";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/pairs – the queue: filtered, sorted, paginated pairs
/**
 * GET ?datasetId&status(repeatable or comma list)&annotatorId&category&sort=updatedAt|uncertainty|disagreement
 * &direction=asc|desc&limit&cursor&todo=1 → { items: PairListItem[], nextCursor } (pair:read). 400 for bad params.
 */
export const GET = withAuth({ permission: "pair:read" }, async (req, _ctx, user) => {
  const { todo: _todo, ...input } = parseQueueSearchParams(new URL(req.url).searchParams, { userId: user.id });
  return listPairs(input);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
