// Next's startup hook: the environment is validated once when the server starts (lib/server/env.ts), so a bad value
// stops `next start` with a message naming the variable instead of failing the first request that reads it. Then the
// background-job runner starts (unless SNIPPET_LAB_JOBS_IN_SERVER=0), resuming jobs a restart cut off.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getEnv } = await import("./lib/server/env");
  // `next build` loads this too: no runner while building.
  if (!getEnv().jobsInServer || process.env.NEXT_PHASE === "phase-production-build") return;
  const { startJobRunner } = await import("./lib/server/jobs/job-runner");
  // A database that is not reachable yet must not stop the server: the runner starts again with the first job.
  await startJobRunner().catch((e: unknown) => console.error("[jobs] the job runner did not start:", e));
}
