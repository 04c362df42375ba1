// bench-research's timed requests: one step (the sweep or the category breakdown) timed in this process, and the
// same in a new process of this CLI ("after a restart" and "warm": empty caches, a heap without the seeding).
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { formatModelMethod } from "../../lib/engine/methods";
import { AppError } from "../../lib/errors";
import type { SlowQuery } from "./open-bench-db";

export type Timed = {
  ms: number;
  /** The sentence encoders' time and texts encoded during the request (its share of `ms`). */
  encoder?: { ms: number; encoded: number };
  timings?: { loadMs: number; computeMs: number };
  digest?: string;
  slowest?: SlowQuery | null;
  /** A sweep's size: pairs, thresholds and points. */
  sweep?: { pairs: number; thresholds: number; points: number };
};

/**
 * sha256 of a sweep's or breakdown's figures without its timings and without the ids seeding draws anew (the
 * dataset's id and name, the filters' dataset, skipped pairs' ids): the first, restart and warm requests must give
 * the same figures, and two runs of this command (before and after a change) the same digest.
 */
export async function digestOf(out: object & { timings?: unknown }): Promise<string> {
  const { createHash } = await import("node:crypto");
  const { timings: _, datasetId: __, datasetName: ___, filters, skipped, ...figures } = out as Record<string, unknown>;
  const rest = {
    ...figures,
    ...(filters ? { filters: { ...(filters as object), datasetId: undefined } } : {}),
    ...(Array.isArray(skipped) ? { skipped: skipped.map((s: { reason?: string }) => s.reason) } : {}),
  };
  return createHash("sha256").update(JSON.stringify(rest)).digest("hex");
}

/** Runs `--measure STEP` in a child process of this CLI and reads its timings (`runs` requests: 2, or 1 for "first"). */
export function measureInNewProcess(step: "sweep" | "breakdown", url: string, datasetId: string, runs = 2): Timed[] {
  const child = spawnSync(
    process.execPath,
    [
      ...process.execArgv,
      process.argv[1]!,
      "bench-research",
      "--measure",
      step,
      "--database-url",
      url,
      "--dataset",
      datasetId,
      "--runs",
      String(runs),
    ],
    { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 1 << 24 },
  );
  if (child.status !== 0) throw new AppError("INTERNAL", `bench-research: the ${step} measurement in a new process failed (exit ${child.status})`);
  return JSON.parse(child.stdout) as Timed[];
}

/** The child's side: the step `runs` times in this process (the first is "after a restart"), as JSON on stdout. */
export async function measureStep(step: string, url: string | undefined, datasetId: string | undefined, runs: number): Promise<number> {
  if ((step !== "sweep" && step !== "breakdown") || !url || !datasetId) {
    throw new AppError("BAD_REQUEST", "--measure sweep|breakdown needs --database-url URL and --dataset ID");
  }
  const { openBenchDb } = await import("./open-bench-db");
  const { listModels } = await import("../../lib/server/model/list-models");
  // Loaded before the clock starts: a running server has its modules loaded, and only the data is cold.
  const { runFrontierSweep } = await import("../../lib/server/research/run-frontier-sweep");
  const { computeCategoryBreakdown } = await import("../../lib/server/research/compute-category-breakdown");
  const { sentenceEncoderUsage } = await import("../../lib/server/sentence-encoder/load-sentence-encoder");
  const { db, takeSlowest } = await openBenchDb(url);
  try {
    const model = (await listModels()).find((m) => m.default)!;
    // A server has answered a request before (the request's own session check opened the connection and started the
    // ORM's query compiler): only the data is cold.
    await db.session.findFirst({ select: { id: true } });
    const once = async (): Promise<Timed> => {
      takeSlowest();
      const before = sentenceEncoderUsage();
      const encoder = () => encoderSince(before, sentenceEncoderUsage());
      const t0 = performance.now();
      if (step === "sweep") {
        const out = await runFrontierSweep({ payload: sweepPayload(datasetId, model.name), db });
        const ms = Math.round(performance.now() - t0);
        const { finishedAt: _, timings: __, ...figures } = out;
        const sweep = { pairs: out.pairs, thresholds: out.thresholds.length, points: out.rows.length };
        return { ms, encoder: encoder(), digest: await digestOf(figures), sweep, slowest: takeSlowest() };
      }
      const { breakdown } = await computeCategoryBreakdown({ filters: { datasetId, method: formatModelMethod(model.name) }, db });
      const ms = Math.round(performance.now() - t0);
      return { ms, encoder: encoder(), timings: breakdown.timings, digest: await digestOf(breakdown), slowest: takeSlowest() };
    };
    const timed: Timed[] = [];
    for (let i = 0; i < runs; i++) timed.push(await once());
    console.log(JSON.stringify(timed));
    // Rows still being written in the background (a database seeded by an older version) are kept for the next run.
    const { preparedUnitsWritten } = await import("../../lib/server/research/prepared-results-cache");
    const { unitScoresWritten } = await import("../../lib/server/research/load-unit-scores");
    const { unitSimilaritiesWritten } = await import("../../lib/server/embeddings/stored-result-similarity");
    await Promise.all([preparedUnitsWritten(), unitScoresWritten(), unitSimilaritiesWritten()]);
  } finally {
    await db.$disconnect();
  }
  return 0;
}

export type EncoderUsage = { ms: number; encoded: number };

/** The encoders' work between two readings of sentenceEncoderUsage. */
export const encoderSince = (a: EncoderUsage, b: EncoderUsage): EncoderUsage => ({ ms: Math.round(b.ms - a.ms), encoded: b.encoded - a.encoded });

/** The sweep both processes time: every threshold from 0 to 1 in steps of 0.05 (and the model's own), three methods. */
export const sweepPayload = (datasetId: string, modelName: string) => ({
  datasetId,
  methods: [formatModelMethod(modelName), "bm25", "lead"],
  thresholds: Array.from({ length: 21 }, (_, i) => i / 20),
  budgets: [] as number[],
});
