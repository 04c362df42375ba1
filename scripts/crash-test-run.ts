// The process half of scripts/crash-test.mjs: run with `node --conditions=react-server --import tsx` (and, on
// PostgreSQL, --import scripts/use-postgres-client.mjs) on DATABASE_URL, through the app's own data layer.
//   setup --state FILE      migrate and fill the database the operations work on; writes FILE (ids, import files)
//   trial --state FILE [--expect FILE] [--op NAME --from N]
//                           one life of a server: first what a restarted server does (migrations, the job runner
//                           resuming interrupted jobs), and with --expect the checks of the kill before (the database's
//                           own integrity check, the all-or-nothing checks: RESULT {ok, problems, observed, …}); then
//                           one operation (import | gold | delete | user | sweep), reporting READY (set up), GO (it
//                           starts), BEGIN i / END i (one write sent / committed), IDLE (done), until the parent kills
//                           the process with SIGKILL at a random moment. Without --op it exits after the checks.
// Lines on stdout are written synchronously (a pipe on Linux), so a line printed before the kill reaches the parent.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { createSession } from "@/lib/server/auth/create-session";
import { createUser } from "@/lib/server/auth/create-user";
import { resetPassword } from "@/lib/server/auth/reset-password";
import { hashSessionToken } from "@/lib/server/auth/session-token";
import { updateUser } from "@/lib/server/auth/update-user";
import { verifyPassword } from "@/lib/server/auth/verify-password";
import { adjudicatePair } from "@/lib/server/db/annotations/adjudicate-pair";
import { getDb } from "@/lib/server/db/client";
import { createPair } from "@/lib/server/db/create-pair";
import { resolveDatabaseUrl } from "@/lib/server/db/database-url";
import { createDataset } from "@/lib/server/db/datasets/create-dataset";
import { deleteDataset } from "@/lib/server/db/datasets/delete-dataset";
import { connectPg } from "@/lib/server/db/backup/postgres-tools";
import { checkPostgresIntegrity } from "@/lib/server/db/integrity/check-postgres-integrity";
import { checkSqliteIntegrity } from "@/lib/server/db/integrity/check-sqlite-integrity";
import { migrateDatabase } from "@/lib/server/db/migrate";
import { importRecords } from "@/lib/server/import/import-records";
import { parseImportFile } from "@/lib/server/import/parse-import-file";
import { loadJobHandler } from "@/lib/server/jobs/job-handlers";
import { startJobRunner, stopJobRunner } from "@/lib/server/jobs/job-runner";
import { readJob, startJob } from "@/lib/server/jobs/jobs-api";
import type { Role, SpanCategory } from "@/lib/schemas/enums";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { state: { type: "string" }, expect: { type: "string" }, op: { type: "string" }, from: { type: "string", default: "0" } },
});
const [mode] = positionals;
const opName = values.op;
const statePath = values.state!;
const say = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const db = getDb();
const provider = resolveDatabaseUrl().provider;

// ---------------------------------------------------------------------------------------------------------------
// The fixture: users, a dataset whose pairs get gold saves, a gold dataset for sweeps, and the import files.

type GoldPair = { id: string; docIds: string[]; sentences: { start: number; end: number; text: string }[][] };
export type CrashState = {
  adminId: string;
  reviewerId: string;
  users: { id: string; email: string }[];
  goldPairs: GoldPair[];
  sweepDatasetId: string;
  importFile: string;
  importPairs: number;
  deleteFile: string;
  deletePairs: number;
  /** Account audit rows of each user after the setup (their "create"), when the audit trail exists. */
  accountAuditBaseline: Record<string, number> | null;
};

const GOLD_DOCS = [
  [
    "The bridge opened in 1937 after four years of work.",
    "Its main span is 1,280 metres long.",
    "Visitors can walk across it every day.",
    "The toll is paid only by cars heading south.",
  ],
  [
    "Fog often covers the towers on summer mornings.",
    "Subscribe to our newsletter for weekly news.",
    "The gift shop sells postcards and models.",
    "Share this page with your friends.",
  ],
];

