import "server-only";
import type { JobKind } from "@/lib/schemas/jobs";
import type { JobHandler } from "./types";

// The kinds the runner knows, loaded on first use (a route that only reads jobs does not load the model code).
// A new kind adds its schema in lib/schemas/jobs.ts, a handler in ./kinds and a line here.
const LOADERS: Record<JobKind, () => Promise<JobHandler<never>>> = {
  "score-pairs": async () => (await import("./kinds/score-pairs")).scorePairsJob as JobHandler<never>,
  "frontier-sweep": async () => (await import("./kinds/frontier-sweep")).frontierSweepJob as JobHandler<never>,
  "judge-run": async () => (await import("./kinds/judge-run")).judgeRunJob as JobHandler<never>,
  "model-eval": async () => (await import("./kinds/model-eval")).modelEvalJob as JobHandler<never>,
  "unit-scores": async () => (await import("./kinds/unit-scores")).unitScoresJob as JobHandler<never>,
};

export async function loadJobHandler(kind: JobKind): Promise<JobHandler<unknown>> {
  return (await LOADERS[kind]()) as unknown as JobHandler<unknown>;
}
