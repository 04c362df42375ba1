import "server-only";
import { formatModelMethod } from "@/lib/engine/methods";
import { AppError } from "@/lib/errors";
import { type ModelEvalPayload, modelEvalPayloadSchema, modelEvalScope } from "@/lib/schemas/jobs";
import { listModels } from "../../model/list-models";
import { runFrontierSweep } from "../../research/run-frontier-sweep";
import type { JobHandler } from "../types";
import { frontierSweepJob } from "./frontier-sweep";

/**
 * One model's evaluation on a dataset's gold pairs, for a model without a shipped report: the frontier sweep's code
 * (thresholds and budgets, the CLI's report rows) with this model only, stored on the job. One live evaluation per
 * model; the models page reads the latest finished one (lib/server/research/read-model-evals.ts).
 */
export const modelEvalJob: JobHandler<ModelEvalPayload> = {
  kind: "model-eval",
  payloadSchema: modelEvalPayloadSchema,
  scopeOf: modelEvalScope,
  async check({ model, datasetId }, o) {
    const models = await listModels();
    if (!models.some((m) => m.name === model)) {
      throw new AppError("NOT_FOUND", `Unknown model "${model}" (installed: ${models.map((m) => m.name).join(", ") || "none"})`);
    }
    // The same refusal as a sweep's: an unknown dataset, or one without gold pairs.
    await frontierSweepJob.check!({ datasetId, methods: [formatModelMethod(model)] }, o);
  },
  async run(ctx) {
    ctx.resetCounts();
    const { model, datasetId } = ctx.payload;
    return runFrontierSweep({ payload: { datasetId, methods: [formatModelMethod(model)] }, db: ctx.db, progress: ctx });
  },
};
