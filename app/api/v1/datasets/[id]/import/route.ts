import { getDataset } from "@/lib/server/db/datasets/get-dataset";
import { importDatasetFile } from "@/lib/server/import/import-dataset-file";
import { readImportRequest } from "@/lib/server/import/read-import-request";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * POST multipart/form-data {file, format: jsonl|squad|hotpotqa|label-studio|gold-jsonl, evidence?: gold|suggestion|none}
 * or the raw file as body with ?format=… (dataset:write).
 * 200 {datasetId, format, pairs, documents, goldSpans, suggestions, skipped, droppedHumanSpans};
 * 413 over 100 MB (Content-Length or streamed); 422 {error: {details: {errors: [{record, field?, message}]}}} when any
 * record is bad (nothing written); 404 for an unknown dataset.
 */
export const POST = defineRoute(OPERATIONS.importDataset, async ({ req, params: { id }, user }) => {
  await getDataset({ id }); // 404 before reading a large upload
  const upload = await readImportRequest(req);
  return importDatasetFile({ datasetId: id, format: upload.format, evidence: upload.evidence, bytes: upload.bytes, actorId: user.id });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
