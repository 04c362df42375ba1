// The crash test's operations (scripts/crash-test-run.ts). Each prints READY, then GO, then BEGIN i / END i for
// each write, and waits to be killed.
import { createSession } from "@/lib/server/auth/create-session";
import { resetPassword } from "@/lib/server/auth/reset-password";
import { hashSessionToken } from "@/lib/server/auth/session-token";
import { updateUser } from "@/lib/server/auth/update-user";
import { adjudicatePair } from "@/lib/server/db/annotations/adjudicate-pair";
import { createDataset } from "@/lib/server/db/datasets/create-dataset";
import { deleteDataset } from "@/lib/server/db/datasets/delete-dataset";
import { loadJobHandler } from "@/lib/server/jobs/job-handlers";
import { startJobRunner } from "@/lib/server/jobs/job-runner";
import { readJob, startJob } from "@/lib/server/jobs/jobs-api";
import type { Role } from "@/lib/schemas/enums";
import { type CrashState, type UserState, ROLE_CYCLE, USER_ACTIONS, goldInput, goldPlan, importFile, passwordOf } from "./fixture";
import { datasetCounts, db, say, sleep } from "./runtime";

async function opImport(state: CrashState, trial: number): Promise<void> {
  const dataset = await createDataset({ name: `crash-import-${trial}-${Date.now().toString(36)}` });
  const { write } = await importFile(dataset.id, state.importFile);
  say("READY");
  say(`GO ${JSON.stringify({ datasetId: dataset.id, pairs: state.importPairs })}`);
  const t = Date.now();
  const summary = await write();
  say(`END 0 ${JSON.stringify({ ms: Date.now() - t, pairs: summary.pairs })}`);
}

async function opDelete(state: CrashState, trial: number): Promise<void> {
  // A whole import to delete: one left by the import trials, else a fresh one (set up before the clock starts).
  const full = await db.dataset.findFirst({
    where: { name: { startsWith: "crash-" }, NOT: { name: { in: ["crash-gold", "crash-sweep"] } }, pairs: { some: {} } },
    orderBy: { createdAt: "asc" },
    select: { id: true },
  });
  let datasetId = full?.id;
  if (!datasetId) {
    const dataset = await createDataset({ name: `crash-delete-${trial}-${Date.now().toString(36)}` });
    await (await importFile(dataset.id, state.deleteFile)).write();
    datasetId = dataset.id;
  }
  const before = await datasetCounts(datasetId);
  say("READY");
  say(`GO ${JSON.stringify({ datasetId, before })}`);
  const t = Date.now();
  await deleteDataset({ id: datasetId });
  say(`END 0 ${JSON.stringify({ ms: Date.now() - t })}`);
}

async function opGold(state: CrashState, from: number): Promise<void> {
  say("READY");
  say("GO {}");
  for (let i = from; ; i++) {
    const { pair, variant } = goldPlan(i, state.goldPairs.length);
    const p = state.goldPairs[pair]!;
    say(`BEGIN ${i} ${JSON.stringify({ pairId: p.id, variant })}`);
    await adjudicatePair({ pairId: p.id, reviewerId: state.reviewerId, ...goldInput(p, variant) });
    say(`END ${i}`);
  }
}

async function opUser(state: CrashState, from: number): Promise<void> {
  say("READY");
  say("GO {}");
  for (let i = from; ; i++) {
    const user = state.users[i % state.users.length]!;
    const action = USER_ACTIONS[Math.floor(i / state.users.length) % USER_ACTIONS.length]!;
    const row = await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { role: true, disabledAt: true } });
    // Sessions to be ended by a disable or a reset (only an active user signs in).
    const sessions: string[] = [];
    if ((action === "toggle" || action === "reset") && row.disabledAt === null) {
      for (let s = 0; s < 2; s++) sessions.push(hashSessionToken((await createSession({ userId: user.id })).token));
    }
    const change: Partial<UserState> =
      action === "role"
        ? { role: ROLE_CYCLE[(ROLE_CYCLE.indexOf(row.role as Role) + 1) % ROLE_CYCLE.length]! }
        : action === "toggle"
          ? { disabled: row.disabledAt === null }
          : { password: `p${i}` };
    say(`BEGIN ${i} ${JSON.stringify({ userId: user.id, action, change, sessions })}`);
    if (change.role) await updateUser({ userId: user.id, role: change.role as Role, actorId: state.adminId });
    else if (change.disabled !== undefined) await updateUser({ userId: user.id, disabled: change.disabled, actorId: state.adminId });
    else await resetPassword({ userId: user.id, password: passwordOf(change.password!), actorId: state.adminId });
    say(`END ${i}`);
  }
}

async function opSweep(state: CrashState): Promise<void> {
  // The "server": its job runner takes the job it queues. Scores are dropped first so the sweep scores and writes.
  await startJobRunner({ work: true, log: () => {} });
  // Loaded as a server that served a sweep before has it: the kill moments fall in the job, not in module loading.
  await loadJobHandler("frontier-sweep");
  await db.modelRun.deleteMany({ where: { pair: { datasetId: state.sweepDatasetId } } });
  say("READY");
  say("GO {}");
  const t = Date.now();
  const { job } = await startJob({ kind: "frontier-sweep", payload: { datasetId: state.sweepDatasetId, methods: ["model:snippet-mini", "bm25"] } });
  say(`JOB ${job.id}`);
  for (;;) {
    const j = await readJob({ id: job.id });
    if (j.state === "done") break;
    if (j.state !== "queued" && j.state !== "running") throw new Error(`sweep job ${job.id} ended ${j.state}: ${j.error ?? ""}`);
    await sleep(100);
  }
  say(`END 0 ${JSON.stringify({ ms: Date.now() - t, jobId: job.id })}`);
}

export type RunOpOptions = { state: CrashState; opName: string; from: string };

/** One operation, until the parent kills the process (it waits for the kill when done first). */
export async function runOp({ state, opName, from: fromArg }: RunOpOptions): Promise<void> {
  const from = Number(fromArg);
  if (opName === "import") await opImport(state, from);
  else if (opName === "delete") await opDelete(state, from);
  else if (opName === "gold") await opGold(state, from);
  else if (opName === "user") await opUser(state, from);
  else if (opName === "sweep") await opSweep(state);
  else throw new Error(`unknown operation ${opName}`);
  say("IDLE");
  // Done before the kill came: wait for it (the parent kills every operation process).
  setInterval(() => {}, 60_000);
  await new Promise(() => {});
}
