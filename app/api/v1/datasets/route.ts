import { createDataset } from "@/lib/server/db/datasets/create-dataset";
import { listDatasets } from "@/lib/server/db/datasets/list-datasets";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET → {datasets: [{id, name, description, createdAt, pairs, documents, goldPairs, goldSpans}]} (pair:read). */
export const GET = defineRoute(OPERATIONS.listDatasets, async () => ({ datasets: await listDatasets() }));

/** POST {name, description?} → 201 {dataset: {id, name, description, createdAt}} (dataset:write); 409 when the name exists. */
export const POST = defineRoute(OPERATIONS.createDataset, async ({ readBody, json }) => {
  const input = await readBody();
  return json({ dataset: await createDataset(input) }, { status: 201 });
});

export const { PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET", "POST"]);
