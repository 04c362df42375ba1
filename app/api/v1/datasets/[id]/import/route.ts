import { idParamsSchema } from "@/lib/schemas/ids";
import { withAuth } from "@/lib/server/auth/with-auth";
import { getDataset } from "@/lib/server/db/datasets/get-dataset";
import { importDatasetFile } from "@/lib/server/import/import-dataset-file";
import { readImportRequest } from "@/lib/server/import/read-import-request";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/datasets/{id}/import – import a file of pairs into the dataset
/**
 * POST multipart/form-data {file, format: jsonl|squad|hotpotqa|label-studio|gold-jsonl, evidence?: gold|suggestion|none}
 * or the raw file as body with ?format=… (dataset:write).
 * 200 {datasetId, format, pairs, documents, goldSpans, suggestions, skipped, droppedHumanSpans};
 * 413 over 100 MB (Content-Length or streamed); 422 {error: {details: {errors: [{record, field?, message}]}}} when any
 * record is bad (nothing written); 404 for an unknown dataset.
 */
export const POST = withAuth({ permission: "dataset:write", params: idParamsSchema }, async (req, { params: { id } }) => {
  await getDataset({ id }); // 404 before reading a large upload
  const upload = await readImportRequest(req);
  return importDatasetFile({ datasetId: id, format: upload.format, evidence: upload.evidence, bytes: upload.bytes });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
