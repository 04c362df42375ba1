#!/usr/bin/env node
// Crash safety: processes doing the app's writes through its own data layer are killed with SIGKILL at random moments
// — a 10,000-pair import, gold saves, a dataset delete, account changes (role, disable/enable, password reset), a
// frontier sweep job — and after each kill a fresh process does what a restarted server does (migrations, the job
// runner resuming interrupted jobs), then checks that every operation happened all or nothing (no half-imported or
// half-deleted dataset, no gold version without its spans, no change without its sessions ended), that the database
// passes its own integrity check (SQLite: integrity_check + foreign_key_check; PostgreSQL: every foreign key without
// orphans + amcheck's bt_index_check) and that interrupted jobs resumed and finished. Prints the counts.
//
//   node scripts/crash-test.mjs [--kills 50] [--db sqlite|postgres|both] [--ops import,gold,delete,user,sweep]
//                               [--pairs 10000] [--seed 1] [--json FILE] [--keep]
//
// --kills is per database (the operations take turns). PostgreSQL runs in a throwaway cluster
// (scripts/postgres-cluster.mjs); without PostgreSQL installed it is skipped (a failure with
// SNIPPET_LAB_REQUIRE_POSTGRES=1). The processes are scripts/crash-test-run.ts (node, tsx, the react-server condition;
// on PostgreSQL with scripts/use-postgres-client.mjs). Exit status 0 when every check passed.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath, pathToFileURL } from "node:url";
import { findPostgresBinaries, generatePostgresClient, startPostgresCluster } from "./postgres-cluster.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const { values } = parseArgs({
  options: {
    kills: { type: "string", default: "50" },
    db: { type: "string", default: "both" },
    ops: { type: "string", default: "import,gold,delete,user,sweep" },
    pairs: { type: "string", default: "10000" },
    "delete-pairs": { type: "string", default: "1000" },
    "sweep-pairs": { type: "string", default: "30" },
    seed: { type: "string", default: "1" },
    json: { type: "string" },
    keep: { type: "boolean", default: false },
  },
});
const OPS = ["import", "gold", "delete", "user", "sweep"];
const kills = Number(values.kills);
const ops = values.ops.split(",").map((o) => o.trim());
const pairs = Number(values.pairs);
const dbs = values.db === "both" ? ["sqlite", "postgres"] : [values.db];
if (!Number.isInteger(kills) || kills < 1) fail(`--kills must be a positive integer, got ${values.kills}`);
if (!Number.isInteger(pairs) || pairs < 1) fail(`--pairs must be a positive integer, got ${values.pairs}`);
for (const o of ops) if (!OPS.includes(o)) fail(`unknown operation "${o}" (${OPS.join(", ")})`);
for (const d of dbs) if (d !== "sqlite" && d !== "postgres") fail(`--db must be sqlite, postgres or both, got ${values.db}`);

function fail(message) {
  console.error(`[crash-test] ${message}`);
  process.exit(2);
}

/** mulberry32: the kill moments are reproducible from --seed (the processes' own timing is not). */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(Number(values.seed));

const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
const hook = pathToFileURL(path.join(root, "scripts/use-postgres-client.mjs")).href;
const runner = path.join(root, "scripts/crash-test-run.ts");

/** A crash-test-run.ts process: its stdout lines with their arrival time, the tail of its stderr, its exit. */
function spawnRun(target, args) {
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", tsx, ...(target.pg ? ["--import", hook] : []), runner, ...args], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      TSX_TSCONFIG_PATH: path.join(root, "tsconfig.json"),
      DATABASE_URL: target.url,
      SNIPPET_LAB_JOBS_IN_SERVER: "1",
      SNIPPET_LAB_INTRA_OP_THREADS: "1",
      PRISMA_HIDE_UPDATE_MESSAGE: "1",
      CHECKPOINT_DISABLE: "1",
      CRASH_IMPORT_PAIRS: String(pairs),
      CRASH_DELETE_PAIRS: values["delete-pairs"],
      CRASH_SWEEP_PAIRS: values["sweep-pairs"],
    },
  });
  const lines = [];
  const waiters = [];
  let buf = "";
  let err = "";
  child.stdout.on("data", (b) => {
    buf += b.toString();
    for (let i = buf.indexOf("\n"); i >= 0; i = buf.indexOf("\n")) {
      const line = { text: buf.slice(0, i), t: Date.now() };
      buf = buf.slice(i + 1);
      lines.push(line);
      for (const w of waiters.splice(0)) w();
    }
  });
  child.stderr.on("data", (b) => (err = (err + b.toString()).slice(-6000)));
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  let done = false;
  void exited.then(() => {
    done = true;
    for (const w of waiters.splice(0)) w();
  });
  /** The first line starting with `prefix` (null when the process exits first). */
  const waitLine = async (prefix) => {
    for (;;) {
      const found = lines.find((l) => l.text.startsWith(prefix));
      if (found) return found;
      if (done) return null;
      await new Promise((r) => waiters.push(r));
    }
  };
  return { child, lines, waitLine, exited, stderr: () => err, started: Date.now() };
}

