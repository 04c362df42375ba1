import { deleteDataset } from "@/lib/server/db/datasets/delete-dataset";
import { getDataset } from "@/lib/server/db/datasets/get-dataset";
import { updateDatasetSettings } from "@/lib/server/db/datasets/update-dataset-settings";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET → {dataset: {id, name, description, createdAt, pairs, documents, goldPairs, byStatus, blindAnnotation, showPredictions}} (pair:read). */
export const GET = defineRoute(OPERATIONS.getDataset, async ({ params: { id } }) => ({ dataset: await getDataset({ id }) }));

/**
 * PATCH {blindAnnotation?, showPredictions?} → {dataset} (dataset:write): the dataset's blind-annotation settings,
 * applied from the next request on. 400 for anything else in the body, 404 for an unknown dataset.
 */
export const PATCH = defineRoute(OPERATIONS.updateDataset, async ({ params: { id }, readBody }) => {
  const input = await readBody();
  return { dataset: await updateDatasetSettings({ id, ...input }) };
});

/**
 * DELETE → {dataset: {id, name, pairs, documents}} (dataset:write): the dataset and everything in it, in one transaction
 * (lib/server/db/datasets/delete-dataset.ts). 404 for an unknown dataset, 409 while a job of it is queued or running.
 */
export const DELETE = defineRoute(OPERATIONS.deleteDataset, async ({ params: { id } }) => ({ dataset: await deleteDataset({ id }) }));

export const { POST, PUT, OPTIONS } = methodNotAllowed(["GET", "PATCH", "DELETE"]);
