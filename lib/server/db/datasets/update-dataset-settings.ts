import "server-only";
import { updateDatasetSchema } from "@/lib/schemas/datasets";
import { zId } from "@/lib/schemas/ids";
import { AppError } from "@/lib/errors";
import { parseOptions } from "../annotations/parse-options";
import { type Db, getDb } from "../client";
import { getDataset, type DatasetDetail } from "./get-dataset";

export type UpdateDatasetSettingsOptions = { id: string; blindAnnotation?: boolean; showPredictions?: boolean; db?: Db };

/**
 * Changes a dataset's blind-annotation settings (the route checks dataset:write); returns the dataset as getDataset
 * reads it. They apply from the next request on: annotations already made keep their `blind` mark until their
 * annotator saves them again. NOT_FOUND for an unknown dataset.
 */
export async function updateDatasetSettings(options: UpdateDatasetSettingsOptions): Promise<DatasetDetail> {
  const { db = getDb(), id: rawId, ...rest } = options;
  const id = parseOptions(zId, rawId);
  const data = parseOptions(updateDatasetSchema, rest);
  const { count } = await db.dataset.updateMany({ where: { id }, data });
  if (count === 0) throw new AppError("NOT_FOUND", `Dataset ${id} not found`);
  return getDataset({ id, db });
}
