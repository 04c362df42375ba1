import "server-only";
import { z } from "zod";
import { type Db, getDb } from "../client";
import { parseOptions } from "./parse-options";
import { zId } from "../../../schemas/ids";

export type ListUnscoredPairsOptions = {
  datasetId?: string;
  /** Only runs of this model count as scored (default: any model). */
  modelName?: string;
  /** Pages by id instead: only pairs whose id sorts after this ("" for the first page). */
  after?: string;
  limit?: number;
  db?: Db;
};

const schema = z.object({
  datasetId: zId.optional(),
  modelName: z.string().min(1).max(200).optional(),
  after: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(1000).default(20),
});

/**
 * Pairs without any ModelRun (oldest first, so repeated calls work through a dataset; by id after a cursor with
 * `after`), and how many there are (all of them, the cursor aside).
 */
export async function listUnscoredPairs(options: ListUnscoredPairsOptions = {}): Promise<{ pairIds: string[]; total: number }> {
  const { db = getDb(), ...rest } = options;
  const { datasetId, modelName, after, limit } = parseOptions(schema, rest);
  const where = {
    ...(datasetId ? { datasetId } : {}),
    modelRuns: { none: modelName ? { modelName } : {} },
  };
  const [rows, total] = await Promise.all([
    after === undefined
      ? db.pair.findMany({ where, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: limit, select: { id: true } })
      : db.pair.findMany({ where: { ...where, id: { gt: after } }, orderBy: { id: "asc" }, take: limit, select: { id: true } }),
    db.pair.count({ where }),
  ]);
  return { pairIds: rows.map((r) => r.id), total };
}
