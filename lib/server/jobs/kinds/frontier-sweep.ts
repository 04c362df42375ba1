import "server-only";
import { type FrontierSweepPayload, frontierSweepPayloadSchema } from "@/lib/schemas/jobs";
import { AppError } from "@/lib/errors";
import { getDataset } from "../../db/datasets/get-dataset";
import { countGoldPairs } from "../../db/research/list-eval-pairs";
import { runFrontierSweep } from "../../research/run-frontier-sweep";
import type { JobHandler } from "../types";

/**
 * A threshold and budget sweep of a dataset (runFrontierSweep): one live sweep per dataset. Its result — the frontier
 * the page draws and the data routes serve — is stored on the job. A resumed sweep starts over: the pairs it scored
 * before are cached, so only the in-memory part runs again.
 */
export const frontierSweepJob: JobHandler<FrontierSweepPayload> = {
  kind: "frontier-sweep",
  payloadSchema: frontierSweepPayloadSchema,
  scopeOf: (p) => `dataset:${p.datasetId}`,
  async check({ datasetId }, { db }) {
    const dataset = await getDataset({ id: datasetId, db });
    if ((await countGoldPairs({ datasetId, db })).gold === 0) {
      throw new AppError(
        "UNPROCESSABLE",
        `Dataset "${dataset.name}" has no gold pairs: adjudicate some pairs, or import a file with its evidence as gold.`,
      );
    }
  },
  async run(ctx) {
    ctx.resetCounts();
    return runFrontierSweep({ payload: ctx.payload, db: ctx.db, progress: ctx });
  },
};
