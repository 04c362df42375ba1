import { createDatasetSchema, DATASET_LIMITS } from "@/lib/schemas/datasets";
import { withAuth } from "@/lib/server/auth/with-auth";
import { createDataset } from "@/lib/server/db/datasets/create-dataset";
import { listDatasets } from "@/lib/server/db/datasets/list-datasets";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET → {datasets: [{id, name, description, createdAt, pairs, documents, goldPairs, goldSpans}]} (pair:read). */
export const GET = withAuth({ permission: "pair:read" }, async () => ({ datasets: await listDatasets() }));

/** POST {name, description?} → 201 {dataset: {id, name, description, createdAt}} (dataset:write); 409 when the name exists. */
export const POST = withAuth({ permission: "dataset:write" }, async (req) => {
  const input = createDatasetSchema.parse(await readJsonBody(req, { maxBytes: 4 * 1024 + DATASET_LIMITS.maxDescriptionChars * 4 }));
  return Response.json({ dataset: await createDataset(input) }, { status: 201 });
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET", "POST"]);
