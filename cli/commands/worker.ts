import { AppError } from "../../lib/errors";
import { JOB_KINDS, type JobKind } from "../../lib/schemas/jobs";
import { defineCommand } from "../define-command";

// Server modules (Prisma, the runner) load inside run() so `--help` stays instant.

const usage = `snippet-lab worker [--concurrency N] [--kinds LIST]

Runs background jobs (scoring unscored pairs, threshold sweeps, LLM judge runs) from the database until stopped (Ctrl+C / SIGTERM
finish the running job's current step, leaving the job to be resumed). On PostgreSQL the jobs come through a pg-boss
queue, so several workers — on this machine or others with the same DATABASE_URL — share the load; on SQLite the
worker polls the Job table beside the server. Jobs cut off by a crash or restart are resumed by the next worker that
notices (no heartbeat for 30 s). Set SNIPPET_LAB_JOBS_IN_SERVER=0 to leave all jobs to workers.

  --concurrency N   jobs this worker runs at once (default SNIPPET_LAB_JOB_CONCURRENCY, 1)
  --kinds LIST      only these kinds (${JOB_KINDS.join(", ")}); default all`;

export const command = defineCommand({
  name: "worker",
  summary: "run background jobs (scoring, sweeps) from the database; on PostgreSQL several workers share a pg-boss queue",
  usage,
  options: { concurrency: { type: "number", integer: true, min: 1, max: 16 }, kinds: { type: "string" } },
  async run({ values }) {
    const { concurrency } = values;
    const kinds = values.kinds
      ?.split(",")
      .map((k) => k.trim())
      .filter(Boolean);
    for (const k of kinds ?? [])
      if (!(JOB_KINDS as readonly string[]).includes(k))
        throw new AppError("BAD_REQUEST", `unknown job kind "${k}" (known: ${JOB_KINDS.join(", ")})`);

    const { migrateDatabase } = await import("../../lib/server/db/migrate");
    await migrateDatabase({ log: (m) => console.error(`[worker] ${m}`) });
    const { startJobRunner, stopJobRunner } = await import("../../lib/server/jobs/job-runner");
    const { disconnectDb } = await import("../../lib/server/db/client");
    const runner = await startJobRunner({
      work: true,
      ...(concurrency ? { concurrency } : {}),
      ...(kinds ? { kinds: kinds as JobKind[] } : {}),
      log: (m) => console.error(`[worker] ${m}`),
    });
    console.error(
      `[worker] ${runner.runner.workerId}: running ${kinds?.join(", ") ?? "every kind of"} job(s) (${runner.kind === "pg-boss" ? "pg-boss queue" : "polling the Job table"}); Ctrl+C stops`,
    );
    await new Promise<void>((resolve) => {
      const stop = () => resolve();
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    });
    console.error("[worker] stopping…");
    await stopJobRunner();
    await disconnectDb();
    return 0;
  },
});