/** A RESULT line's object, null without the line. */
const payloadOf = (line) => (line ? payload(line) : null);
const INITIAL_USER = { role: "annotator", disabled: false, password: "init" };

/** The JSON a line ends with ("GO {…}", "END 0 {…}"), {} without one. */
const payload = (line) => (line && line.text.includes("{") ? JSON.parse(line.text.slice(line.text.indexOf("{"))) : {});

/** Runs a process to its end; its last line starting with `prefix`, parsed. Throws with its stderr when it fails. */
async function runToEnd(target, args, prefix) {
  const p = spawnRun(target, args);
  const { code, signal } = await p.exited;
  const line = [...p.lines].reverse().find((l) => l.text.startsWith(prefix));
  if (code !== 0 || !line) throw new Error(`${args[0]} failed (${code ?? signal}):\n${p.stderr()}`);
  return JSON.parse(line.text.slice(prefix.length + 1));
}

async function runDatabase(kind) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `snippet-lab-crash-${kind}-`));
  let cluster = null;
  const target = { pg: kind === "postgres", url: "" };
  const t0 = Date.now();
  try {
    if (kind === "sqlite") target.url = `file:${path.join(dir, "crash.db")}`;
    else {
      cluster = startPostgresCluster({ stdio: "ignore" });
      generatePostgresClient({ stdio: "ignore" });
      const pg = (await import("pg")).default;
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      await admin.query("CREATE DATABASE snippet_lab_crash");
      await admin.end();
      target.url = cluster.url.replace(/\/postgres\?/, "/snippet_lab_crash?");
      // PostgreSQL's index checker (contrib, shipped with the server): the integrity check runs bt_index_check with it.
      const c = new pg.Client({ connectionString: target.url });
      await c.connect();
      await c.query("CREATE EXTENSION IF NOT EXISTS amcheck");
      await c.end();
    }
    const statePath = path.join(dir, "state.json");
    console.log(`[crash-test] ${kind}: setting up (${pairs}-pair import file, users, gold pairs, a sweep dataset) in ${dir}`);
    const setup = await runToEnd(target, ["setup", "--state", statePath], "SETUP");
    console.log(`[crash-test] ${kind}: ${JSON.stringify(setup)}`);

    // What the parent knows of the committed state (from END lines and each check's observations).
    const gold = {}; // pairId → { variant, saves }
    const users = {}; // userId → { role, disabled, password }
    const userChanges = {}; // userId → committed changes (one account audit row each)
    const next = { gold: 0, user: 0 };
    // How long one operation runs (the kill moment is drawn within it); learned from operations that finished.
    const duration = { import: pairs * 3, delete: 300, gold: 1500, user: 2500, sweep: 1500 };
    const stats = Object.fromEntries(ops.map((o) => [o, { kills: 0, midOperation: 0, afterCommit: 0, passed: 0, integrity: 0, resumed: 0 }]));
    const failures = [];

    // The kill whose checks the next process runs first (after its restart): its operation, expectations, and how it went.
    let pending = null;
    /** Takes the check of the pending kill from a process's RESULT line (or the lack of one). */
    const settle = (p, result) => {
      const { k, op, delay, where, setupSeconds, tKilled } = pending;
      const s = stats[op];
      if (!result)
        result = {
          ok: false,
          problems: [`the restarted process printed no check result:\n${p.stderr()}`],
          observed: {},
          integrity: false,
          resumedJobs: 0,
        };
      if (result.ok) s.passed++;
      if (result.integrity) s.integrity++;
      s.resumed += result.resumedJobs ?? 0;
      // The check's observations are the committed state from here on (the in-flight write landed or not).
      if (op === "gold") {
        for (const [id, v] of Object.entries(result.observed.gold ?? {})) {
          if (typeof v !== "number" && v !== null) continue;
          const cur = gold[id] ?? { variant: null, saves: 0 };
          gold[id] = { variant: v, saves: v !== cur.variant ? cur.saves + 1 : cur.saves };
        }
      }
      if (op === "user") {
        for (const [id, u] of Object.entries(result.observed.users ?? {})) {
          // Every change changes the account: a state other than the last committed one is the cut-off change, landed.
          if (JSON.stringify(u) !== JSON.stringify(users[id] ?? INITIAL_USER)) userChanges[id] = (userChanges[id] ?? 0) + 1;
          users[id] = u;
        }
      }
      console.log(
        `[crash-test] ${kind} kill ${String(k + 1).padStart(2)}/${kills} ${op.padEnd(6)} at ${String(Math.round(delay)).padStart(5)} ms, ${where}: ` +
          `${result.ok ? "ok" : "FAILED"}${result.resumedJobs ? `, ${result.resumedJobs} job(s) resumed` : ""} ` +
          `(set up ${setupSeconds.toFixed(1)} s, restart and checks ${((Date.now() - tKilled) / 1000).toFixed(1)} s)`,
      );
      if (!result.ok) failures.push(`kill ${k + 1} (${op}): ${result.problems.join("; ")}`);
      pending = null;
    };

    for (let k = 0; k < kills; k++) {
      const op = ops[k % ops.length];
      const from = op === "gold" || op === "user" ? next[op] : k;
      const expectArgs = pending ? ["--expect", pending.expectPath] : [];
      const p = spawnRun(target, ["trial", "--state", statePath, ...expectArgs, "--op", op, "--from", String(from)]);
      if (pending) settle(p, payloadOf(await p.waitLine("RESULT")));
      const ready = await p.waitLine("READY");
      const go = await p.waitLine("GO");
      if (!go) throw new Error(`${op} did not start:\n${p.stderr()}`);
      const w = duration[op];
      // A third of the kills log-uniform (dense in the first milliseconds, where a job is queued and dispatched), the
      // rest uniform over the operation.
      const delay = random() < 1 / 3 ? Math.exp(random() * Math.log(w)) : random() * w;
      const timer = setTimeout(() => p.child.kill("SIGKILL"), Math.max(0, go.t + delay - Date.now()));
      const { signal, code } = await p.exited;
      clearTimeout(timer);
      const tKilled = Date.now();
      if (signal !== "SIGKILL") failures.push(`kill ${k + 1} (${op}): the operation failed before the kill (exit ${code}):\n${p.stderr()}`);

      const texts = p.lines.map((l) => l.text);
      const ends = new Set(texts.filter((t) => t.startsWith("END ")).map((t) => t.split(" ")[1]));
      const begins = texts.filter((t) => t.startsWith("BEGIN ")).map((t) => ({ i: t.split(" ")[1], ...payload({ text: t }) }));
      const end0 = p.lines.find((l) => l.text.startsWith("END 0"));
      const s = stats[op];
      s.kills++;
      let expect;
      let where;
      if (op === "import" || op === "delete" || op === "sweep") {
        if (end0) {
          s.afterCommit++;
          const ms = payload(end0).ms;
          if (ms) duration[op] = Math.max(50, Math.round(ms * 1.1));
        } else s.midOperation++;
        // Killed before its job was even queued: the sweep takes longer here than thought.
        if (op === "sweep" && !end0 && !texts.some((t) => t.startsWith("JOB "))) duration.sweep = Math.min(60_000, Math.round(duration.sweep * 1.5));
        where = end0 ? "after it committed" : "mid-operation";
        const g = payload(go);
        if (op === "import") expect = { op, datasetId: g.datasetId ?? null, pairs, committed: !!end0 };
        else if (op === "delete") expect = { op, datasetId: g.datasetId ?? null, before: g.before ?? null, committed: !!end0 };
        else {
          const job = texts.find((t) => t.startsWith("JOB "));
          expect = { op, jobId: job ? job.split(" ")[1] : null };
        }
      } else {
        let inFlight = null;
        for (const b of begins) {
          if (!ends.has(b.i)) {
            inFlight = b;
            continue;
          }
          if (op === "gold") gold[b.pairId] = { variant: b.variant, saves: (gold[b.pairId]?.saves ?? 0) + 1 };
          else {
            users[b.userId] = { ...(users[b.userId] ?? INITIAL_USER), ...b.change };
            userChanges[b.userId] = (userChanges[b.userId] ?? 0) + 1;
          }
        }
        if (inFlight) s.midOperation++;
        else s.afterCommit++;
        where = inFlight ? `during write ${Number(inFlight.i) - from + 1}` : `after write ${begins.length}`;
        next[op] = begins.length > 0 ? Number(begins.at(-1).i) + 1 : next[op];
        if (op === "gold") {
          const pairsExpect = {};
          for (const id of new Set([...Object.keys(gold), ...(inFlight ? [inFlight.pairId] : [])])) {
            const cur = gold[id] ?? { variant: null, saves: 0 };
            pairsExpect[id] =
              inFlight?.pairId === id
                ? { allowed: [cur.variant, inFlight.variant], saves: [cur.saves, cur.saves + 1] }
                : { allowed: [cur.variant], saves: [cur.saves] };
          }
          expect = { op, pairs: pairsExpect };
        } else {
          const usersExpect = {};
          for (const id of new Set([...Object.keys(users), ...(inFlight ? [inFlight.userId] : [])])) {
            const cur = users[id] ?? INITIAL_USER;
            const after = inFlight?.userId === id ? { ...cur, ...inFlight.change } : null;
            const n = userChanges[id] ?? 0;
            usersExpect[id] = after
              ? { allowed: [cur, after], changes: [n, n + 1], inFlight: { after, sessions: inFlight.sessions } }
              : { allowed: [cur], changes: [n], inFlight: null };
          }
          expect = { op, users: usersExpect };
        }
      }
      const expectPath = path.join(dir, `expect-${k}.json`);
      writeFileSync(expectPath, JSON.stringify(expect));
      pending = { k, op, expectPath, delay, where, setupSeconds: (ready ? ready.t : go.t) / 1000 - p.started / 1000, tKilled };
    }
    // The last kill's restart and checks.
    const last = spawnRun(target, ["trial", "--state", statePath, "--expect", pending.expectPath]);
    settle(last, payloadOf(await last.waitLine("RESULT")));
    await last.exited;
    return { kind, kills, seconds: (Date.now() - t0) / 1000, stats, failures, dir };
  } finally {
    cluster?.stop();
    if (!values.keep) rmSync(dir, { recursive: true, force: true });
  }
}

