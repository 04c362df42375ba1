import { createDatasetSchema } from "@/lib/schemas/datasets";
import { withAuth } from "@/lib/server/auth/with-auth";
import { createDataset } from "@/lib/server/db/datasets/create-dataset";
import { listDatasets } from "@/lib/server/db/datasets/list-datasets";
import { BODY_LIMITS } from "@/lib/server/http/body-limits";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/datasets – every dataset with its counts
/** GET → {datasets: [{id, name, description, createdAt, pairs, documents, goldPairs, goldSpans}]} (pair:read). */
export const GET = withAuth({ permission: "pair:read" }, async () => ({ datasets: await listDatasets() }));

// POST /api/v1/datasets – create a dataset
/** POST {name, description?} → 201 {dataset: {id, name, description, createdAt}} (dataset:write); 409 when the name exists. */
export const POST = withAuth({ permission: "dataset:write" }, async (req) => {
  const input = createDatasetSchema.parse(await readJsonBody(req, { maxBytes: BODY_LIMITS.dataset }));
  return Response.json({ dataset: await createDataset(input) }, { status: 201 });
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET", "POST"]);
