import "server-only";
import { AppError } from "@/lib/errors";
import type { FrontierResponse, FrontierResult } from "@/lib/schemas/research";
import type { Db } from "../db/client";
import { getDataset } from "../db/datasets/get-dataset";
import { getJob, getJobResult } from "../db/jobs/get-job";
import { findLatestJobWithResult } from "../db/jobs/list-jobs";

/** A dataset's latest finished sweep (or the given sweep job's result); `{jobId: null, result: null}` when there is none. */
export async function readFrontier({ datasetId, jobId, db }: { datasetId: string; jobId?: string; db?: Db }): Promise<FrontierResponse> {
  await getDataset({ id: datasetId, ...(db ? { db } : {}) });
  const scope = `dataset:${datasetId}`;
  let id: string | null = null;
  if (jobId) {
    const job = await getJob({ id: jobId, ...(db ? { db } : {}) });
    if (!job || job.kind !== "frontier-sweep" || job.scope !== scope) throw new AppError("NOT_FOUND", `No sweep ${jobId} of dataset ${datasetId}`);
    if (!job.hasResult) throw new AppError("CONFLICT", `Sweep ${jobId} is ${job.state}: it has no result yet`);
    id = job.id;
  } else {
    id = (await findLatestJobWithResult({ kind: "frontier-sweep", scope, ...(db ? { db } : {}) }))?.id ?? null;
  }
  if (!id) return { jobId: null, result: null };
  return { jobId: id, result: (await getJobResult({ id, ...(db ? { db } : {}) })) as FrontierResult };
}
