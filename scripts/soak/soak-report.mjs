// A soak's results (scripts/soak.mjs): the jobs, every process incarnation's memory verdicts (RSS and live
// JavaScript memory after the warm-up), the totals, and the goals met or missed.
import { MIN_JUDGED_MINUTES, combineVerdicts, evaluateGoals, memoryVerdict, memoryWindows, rssVerdict } from "./soak-stats.mjs";

/** The report printed as the summary and written by --out; `passed` when every goal was met. */
export function buildReport({ ctx, processes, stats, ledger, rows, kills, config, provider, external, durationMs, t0, endedAt }) {
  const jobList = [...ctx.jobs.values()];
  const jobs = {
    started: jobList.length,
    done: jobList.filter((j) => j.state === "done").length,
    failed: jobList.filter((j) => j.state === "failed" || j.state === "cancelled").length,
    unfinished: jobList.filter((j) => !["done", "failed", "cancelled"].includes(j.state)).length,
    resumed: jobList.filter((j) => (j.attempts ?? 0) > 1).length,
    list: jobList.map(({ id, kind, state, attempts, error }) => ({ id, kind, state, attempts, error: error ?? null })),
  };
  const { warmupMs, windowMs } = memoryWindows(durationMs);
  const rss = processes.flatMap((p) =>
    p.incarnations.map((inc) => {
      const life = {
        startedAt: Math.max(inc.readyAt ?? inc.startedAt, t0),
        endedAt: inc.endedAt ?? endedAt,
        killed: inc.killed,
        warmupMs,
        windowMs,
        maxGrowth: 0.1,
        judge: config.minutes >= MIN_JUDGED_MINUTES,
      };
      const r = rssVerdict({ ...life, samples: inc.samples });
      const live = memoryVerdict({ ...life, samples: p.memorySamples(inc) });
      return { name: `${p.name}#${inc.n}`, pid: inc.pid, rss: r, live, verdict: combineVerdicts(r.verdict, live.verdict) };
    }),
  );
  const totals = stats.totals();
  const goals = evaluateGoals({
    totals,
    rss,
    rows,
    jobs,
    kills,
    acked: ledger.counts,
  });
  const report = {
    startedAt: new Date(t0).toISOString(),
    minutesRun: Math.round(((endedAt - t0) / 60_000) * 10) / 10,
    config: { ...config, build: provider, database: external ? "DATABASE_URL" : "throwaway cluster" },
    totals,
    minutes: stats.minutes(),
    notes: stats.notes,
    byKind: stats.byKind,
    kills,
    rss,
    memoryWindows: { warmupS: warmupMs / 1000, windowS: windowMs / 1000 },
    rows,
    acked: ledger.counts,
    jobs,
    failures: stats.failures,
    goals,
    passed: goals.passed,
  };
  return report;
}
