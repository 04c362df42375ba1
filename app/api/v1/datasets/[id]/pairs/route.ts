import { createPairInputSchema, DATASET_LIMITS } from "@/lib/schemas/datasets";
import { withAuth } from "@/lib/server/auth/with-auth";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { createPairFromInput } from "@/lib/server/import/create-pair-from-input";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ id: string }> };

/**
 * POST {query, results: [{text | html | url, title?}]} → 201 {id} (dataset:write). URL results are fetched server-side
 * (http/https only, no private addresses unless SNIPPET_LAB_FETCH_ALLOW_PRIVATE=1, 10 s, 5 MB); a failed fetch is
 * 400/422 naming the result. 404 for an unknown dataset.
 */
export const POST = withAuth<Ctx>({ permission: "dataset:write" }, async (req, ctx) => {
  const { id } = await ctx.params;
  const input = createPairInputSchema.parse(await readJsonBody(req, { maxBytes: DATASET_LIMITS.maxPairBodyBytes }));
  const created = await createPairFromInput({ datasetId: id, input });
  return Response.json({ id: created.id }, { status: 201 });
});