/** The gold versions a save alternates between: (document, sentence, category) lists, or "nothing here is vital". */
const GOLD_VARIANTS: { spans: [number, number, SpanCategory][]; noVital: boolean }[] = [
  {
    spans: [
      [0, 0, "vital"],
      [0, 2, "off_topic"],
      [1, 1, "ads"],
    ],
    noVital: false,
  },
  {
    spans: [
      [0, 1, "vital"],
      [1, 3, "ui_navigation"],
    ],
    noVital: false,
  },
  {
    spans: [
      [1, 0, "off_topic"],
      [0, 3, "metadata"],
    ],
    noVital: true,
  },
  {
    spans: [
      [0, 0, "vital"],
      [0, 1, "vital"],
      [1, 2, "ads"],
      [1, 1, "duplicate"],
    ],
    noVital: false,
  },
];
/** Iteration i saves gold on pair i % P, as variant (⌊i / P⌋ + pair) % V: two saves in a row on one pair always differ. */
const goldPlan = (i: number, pairs: number) => {
  const pair = i % pairs;
  return { pair, variant: (Math.floor(i / pairs) + pair) % GOLD_VARIANTS.length };
};

const ROLE_CYCLE: Role[] = ["annotator", "reviewer", "researcher"];
/** Each a real change (a toggle disables an active user, enables a disabled one): one account audit row each. */
const USER_ACTIONS = ["role", "toggle", "toggle", "reset"] as const;
const passwordOf = (tag: string) => `crash-password-${tag}`;

function writeImportFile(file: string, pairs: number, tag: string): void {
  const lines: string[] = [];
  for (let i = 0; i < pairs; i++) {
    const first = `Record ${tag}-${i} describes the bridge over the river built in ${1800 + (i % 200)}.`;
    const text = `${first} The tower was painted red in year ${i % 97}. Tickets cost ${i % 50} euros at the gate.`;
    lines.push(JSON.stringify({ id: `${tag}-${i}`, query: `when was bridge ${tag}-${i} built`, text, evidence: [{ start: 0, end: first.length }] }));
  }
  writeFileSync(file, `${lines.join("\n")}\n`);
}

async function importFile(datasetId: string, file: string) {
  const parsed = parseImportFile({ format: "jsonl", bytes: readFileSync(file) });
  if (!parsed.ok) throw new Error(`import file: ${JSON.stringify(parsed.errors.slice(0, 3))}`);
  return { plans: parsed.plans, write: () => importRecords({ datasetId, format: "jsonl", plans: parsed.plans }) };
}

async function setup(): Promise<void> {
  await migrateDatabase({ log: () => {} });
  const dir = path.dirname(statePath);
  const importPairs = Number(process.env.CRASH_IMPORT_PAIRS ?? 10_000);
  const deletePairs = Number(process.env.CRASH_DELETE_PAIRS ?? 2_000);
  const sweepPairs = Number(process.env.CRASH_SWEEP_PAIRS ?? 30);
  const admin = await createUser({ email: "admin@crash.test", name: "admin", password: passwordOf("admin"), role: "admin" });
  const reviewer = await createUser({ email: "reviewer@crash.test", name: "reviewer", password: passwordOf("reviewer"), role: "reviewer" });
  const users = [];
  for (let u = 0; u < 4; u++) {
    const user = await createUser({
      email: `user${u}@crash.test`,
      name: `user${u}`,
      password: passwordOf("init"),
      role: "annotator",
      actorId: admin.id,
    });
    users.push({ id: user.id, email: user.email });
  }
  const goldPairs: GoldPair[] = [];
  for (let p = 0; p < 5; p++) {
    const created = await createPair({ dataset: "crash-gold", query: `bridge facts ${p}`, documents: GOLD_DOCS.map((s) => ({ text: s.join(" ") })) });
    const texts = await Promise.all(created.documentIds.map(async (id) => (await db.document.findUniqueOrThrow({ where: { id } })).text));
    const sentences = GOLD_DOCS.map((doc, d) =>
      doc.map((s) => {
        const start = texts[d]!.indexOf(s);
        if (start < 0) throw new Error(`sentence not found: ${s}`);
        return { start, end: start + s.length, text: s };
      }),
    );
    goldPairs.push({ id: created.id, docIds: created.documentIds, sentences });
  }
  const sweepFile = path.join(dir, "sweep.jsonl");
  writeImportFile(sweepFile, sweepPairs, "sweep");
  const sweep = await createDataset({ name: "crash-sweep" });
  await (await importFile(sweep.id, sweepFile)).write();
  const importFilePath = path.join(dir, "import.jsonl");
  writeImportFile(importFilePath, importPairs, "imp");
  const deleteFile = path.join(dir, "delete.jsonl");
  writeImportFile(deleteFile, deletePairs, "del");
  const state: CrashState = {
    adminId: admin.id,
    reviewerId: reviewer.id,
    users,
    goldPairs,
    sweepDatasetId: sweep.id,
    importFile: importFilePath,
    importPairs,
    deleteFile,
    deletePairs,
    accountAuditBaseline: (await auditTableExists("AccountAuditEvent"))
      ? Object.fromEntries(
          await Promise.all(
            users.map(async (u) => [u.id, await count(`SELECT COUNT(*) AS n FROM "AccountAuditEvent" WHERE "userId" = '${u.id}'`)] as const),
          ),
        )
      : null,
  };
  writeFileSync(statePath, JSON.stringify(state, null, 2));
  say(`SETUP ${JSON.stringify({ users: users.length, goldPairs: goldPairs.length, sweepPairs, importPairs, deletePairs })}`);
}

