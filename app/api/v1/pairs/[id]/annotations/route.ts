import { withAuth } from "@/lib/server/auth/with-auth";
import { listPairAnnotations } from "@/lib/server/db/annotations/list-pair-annotations";
import { idParamsSchema } from "@/lib/server/db/annotations/review-request-schemas";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/** GET → { pair, documents, annotations: [{ id, annotator, status, version, review…, spans }] } (pair:review). */
export const GET = withAuth<Ctx>({ permission: "pair:review" }, async (_req, ctx) => {
  const { id } = idParamsSchema.parse(await ctx.params);
  return listPairAnnotations({ pairId: id });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