const results = [];
const skipped = [];
for (const kind of dbs) {
  if (kind === "postgres" && !findPostgresBinaries()) {
    const msg = "PostgreSQL binaries not found (apt-get install postgresql)";
    if (process.env.SNIPPET_LAB_REQUIRE_POSTGRES === "1") {
      console.error(`[crash-test] ${msg}; SNIPPET_LAB_REQUIRE_POSTGRES=1, failing.`);
      process.exit(1);
    }
    console.warn(`[crash-test] ${msg}: PostgreSQL SKIPPED`);
    skipped.push(kind);
    continue;
  }
  try {
    results.push(await runDatabase(kind));
  } catch (e) {
    results.push({ kind, kills: 0, seconds: 0, stats: {}, failures: [`could not run: ${e.stack ?? e}`] });
  }
}

console.log("");
for (const r of results) {
  const rows = Object.entries(r.stats);
  const total = (f) => rows.reduce((n, [, s]) => n + s[f], 0);
  console.log(`[crash-test] ${r.kind}: ${total("kills")} kills in ${r.seconds.toFixed(0)} s`);
  console.log("  operation  kills  mid-operation  after commit  checks passed  integrity ok  jobs resumed");
  for (const [op, s] of rows) {
    console.log(
      `  ${op.padEnd(9)}  ${String(s.kills).padStart(5)}  ${String(s.midOperation).padStart(13)}  ${String(s.afterCommit).padStart(12)}  ${`${s.passed}/${s.kills}`.padStart(13)}  ${`${s.integrity}/${s.kills}`.padStart(12)}  ${String(s.resumed).padStart(12)}`,
    );
  }
  console.log(
    `  ${"all".padEnd(9)}  ${String(total("kills")).padStart(5)}  ${String(total("midOperation")).padStart(13)}  ${String(total("afterCommit")).padStart(12)}  ${`${total("passed")}/${total("kills")}`.padStart(13)}  ${`${total("integrity")}/${total("kills")}`.padStart(12)}  ${String(total("resumed")).padStart(12)}`,
  );
  for (const f of r.failures) console.log(`  FAILED ${f}`);
}
for (const s of skipped) console.log(`[crash-test] ${s}: SKIPPED (not installed)`);
if (values.json) {
  const out = results.map(({ dir: _dir, ...r }) => r);
  writeFileSync(values.json, JSON.stringify({ kills, pairs, seed: Number(values.seed), results: out, skipped }, null, 2));
}
const ok = results.length > 0 && results.every((r) => r.failures.length === 0 && r.kills > 0);
console.log(ok ? "\n[crash-test] every check passed" : "\n[crash-test] FAILED");
process.exit(ok ? 0 : results.length === 0 && skipped.length > 0 ? 77 : 1);
