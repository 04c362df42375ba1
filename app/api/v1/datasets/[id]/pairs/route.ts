import { createPairFromInput } from "@/lib/server/import/create-pair-from-input";
import { readPairRequest } from "@/lib/server/import/read-pair-request";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * POST {query, results: [{text | html | url, title?}]} → 201 {id} (dataset:write); or multipart/form-data with
 * `query`, optional `results` (that JSON array) and `file` parts (.txt/.html, decoded strictly: BOM, UTF-8, declared
 * or sniffed charset; binary or undecodable files are a 422 naming the file, and nothing is created). URL results
 * are fetched server-side (http/https only, no private addresses unless SNIPPET_LAB_FETCH_ALLOW_PRIVATE=1, 10 s,
 * 5 MB); a failed fetch is 400/422 naming the result. 404 for an unknown dataset.
 */
export const POST = defineRoute(OPERATIONS.createPair, async ({ req, params: { id }, json }) => {
  const input = await readPairRequest(req);
  const created = await createPairFromInput({ datasetId: id, input });
  return json({ id: created.id }, { status: 201 });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
