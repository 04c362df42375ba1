import { idParamsSchema } from "@/lib/schemas/ids";
import { spanHistoryQuerySchema } from "@/lib/schemas/annotation";
import { withAuth } from "@/lib/server/auth/with-auth";
import { listSpanHistory } from "@/lib/server/db/annotations/list-span-history";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/pairs/{id}/history – span events of the pair, newest first
/** GET ?scope=mine|all&limit&cursor → {events, nextCursor}: span events of the pair, newest first (mine by default). */
export const GET = withAuth({ permission: "pair:read", params: idParamsSchema }, async (req, { params: { id } }, user) => {
  const { scope, limit, cursor } = spanHistoryQuerySchema.parse(Object.fromEntries(new URL(req.url).searchParams));
  return listSpanHistory({
    pairId: id,
    limit,
    ...(cursor ? { cursor } : {}),
    ...(scope === "mine" ? { annotatorId: user.id } : {}),
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
