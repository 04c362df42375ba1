import "server-only";
import { AppError } from "@/lib/errors";
import { LIVE_JOB_STATES } from "@/lib/schemas/jobs";
import { type Db, getDb } from "../client";
import { runInTransaction } from "../run-in-transaction";

export type DeleteDatasetOptions = { id: string; db?: Db };
export type DeletedDataset = { id: string; name: string; pairs: number; documents: number };

const CHUNK = 500;

/**
 * Deletes a dataset and everything in it in ONE transaction, so a crash leaves it whole or gone, never half deleted:
 * its queries, documents and pairs go by the foreign keys' cascades (and with them pair documents, annotations,
 * spans and their events, suggestions, model runs and their units, document units, judge runs and judgments,
 * breakdown sums); the sort-score marks that the span and model-run triggers add while the cascade runs are removed
 * too (they have no foreign key). The audit trail has no foreign key either and stays. NOT_FOUND for an unknown
 * dataset; CONFLICT while a job of the dataset is queued or running (cancel it first).
 */
export async function deleteDataset({ id, db = getDb() }: DeleteDatasetOptions): Promise<DeletedDataset> {
  return runInTransaction(
    async (tx) => {
      const dataset = await tx.dataset.findUnique({ where: { id }, select: { id: true, name: true } });
      if (!dataset) throw new AppError("NOT_FOUND", `Dataset ${id} not found`);
      // Every kind's payload names its dataset as "datasetId" (sweeps, scoring, judge runs, evaluations).
      const live = await tx.job.findFirst({
        where: { state: { in: [...LIVE_JOB_STATES] }, payloadJson: { contains: `"datasetId":${JSON.stringify(id)}` } },
        select: { id: true, kind: true },
      });
      if (live)
        throw new AppError("CONFLICT", `A ${live.kind} job of this dataset is queued or running (${live.id}): cancel it first`, { jobId: live.id });
      const pairIds = (await tx.pair.findMany({ where: { datasetId: id }, select: { id: true } })).map((p) => p.id);
      const documents = await tx.document.count({ where: { datasetId: id } });
      await tx.dataset.delete({ where: { id } });
      for (let i = 0; i < pairIds.length; i += CHUNK) {
        await tx.pairSortScoreStale.deleteMany({ where: { pairId: { in: pairIds.slice(i, i + CHUNK) } } });
      }
      return { id, name: dataset.name, pairs: pairIds.length, documents };
    },
    // A large dataset's cascade is many rows; SQLite holds the write lock meanwhile, which is the point (all or nothing).
    { db, timeout: 10 * 60_000 },
  );
}
