// The restart of the crash test's process (scripts/crash-test-run.ts): what a restarted server does (migrations, the
// job runner resuming interrupted jobs), then, with what the parent knows of the killed operation, the checks.
import { migrateDatabase } from "@/lib/server/db/migrate";
import { startJobRunner } from "@/lib/server/jobs/job-runner";
import { checkInvariants, integrity, observeGold, observeUser } from "./checks";
import type { CrashState, UserState } from "./fixture";
import { auditTableExists, count, datasetCounts, db, provider, say, sleep } from "./runtime";

/** What the parent knows of the killed operation (from the lines it printed). */
export type CrashExpect =
  | { op: "import"; datasetId: string | null; pairs: number; committed: boolean }
  | { op: "delete"; datasetId: string | null; before: Awaited<ReturnType<typeof datasetCounts>> | null; committed: boolean }
  | { op: "gold"; pairs: Record<string, { allowed: (number | null)[]; saves: number[] }> }
  | {
      op: "user";
      users: Record<string, { allowed: UserState[]; changes: number[]; inFlight: { after: UserState; sessions: string[] } | null }>;
    }
  | { op: "sweep"; jobId: string | null };

/** Waits until no job is queued or running (the restarted runner resumed and finished them), or gives up. */
async function settleJobs(): Promise<{ stuck: string[] }> {
  const deadline = Date.now() + 240_000;
  let idleQueuedSince: number | null = null;
  for (;;) {
    const live = await db.job.findMany({ where: { state: { in: ["queued", "running"] } }, select: { id: true, state: true } });
    if (live.length === 0) break;
    // A queued job that nothing takes (no running one) for longer than the runners' takeover time is lost.
    if (live.every((j) => j.state === "queued")) idleQueuedSince ??= Date.now();
    else idleQueuedSince = null;
    if (Date.now() > deadline || (idleQueuedSince !== null && Date.now() - idleQueuedSince > 60_000)) {
      const stuck: string[] = [];
      for (const j of live) {
        // On PostgreSQL, where its pg-boss messages are: a job can only be lost between the Job row and the queue.
        const messages =
          provider === "postgresql"
            ? (
                await db.$queryRawUnsafe<{ state: string; n: number }[]>(
                  `SELECT "state"::text AS state, COUNT(*)::int AS n FROM pgboss.job WHERE data->>'jobId' = $1 GROUP BY 1`,
                  j.id,
                )
              )
                .map((m) => `${m.n} ${m.state}`)
                .join(", ") || "none"
            : null;
        stuck.push(`${j.id} (${j.state}${messages ? `; pg-boss messages: ${messages}` : ""})`);
      }
      return { stuck };
    }
    await sleep(200);
  }
  return { stuck: [] };
}

