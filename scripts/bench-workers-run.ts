// The measuring half of scripts/bench-workers.mjs (run by it, with DATABASE_URL a fresh PostgreSQL database and the
// PostgreSQL client swapped in): for each fleet size, a fresh dataset scored by a score-pairs start with `workers` =
// that many parts, taken by that many `snippet-lab worker` processes; the clock runs from the start to the last part
// done, after a warm-up job has loaded the model in every worker.
import os from "node:os";
import { parseArgs } from "node:util";
import { createDbClient } from "@/lib/server/db/client";
import { getEnv } from "@/lib/server/env";
import { migrateDatabase } from "@/lib/server/db/migrate";
import { startJobRunner, stopJobRunner } from "@/lib/server/jobs/job-runner";
import { readJob, startJob } from "@/lib/server/jobs/jobs-api";
import { seedScoringDataset, spawnWorker, stopWorker } from "@/lib/server/jobs/test-support/worker-processes";
import { waitFor } from "@/tests/test-support/wait-for";

const { values } = parseArgs({
  options: {
    pairs: { type: "string", default: "400" },
    documents: { type: "string", default: "2" },
    chars: { type: "string", default: "1500" },
    workers: { type: "string", default: "1,2" },
    threads: { type: "string" },
  },
});
const url = getEnv().databaseUrl;
const pairs = Number(values.pairs);
const documents = Number(values.documents);
const chars = Number(values.chars);
const fleets = values.workers.split(",").map(Number);
const threads = values.threads ? Number(values.threads) : Math.max(1, Math.floor(os.availableParallelism() / Math.max(...fleets)));

await migrateDatabase({ url, log: () => {} });
const db = createDbClient({ url });
// This process only queues; the workers run the jobs.
await startJobRunner({ db, url, work: false, log: () => {} });

/** Scores a dataset with `workers` parts; returns how many worker processes ran them. */
async function scoreAll(datasetId: string, workers: number): Promise<number> {
  const { jobs } = await startJob({ kind: "score-pairs", payload: { datasetId, workers }, db, url });
  const finished = await waitFor(() => Promise.all(jobs.map((j) => readJob({ id: j.id, db }))), {
    until: (js) => js.every((j) => j.state !== "queued" && j.state !== "running"),
    timeoutMs: 3_600_000,
    intervalMs: 100,
  });
  const bad = finished.filter((j) => j.state !== "done" || j.failed > 0);
  if (bad.length > 0) throw new Error(`jobs did not finish cleanly: ${JSON.stringify(bad)}`);
  const holders = await db.job.findMany({ where: { id: { in: jobs.map((j) => j.id) } }, select: { workerId: true } });
  return new Set(holders.map((h) => h.workerId)).size;
}

console.log(
  `[bench-workers] ${pairs} pairs × ${documents} documents of ~${chars} characters, default model, ${threads} model thread(s) per worker, ${os.availableParallelism()} cores`,
);
const figures: Record<number, number> = {};
for (const n of fleets) {
  const warm = await seedScoringDataset({ db, name: `warm-${n}`, pairs: 2 * n, documents: 1, chars: 300 });
  const measured = await seedScoringDataset({ db, name: `bench-${n}`, pairs, documents, chars });
  const workers = Array.from({ length: n }, () =>
    spawnWorker({ url, env: { SNIPPET_LAB_INTRA_OP_THREADS: String(threads), SNIPPET_LAB_JOB_CONCURRENCY: "1" } }),
  );
  try {
    await Promise.all(workers.map((w) => w.ready));
    await scoreAll(warm.datasetId, n);
    const t0 = performance.now();
    const ran = await scoreAll(measured.datasetId, n);
    const seconds = (performance.now() - t0) / 1000;
    if (ran !== n) console.log(`[bench-workers] only ${ran} of the ${n} workers took a part`);
    figures[n] = pairs / seconds;
    console.log(
      `[figure] score-pairs on PostgreSQL, ${n} worker${n === 1 ? "" : "s"}: ${figures[n]!.toFixed(1)} pairs/s (${pairs} pairs in ${seconds.toFixed(1)} s)`,
    );
  } finally {
    await Promise.all(workers.map((w) => stopWorker(w)));
  }
}
if (figures[1] && fleets.length > 1) {
  for (const n of fleets.filter((f) => f > 1)) console.log(`[figure] ${n} workers / 1 worker: ${(figures[n]! / figures[1]).toFixed(2)}×`);
}
await stopJobRunner({ db });
await db.$disconnect();
