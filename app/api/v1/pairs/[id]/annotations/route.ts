import { withAuth } from "@/lib/server/auth/with-auth";
import { listPairAnnotations } from "@/lib/server/db/annotations/list-pair-annotations";
import { idParamsSchema } from "@/lib/schemas/ids";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/pairs/{id}/annotations – every annotation of the pair, for review
/** GET → { pair, documents, annotations: [{ id, annotator, status, version, review…, spans }] } (pair:review). */
export const GET = withAuth({ permission: "pair:review", params: idParamsSchema }, async (_req, { params: { id } }) => {
  return listPairAnnotations({ pairId: id });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
