import "server-only";
import type { EvidenceMode, ImportFormat, ImportSummary } from "@/lib/schemas/datasets";
import type { Db } from "../db/client";
import { importErrors, importRecords } from "./import-records";
import { parseImportFile } from "./parse-import-file";

export type ImportDatasetFileOptions = {
  datasetId: string;
  format: ImportFormat;
  bytes: Uint8Array;
  evidence?: EvidenceMode;
  maxBytes?: number;
  /** Who imports: the actor of the gold audit rows (null: the system). */
  actorId?: string | null;
  db?: Db;
};

/** Parse (all records, every error) → validate → one transaction. UNPROCESSABLE with details.errors on any problem. */
export async function importDatasetFile({
  datasetId,
  format,
  bytes,
  evidence,
  maxBytes,
  actorId = null,
  db,
}: ImportDatasetFileOptions): Promise<ImportSummary & { droppedHumanSpans: number }> {
  const parsed = parseImportFile({ format, bytes, ...(evidence ? { evidence } : {}), ...(maxBytes ? { maxBytes } : {}) });
  if (!parsed.ok) throw importErrors(parsed.errors, `${format} import`);
  const summary = await importRecords({ datasetId, format, plans: parsed.plans, actorId, db });
  return { ...summary, droppedHumanSpans: parsed.droppedHumanSpans };
}
