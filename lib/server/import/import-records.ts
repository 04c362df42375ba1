import "server-only";
import { AppError } from "@/lib/errors";
import type { ImportFormat, ImportRecordError, ImportSummary } from "@/lib/schemas/datasets";
import type { Db } from "../db/client";
import { type ImportPairPlan, writeImportedPairs } from "../db/datasets/write-imported-pairs";
import { validateImportPlans } from "./validate-import-plans";

export type ImportRecordsOptions = {
  datasetId: string;
  format: ImportFormat;
  plans: readonly ImportPairPlan[];
  /** Who imports: the actor of the gold audit rows (null: the system). */
  actorId?: string | null;
  db?: Db;
};

/** UNPROCESSABLE listing every record error (details.errors); the message shows the first ten. */
export function importErrors(errors: readonly ImportRecordError[], what = "import"): AppError {
  const shown = errors
    .slice(0, 10)
    .map((e) => `  ${e.record}${e.field ? ` ${e.field}` : ""}: ${e.message}`)
    .join("\n");
  const more = errors.length > 10 ? `\n  … and ${errors.length - 10} more` : "";
  return new AppError("UNPROCESSABLE", `${what}: ${errors.length} problem(s), nothing imported:\n${shown}${more}`, { errors });
}

/**
 * Validates every pair first and writes them all in one transaction, or nothing: any problem throws
 * UNPROCESSABLE with the per-record list. Pairs whose externalId exists already are skipped (re-import).
 */
export async function importRecords({ datasetId, format, plans, actorId = null, db }: ImportRecordsOptions): Promise<ImportSummary> {
  const errors = validateImportPlans(plans);
  if (errors.length) throw importErrors(errors, `${format} import`);
  const written = await writeImportedPairs({ datasetId, pairs: plans, actorId, db });
  return { datasetId, format, ...written };
}
