import "server-only";
import { AppError } from "@/lib/errors";
import { LIVE_JOB_STATES, type UnitScoresPayload, unitScoresPayloadSchema, unitScoresScope } from "@/lib/schemas/jobs";
import { getDataset } from "../../db/datasets/get-dataset";
import { listEvalPairIds } from "../../db/research/list-eval-pairs";
import { listModels } from "../../model/list-models";
import { fillUnitScores } from "../../research/fill-unit-scores";
import { resolveResearchMethods } from "../../research/research-methods";
import type { JobHandler } from "../types";
import { pairPart } from "./score-pairs";

/** Pairs read and stored per step (a step's work is kept when the job is cut off). */
const STEP = 100;

/** The model a payload names ("model": the default), or BAD_REQUEST for a method that is not a token model. */
async function modelOf(payload: UnitScoresPayload) {
  const [m] = resolveResearchMethods([payload.model ?? "model"], await listModels());
  if (!m?.method || m.info.error) throw new AppError("NOT_FOUND", m?.info.error ?? `unknown method "${payload.model}"`);
  const { modelName } = m.method;
  if (m.method.kind !== "model" || !modelName)
    throw new AppError("BAD_REQUEST", "unit-scores takes a model: a baseline's scores are computed as read");
  return { modelName, profile: m.method.profile };
}

/**
 * A model's unit scores of a dataset's scored pairs with everything it blends, computed once and stored
 * (fillUnitScores): the first-time work of a category breakdown or sweep, which the page leaves to this job and shows
 * as it goes. One item per pair; pairs stored before cost a read. With `workers` N > 1 a start queues N jobs, each
 * computing the pairs of its part (pairPart), so N worker processes share the encoder work on PostgreSQL. A resumed
 * job goes on after the last step it stored (its checkpoint).
 */
export const unitScoresJob: JobHandler<UnitScoresPayload> = {
  kind: "unit-scores",
  payloadSchema: unitScoresPayloadSchema,
  scopeOf: unitScoresScope,
  async check(payload, { db }) {
    if (payload.datasetId) await getDataset({ id: payload.datasetId, db });
    await modelOf(payload);
  },
  async plan(payload, { db }) {
    const workers = payload.workers ?? 1;
    if (payload.part !== undefined || workers === 1) return [payload];
    // A live job of the same scope (a start without workers): the start returns it rather than computing twice.
    const live = await db.job.findFirst({
      where: { kind: "unit-scores", scope: unitScoresScope(payload), state: { in: [...LIVE_JOB_STATES] } },
      select: { id: true },
    });
    if (live) return [payload];
    return Array.from({ length: workers }, (_, part) => ({ ...payload, part }));
  },
  async run(ctx) {
    const { modelName, profile } = await modelOf(ctx.payload);
    const parts = ctx.payload.part === undefined ? 1 : (ctx.payload.workers ?? 1);
    const ids = (await listEvalPairIds({ ...(ctx.payload.datasetId ? { datasetId: ctx.payload.datasetId } : {}), db: ctx.db })).filter(
      (id) => parts === 1 || pairPart(id, parts) === ctx.payload.part,
    );
    // Pairs in id order: a resumed job starts after the last pair it stored.
    const after = (ctx.checkpoint as { after?: string } | null)?.after ?? "";
    const todo = ids.filter((id) => id > after);
    ctx.setTotal(ctx.counts.done + todo.length);
    let ready = 0;
    let unscored = 0;
    for (let i = 0; i < todo.length; i += STEP) {
      await ctx.checkpointed();
      const step = todo.slice(i, i + STEP);
      let computed = 0;
      const out = await fillUnitScores({
        pairIds: step,
        modelName,
        profile,
        db: ctx.db,
        onComputed: async () => {
          // A pair the encoder read: progress as it goes (a step of new pairs takes seconds).
          if (computed < step.length) {
            computed++;
            ctx.itemDone();
          }
          await ctx.checkpointed();
        },
      });
      // The step's other pairs: stored before, or without fresh model scores.
      for (let k = computed; k < step.length; k++) ctx.itemDone();
      ready += out.ready;
      unscored += out.unscored;
      ctx.saveCheckpoint({ after: step[step.length - 1]! });
    }
    return { ready, unscored };
  },
};