// ---------------------------------------------------------------------------------------------------------------
// The operations. Each prints READY, then GO, then waits to be killed.

async function datasetCounts(datasetId: string) {
  const [pairs, documents, queries, spans, spanEvents, links] = await Promise.all([
    db.pair.count({ where: { datasetId } }),
    db.document.count({ where: { datasetId } }),
    db.query.count({ where: { datasetId } }),
    db.span.count({ where: { pair: { datasetId } } }),
    db.spanEvent.count({ where: { span: { pair: { datasetId } } } }),
    db.pairDocument.count({ where: { pair: { datasetId } } }),
  ]);
  return { pairs, documents, queries, spans, spanEvents, links };
}

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

function goldInput(pair: GoldPair, variant: number) {
  const v = GOLD_VARIANTS[variant]!;
  return {
    noVital: v.noVital,
    spans: v.spans.map(([d, s, category]) => ({ documentId: pair.docIds[d]!, ...pair.sentences[d]![s]!, category })),
  };
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

type UserState = { role: string; disabled: boolean; password: string };

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

async function runOp(state: CrashState): Promise<void> {
  const from = Number(values.from);
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

// ---------------------------------------------------------------------------------------------------------------
// The restart and the checks.

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

const count = async (sql: string): Promise<number> => Number((await db.$queryRawUnsafe<{ n: unknown }[]>(sql))[0]?.n ?? 0);

/** Invariants every state of the app keeps, whatever was cut off: each breach is a problem. */
async function checkInvariants(state: CrashState): Promise<string[]> {
  const problems: string[] = [];
  const rules: [string, string][] = [
    ["pairs without a document", `SELECT COUNT(*) AS n FROM "Pair" p WHERE NOT EXISTS (SELECT 1 FROM "PairDocument" d WHERE d."pairId" = p."id")`],
    [
      "spans without their create event",
      `SELECT COUNT(*) AS n FROM "Span" s WHERE NOT EXISTS (SELECT 1 FROM "SpanEvent" e WHERE e."spanId" = s."id" AND e."action" = 'create')`,
    ],
    [
      "deleted spans without a delete event",
      `SELECT COUNT(*) AS n FROM "Span" s WHERE s."deletedAt" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "SpanEvent" e WHERE e."spanId" = s."id" AND e."action" = 'delete')`,
    ],
    [
      "live spans with a delete event",
      `SELECT COUNT(*) AS n FROM "Span" s WHERE s."deletedAt" IS NULL AND EXISTS (SELECT 1 FROM "SpanEvent" e WHERE e."spanId" = s."id" AND e."action" = 'delete')`,
    ],
    [
      "adjudicated pairs without gold (no span, not 'nothing vital')",
      `SELECT COUNT(*) AS n FROM "Pair" p WHERE p."adjudicatedAt" IS NOT NULL AND p."goldNoVital" = false AND NOT EXISTS (SELECT 1 FROM "Span" s WHERE s."pairId" = p."id" AND s."source" = 'gold' AND s."annotationId" IS NULL AND s."deletedAt" IS NULL)`,
    ],
    [
      "'nothing vital' gold holding a vital span",
      `SELECT COUNT(*) AS n FROM "Pair" p WHERE p."goldNoVital" = true AND EXISTS (SELECT 1 FROM "Span" s WHERE s."pairId" = p."id" AND s."source" = 'gold' AND s."annotationId" IS NULL AND s."deletedAt" IS NULL AND s."category" = 'vital')`,
    ],
    ["sessions of disabled users", `SELECT COUNT(*) AS n FROM "Session" s JOIN "User" u ON u."id" = s."userId" WHERE u."disabledAt" IS NOT NULL`],
    ["jobs not done after the restart", `SELECT COUNT(*) AS n FROM "Job" WHERE "state" <> 'done'`],
  ];
  for (const [what, sql] of rules) {
    const n = await count(sql);
    if (n > 0) problems.push(`${n} ${what}`);
  }
  // Every import all or nothing: 0 pairs or every pair, with every document, query, gold span and its event, and
  // (when the audit trail exists) every pair's "import as gold" audit row.
  const imports = await db.dataset.findMany({
    where: { name: { startsWith: "crash-" }, NOT: { name: { in: ["crash-gold", "crash-sweep"] } } },
    select: { id: true, name: true },
  });
  const goldAudit = await auditTableExists("GoldAuditEvent");
  for (const d of imports) {
    const c: Record<string, number> = { ...(await datasetCounts(d.id)) };
    if (goldAudit) c.goldAudit = await count(`SELECT COUNT(*) AS n FROM "GoldAuditEvent" WHERE "datasetId" = '${d.id}'`);
    const n = d.name.startsWith("crash-import-") ? state.importPairs : state.deletePairs;
    const whole = Object.values(c).every((v) => v === n);
    const empty = Object.values(c).every((v) => v === 0);
    if (!whole && !empty) problems.push(`dataset ${d.name} is half imported: ${JSON.stringify(c)} (expected 0 or ${n} of each)`);
  }
  return problems;
}

async function integrity(): Promise<string[]> {
  const target = resolveDatabaseUrl();
  if (target.provider === "sqlite") {
    const sqlite = new Database(target.filename, { fileMustExist: true, timeout: 10_000 });
    try {
      return checkSqliteIntegrity(sqlite);
    } finally {
      sqlite.close();
    }
  }
  const client = await connectPg(target.url);
  try {
    return await checkPostgresIntegrity(client, { schemas: ["public", "pgboss"] });
  } finally {
    await client.end();
  }
}

const goldKey = (spans: { documentId: string; start: number; end: number; category: string }[]) =>
  spans
    .map((s) => `${s.documentId}:${s.start}:${s.end}:${s.category}`)
    .sort()
    .join("|");

async function observeGold(state: CrashState, pairId: string): Promise<number | null | "other"> {
  const p = state.goldPairs.find((g) => g.id === pairId)!;
  const pair = await db.pair.findUniqueOrThrow({ where: { id: pairId }, select: { goldNoVital: true, adjudicatedAt: true } });
  const spans = await db.span.findMany({
    where: { pairId, source: "gold", annotationId: null, deletedAt: null },
    select: { documentId: true, start: true, end: true, category: true },
  });
  if (spans.length === 0 && !pair.goldNoVital && pair.adjudicatedAt === null) return null;
  const key = goldKey(spans);
  for (let v = 0; v < GOLD_VARIANTS.length; v++) {
    const input = goldInput(p, v);
    if (goldKey(input.spans) === key && input.noVital === pair.goldNoVital) return v;
  }
  return "other";
}

async function observeUser(userId: string, candidates: UserState[]): Promise<UserState & { sessions: string[] }> {
  const row = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { role: true, disabledAt: true, passwordHash: true } });
  let password = "?";
  for (const tag of new Set(candidates.map((c) => c.password))) {
    if (await verifyPassword({ password: passwordOf(tag), passwordHash: row.passwordHash })) password = tag;
  }
  const sessions = (await db.session.findMany({ where: { userId }, select: { id: true } })).map((s) => s.id);
  return { role: row.role, disabled: row.disabledAt !== null, password, sessions };
}

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
async function restartAndCheck(state: CrashState, expect: CrashExpect | null): Promise<void> {
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

async function auditTableExists(table: string): Promise<boolean> {
  const sql =
    provider === "sqlite"
      ? `SELECT COUNT(*) AS n FROM "sqlite_master" WHERE "type" = 'table' AND "name" = '${table}'`
      : `SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = '${table}'`;
  return (await count(sql)) > 0;
}

try {
  if (mode === "setup") await setup();
  else if (mode === "trial") {
    const state = JSON.parse(readFileSync(statePath, "utf8")) as CrashState;
    await restartAndCheck(state, values.expect ? (JSON.parse(readFileSync(values.expect, "utf8")) as CrashExpect) : null);
    if (opName) await runOp(state);
    await stopJobRunner();
  } else throw new Error("usage: crash-test-run.ts setup|trial --state FILE [--expect FILE] [--op NAME --from N]");
  process.exit(0);
} catch (e) {
  console.error(e);
  process.exit(1);
}
