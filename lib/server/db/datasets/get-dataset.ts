import "server-only";
import { AppError } from "@/lib/errors";
import { type Db, getDb } from "../client";
import { PAIR_STATUSES, type PairStatus } from "../../../schemas/enums";
import { DATASET_SELECT, type DatasetSummary, toDatasetFields } from "./list-datasets";

export type DatasetDetail = Omit<DatasetSummary, "goldSpans"> & { byStatus: Record<PairStatus, number> };

export type GetDatasetOptions = { id: string; db?: Db };

/** One dataset with its pair count per status; NOT_FOUND when it does not exist. */
export async function getDataset({ id, db = getDb() }: GetDatasetOptions): Promise<DatasetDetail> {
  const d = await db.dataset.findUnique({
    where: { id },
    select: DATASET_SELECT,
  });
  if (!d) throw new AppError("NOT_FOUND", `Dataset ${id} not found`);
  const groups = await db.pair.groupBy({ by: ["status"], where: { datasetId: id }, _count: { _all: true } });
  const goldPairs = await db.pair.count({
    where: { datasetId: id, OR: [{ goldNoVital: true }, { spans: { some: { source: "gold", deletedAt: null } } }] },
  });
  const byStatus = Object.fromEntries(PAIR_STATUSES.map((s) => [s, 0])) as Record<PairStatus, number>;
  for (const g of groups) if ((PAIR_STATUSES as readonly string[]).includes(g.status)) byStatus[g.status as PairStatus] = g._count._all;
  return {
    ...toDatasetFields(d),
    goldPairs,
    byStatus,
  };
}
