import { listPairAnnotations } from "@/lib/server/db/annotations/list-pair-annotations";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET → { pair, documents, annotations: [{ id, annotator, status, version, review…, spans }] } (pair:review). */
export const GET = defineRoute(OPERATIONS.listPairAnnotations, async ({ params: { id } }) => {
  return listPairAnnotations({ pairId: id });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
