import "server-only";
import { formatModelMethod } from "@/lib/engine/methods";
import { sweepFigures } from "@/lib/eval/report-figures";
import { modelEvalScope } from "@/lib/schemas/jobs";
import type { FrontierResult } from "@/lib/schemas/research";
import type { Db } from "../db/client";
import { getJobResult } from "../db/jobs/get-job";
import { findLatestJobWithResult } from "../db/jobs/list-jobs";
import type { EvalFigures } from "../model/describe-models";

/**
 * Each model's latest finished evaluation run from the models page (a model-eval job: its gold pairs' report rows), as
 * the figures the page shows beside the shipped report's; models without one are left out.
 */
export async function readModelEvals({ models, db }: { models: { name: string; threshold: number }[]; db?: Db }): Promise<Map<string, EvalFigures>> {
  const out = new Map<string, EvalFigures>();
  for (const m of models) {
    const job = await findLatestJobWithResult({ kind: "model-eval", scope: modelEvalScope({ model: m.name }), ...(db ? { db } : {}) });
    if (!job) continue;
    const result = (await getJobResult({ id: job.id, ...(db ? { db } : {}) })) as FrontierResult | null;
    const fig = result && sweepFigures({ result, method: formatModelMethod(m.name), threshold: m.threshold, jobId: job.id });
    if (fig) out.set(m.name, { ...fig, source: `job ${job.id}` });
  }
  return out;
}
