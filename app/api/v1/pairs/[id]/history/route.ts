import { listSpanHistory } from "@/lib/server/db/annotations/list-span-history";
import { loadPairView } from "@/lib/server/db/annotations/load-pair-view";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * GET ?scope=mine|all&limit&cursor → {events, nextCursor}: span events of the pair, newest first (mine by default).
 * A user blind annotation applies to gets their own events whatever the scope: others' spans and gold stay hidden.
 */
export const GET = defineRoute(OPERATIONS.listSpanHistory, async ({ params: { id }, user, query }) => {
  const { scope, limit, cursor } = query;
  const { blinded } = await loadPairView({ pairId: id, user });
  return listSpanHistory({
    pairId: id,
    limit,
    ...(cursor ? { cursor } : {}),
    ...(scope === "mine" || blinded ? { annotatorId: user.id } : {}),
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