/** The restart: migrations, then the job runner, which resumes what a kill cut off; then the checks when `expect` is given. */
export async function restartAndCheck(state: CrashState, expect: CrashExpect | null): Promise<void> {
  const t0 = Date.now();
  const phases: Record<string, number> = {};
  const phase = (name: string, since: number) => (phases[name] = Date.now() - since);
  phases.load = Math.round(performance.now());
  // What a restarted server does first: the migrations (a no-op here), then the job runner, which resumes what the
  // kill cut off.
  await migrateDatabase({ log: () => {} });
  const interrupted = await db.job.count({ where: { state: { in: ["queued", "running"] } } });
  await startJobRunner({ work: true, log: () => {} });
  const jobs = await settleJobs();
  const restartMs = Date.now() - t0;
  phase("restart", t0);
  if (!expect) return;
  const problems: string[] = [];
  const t1 = Date.now();
  const integrityProblems = await integrity();
  phase("integrity", t1);
  problems.push(...integrityProblems.map((p) => `integrity: ${p}`));
  if (jobs.stuck.length > 0) problems.push(`jobs not resumed after the restart: ${jobs.stuck.join(", ")}`);
  const t2 = Date.now();
  problems.push(...(await checkInvariants(state)));
  phase("invariants", t2);
  const observed: Record<string, unknown> = {};

  if (expect.op === "import" && expect.datasetId) {
    const c = await datasetCounts(expect.datasetId);
    observed.pairs = c.pairs;
    if (expect.committed && c.pairs !== expect.pairs) problems.push(`import committed (END seen) but ${c.pairs} of ${expect.pairs} pairs stored`);
  } else if (expect.op === "delete" && expect.datasetId && expect.before) {
    const exists = (await db.dataset.count({ where: { id: expect.datasetId } })) > 0;
    const c = await datasetCounts(expect.datasetId);
    observed.deleted = !exists;
    if (exists && JSON.stringify(c) !== JSON.stringify(expect.before)) {
      problems.push(`dataset half deleted: ${JSON.stringify(c)}, before the delete ${JSON.stringify(expect.before)}`);
    }
    if (!exists && Object.values(c).some((v) => v !== 0)) problems.push(`dataset row gone but its rows remain: ${JSON.stringify(c)}`);
    if (expect.committed && exists) problems.push("delete committed (END seen) but the dataset is still there");
  } else if (expect.op === "gold") {
    const gold: Record<string, number | null | "other"> = {};
    const hasAudit = await auditTableExists("GoldAuditEvent");
    for (const [pairId, e] of Object.entries(expect.pairs)) {
      const v = await observeGold(state, pairId);
      gold[pairId] = v;
      if (!e.allowed.includes(v as number | null)) {
        problems.push(`pair ${pairId}: gold is ${v === "other" ? "a mix of two versions" : `variant ${v}`}, expected ${e.allowed.join(" or ")}`);
      }
      // The audit trail is written in the gold save's transaction: one row per committed save.
      if (hasAudit && v !== "other") {
        const saves = e.saves[e.allowed.indexOf(v as number | null)]!;
        const rows = await count(`SELECT COUNT(*) AS n FROM "GoldAuditEvent" WHERE "pairId" = '${pairId}'`);
        if (rows !== saves) problems.push(`pair ${pairId}: ${rows} gold audit rows for ${saves} committed gold saves`);
      }
    }
    observed.gold = gold;
  } else if (expect.op === "user") {
    const users: Record<string, UserState> = {};
    for (const [userId, e] of Object.entries(expect.users)) {
      const o = await observeUser(userId, e.allowed);
      const { sessions, ...now } = o;
      users[userId] = now;
      const i = e.allowed.findIndex((a) => a.role === now.role && a.disabled === now.disabled && a.password === now.password);
      if (i < 0) problems.push(`user ${userId}: ${JSON.stringify(now)}, expected one of ${JSON.stringify(e.allowed)}`);
      // The account audit is written in the change's transaction: one row per committed change.
      if (i >= 0 && state.accountAuditBaseline) {
        const rows = await count(`SELECT COUNT(*) AS n FROM "AccountAuditEvent" WHERE "userId" = '${userId}'`);
        const expected = (state.accountAuditBaseline[userId] ?? 0) + e.changes[i]!;
        if (rows !== expected) problems.push(`user ${userId}: ${rows} account audit rows, expected ${expected} (${e.changes[i]} committed changes)`);
      }
      // The in-flight change ends the sessions in the same transaction: applied ⇔ they are gone.
      if (e.inFlight && e.inFlight.sessions.length > 0 && i >= 0) {
        const applied = JSON.stringify(e.allowed[i]) === JSON.stringify(e.inFlight.after);
        const left = e.inFlight.sessions.filter((s) => sessions.includes(s)).length;
        if (applied && left > 0) problems.push(`user ${userId}: the change was applied but ${left} of its sessions remain`);
        if (!applied && left !== e.inFlight.sessions.length)
          problems.push(`user ${userId}: the change was not applied but ${e.inFlight.sessions.length - left} of its sessions are gone`);
      }
    }
    observed.users = users;
  } else if (expect.op === "sweep" && expect.jobId) {
    const j = await db.job.findUnique({ where: { id: expect.jobId }, select: { state: true, attempts: true, resultJson: true } });
    observed.sweep = j ? { state: j.state, attempts: j.attempts } : null;
    if (!j) problems.push(`sweep job ${expect.jobId} is gone`);
    else if (j.state !== "done" || !j.resultJson) problems.push(`sweep job ${expect.jobId} ended ${j.state} without its result`);
  }
  say(
    `RESULT ${JSON.stringify({ ok: problems.length === 0, problems, observed, integrity: integrityProblems.length === 0, resumedJobs: jobs.stuck.length === 0 ? interrupted : 0, restartMs, phases })}`,
  );
}
