#!/usr/bin/env node
// A soak with faults (docs/soak.md): PostgreSQL, two `next start` app instances and two `snippet-lab worker`
// processes, the local judge server, and for --minutes (default 30): annotators saving and submitting, reviewers
// accepting and adjudicating, compress clients with an API key, an admin importing pairs, a researcher running frontier
// sweeps and judge runs. At one third and two thirds of the run one app instance and one worker are killed (SIGKILL)
// and restarted; clients retry what the kill cut off on the other instance. Prints a line a minute and a summary:
// requests, errors (in flight on the killed instance vs other), p50/p99 per minute, the memory of every process (live
// JavaScript memory after GC and RSS, after a warm-up), rows lost (every acknowledged write looked up in the database). Exits 1 when a goal is missed, 2 on bad usage, 3
// when it could not run.
//   node scripts/soak.mjs [--minutes 30] [--out soak.json] [--port 3400] …   (--help lists the options)
// Uses DATABASE_URL when it is a postgresql:// URL (then give an admin's --admin-email/--admin-password, or set
// SNIPPET_LAB_ADMIN_EMAIL/_PASSWORD for a database without one), else starts a throwaway cluster. Serves the build in
// .next (`npm run build` first); a build made for SQLite runs with the PostgreSQL client swapped in at load time.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { generatePostgresClient, startPostgresCluster } from "./postgres-cluster.mjs";
import {
  runAnnotator,
  runCompressClient,
  runJobs,
  runProvisioner,
  runReviewer,
  createLedger,
  importBatch,
  importSweepPairs,
  PairBoard,
  waitForJobs,
} from "./soak/soak-actors.mjs";
import { setUpAccounts } from "./soak/soak-accounts.mjs";
import { checkBuild } from "./soak/soak-build.mjs";
import { SoakClient, createInstance, markDown } from "./soak/soak-client.mjs";
import { compressBodies } from "./soak/soak-corpus.mjs";
import { appProcess, baseEnv, isPortFree, isPostgresClientFresh, judgeProcess, prepareDatabase, workerProcess } from "./soak/soak-fleet.mjs";
import { runKills } from "./soak/soak-kills.mjs";
import { parseSoakOptions, usage } from "./soak/soak-options.mjs";
import { buildReport } from "./soak/soak-report.mjs";
import { SoakStats, formatMinuteLine, formatSummary } from "./soak/soak-stats.mjs";
import { verifyLedger } from "./soak/soak-verify.mjs";

const { values, config, external } = parseSoakOptions();

const log = (m) => console.log(`[soak] ${m}`);
const durationMs = config.minutes * 60_000;
const workDir = mkdtempSync(path.join(os.tmpdir(), "snippet-lab-soak-"));
const logDir = path.join(workDir, "logs");
mkdirSync(logDir);

let cluster = null;
let processes = [];
let shuttingDown = false;
let stats = new SoakStats(Date.now());

async function cleanup() {
  shuttingDown = true;
  await Promise.all(processes.map((p) => p.stop(5_000).catch(() => undefined)));
  try {
    cluster?.stop();
  } catch (e) {
    console.error(`[soak] stopping PostgreSQL: ${e.message}`);
  }
  cluster = null;
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    console.error(`[soak] ${signal}: stopping (logs in ${logDir})`);
    cleanup().finally(() => process.exit(130));
  });
}
// Bounded whatever happens: setup, the run, the drain and the checks.
const watchdog = setTimeout(
  () => {
    console.error(
      `[soak] watchdog: still running after ${Math.round((durationMs + config.drainS * 1000 + 20 * 60_000) / 60_000)} minutes; stopping (logs in ${logDir})`,
    );
    cleanup().finally(() => process.exit(3));
  },
  durationMs + config.drainS * 1000 + 20 * 60_000,
);
watchdog.unref();

async function main() {
  for (const port of [config.port, config.port + 1, config.port + 2]) {
    if (!(await isPortFree(port))) throw new Error(`port ${port} is in use: pick others with --port`);
  }
  const provider = checkBuild();
  log(`build in .next made for ${provider}${provider === "sqlite" ? ": the app instances load it with the PostgreSQL client swapped in" : ""}`);

  let databaseUrl = external;
  if (!databaseUrl) {
    cluster = startPostgresCluster({ stdio: "ignore" });
    databaseUrl = cluster.url;
    log("started a throwaway PostgreSQL cluster (unix socket in a temp dir)");
  } else log("using DATABASE_URL");
  if (!isPostgresClientFresh()) {
    log("generating the PostgreSQL Prisma client (lib/server/db/generated-pg)");
    generatePostgresClient({ stdio: "ignore" });
  }

  const runId = randomBytes(3).toString("hex");
  const apiKey = `soak-${randomBytes(16).toString("hex")}`;
  const adminEmail =
    values["admin-email"] ??
    process.env.SNIPPET_LAB_ADMIN_EMAIL ??
    (external ? usage("give --admin-email/--admin-password of an admin of DATABASE_URL") : "admin@soak.test");
  const adminPassword = values["admin-password"] ?? process.env.SNIPPET_LAB_ADMIN_PASSWORD ?? `soak-${randomBytes(12).toString("hex")}`;
  const env = baseEnv({ databaseUrl, judgePort: config.port + 2, apiKey });

  let t = Date.now();
  for (const line of prepareDatabase({ env, adminEmail, adminPassword }).split("\n")) log(`prepare: ${line}`);
  log(`database prepared in ${((Date.now() - t) / 1000).toFixed(1)} s`);

  const instances = [createInstance({ name: "app0", port: config.port }), createInstance({ name: "app1", port: config.port + 1 })];
  const instanceOf = new Map();
  const onUnexpectedExit = (proc, inc) => {
    if (shuttingDown || inc.readyAt === null) return;
    stats.error({ at: Date.now(), kind: "process", cls: "other", what: `${proc.name} (pid ${inc.pid}) exited on its own (${inc.exit})` });
    console.error(`[soak] ${proc.name} exited on its own (${inc.exit}); the end of its log:\n${proc.output.slice(-2000)}`);
    const instance = instanceOf.get(proc);
    if (instance) markDown(instance);
    proc
      .start()
      .then(() => {
        if (instance) instance.up = true;
      })
      .catch((e) =>
        stats.error({ at: Date.now(), kind: "process", cls: "other", what: `${proc.name} did not restart: ${e.message.split("\n")[0]}` }),
      );
  };
  const judge = judgeProcess({ port: config.port + 2, logDir, onUnexpectedExit });
  const apps = instances.map((i) => appProcess({ name: i.name, port: i.port, env, swapClient: provider === "sqlite", logDir, onUnexpectedExit }));
  apps.forEach((a, i) => instanceOf.set(a, instances[i]));
  const workers = [0, 1].map((i) => workerProcess({ name: `worker${i}`, env, logDir, onUnexpectedExit }));
  processes = [judge, ...apps, ...workers];
  t = Date.now();
  await judge.start();
  await Promise.all([...apps, ...workers].map((p) => p.start()));
  for (const i of instances) i.up = true;
  log(`judge server, 2 app instances and 2 workers ready in ${((Date.now() - t) / 1000).toFixed(1)} s (logs in ${logDir})`);

  // Setup through the API: users, the soak dataset, the first pairs.
  const client = new SoakClient({ instances, stats });
  const { admin, annotators, reviewers, researcher, dataset, sweepDataset } = await setUpAccounts({
    client,
    adminEmail,
    adminPassword,
    runId,
    config,
  });

  const ledger = createLedger();
  const ctx = {
    client,
    ledger,
    board: new PairBoard(),
    jobs: new Map(),
    datasetId: dataset.dataset.id,
    sweepDatasetId: sweepDataset.dataset.id,
    sweepPairs: config.sweepPairs,
    prefix: `soak-${runId}`,
    nextPair: 0,
    batchSize: 12,
    seed: config.seed,
    annotators: config.annotators,
    thinkMs: config.thinkMs,
    pages: config.pages,
    apiKey,
    compressBodies: compressBodies({ count: 6, seed: config.seed }),
    compressPauseMs: config.compressPauseMs,
    judgePairs: config.judgePairs,
    endsAt: Infinity,
    running: () => Date.now() < ctx.endsAt,
    drainUntil: () => ctx.endsAt + config.drainS * 1000,
  };
  for (let i = 0; i < 2; i++) if (!(await importBatch({ ctx, user: admin }))) throw new Error("importing the first pairs failed");
  if (!(await importSweepPairs({ ctx, user: admin }))) throw new Error("importing the sweep dataset's gold pairs failed");
  if (stats.totals().other > 0) throw new Error(`setup had errors: ${JSON.stringify(stats.failures)}`);
  log(
    `setup: ${annotators.length} annotators, ${reviewers.length} reviewers, a researcher; dataset soak-${runId} with ${ctx.board.pairs.length} pairs, soak-${runId}-sweep with ${config.sweepPairs} gold pairs`,
  );

  // The run.
  const t0 = Date.now();
  stats = new SoakStats(t0);
  client.stats = stats;
  ctx.endsAt = t0 + durationMs;
  log(
    `driving for ${config.minutes} minutes: ${config.compressClients} compress clients, kills at ${Math.round(durationMs / 3000)} s and ${Math.round((2 * durationMs) / 3000)} s`,
  );

  const sampleAll = () => {
    const now = Date.now();
    for (const p of processes) p.sample(now);
  };
  sampleAll();
  const sampler = setInterval(sampleAll, 5_000);
  let printed = 0;
  /** Prints the lines of the minutes before `upTo` not printed yet. */
  const printMinutes = (upTo) => {
    const rows = stats.minutes();
    while (printed < Math.min(upTo, rows.length)) {
      const row = rows[printed++];
      const jobList = [...ctx.jobs.values()];
      const live = jobList.filter((j) => !["done", "failed", "cancelled"].includes(j.state)).length;
      const done = jobList.filter((j) => j.state === "done").length;
      console.log(
        formatMinuteLine({
          row,
          minutes: Math.ceil(config.minutes),
          acked: ledger.counts,
          jobs: { done, live },
          rss: processes.map((p) => ({
            name: p.name,
            kb: p.current?.samples.at(-1)?.kb ?? null,
            liveBytes: p.memorySamples().at(-1)?.bytes ?? null,
          })),
        }),
      );
    }
  };
  const minuteTimer = setInterval(() => {
    stats.bucket(Date.now());
    printMinutes(Math.floor((Date.now() - t0) / 60_000));
  }, 60_000);

  const kills = { planned: 2, done: 0, events: [] };
  const killer = runKills({ t0, durationMs, apps, workers, instances, kills, stats, isShuttingDown: () => shuttingDown, log });

  const actors = [
    ...annotators.map((user, annotator) => runAnnotator({ ctx, user, annotator })),
    ...reviewers.map((user) => runReviewer({ ctx, user })),
    ...Array.from({ length: config.compressClients }, (_, index) => runCompressClient({ ctx, index })),
    runProvisioner({ ctx, user: admin }),
    runJobs({ ctx, user: researcher }),
  ];
  const settled = Promise.allSettled(actors);
  await new Promise((r) => setTimeout(r, durationMs));
  log(`the run ended; waiting for requests in flight and for the jobs (up to ${config.drainS} s)`);
  const drained = await Promise.race([settled.then(() => true), new Promise((r) => setTimeout(() => r(false), config.drainS * 1000 + 30_000))]);
  if (!drained) stats.error({ at: Date.now(), kind: "drain", cls: "other", what: "clients still busy after the drain time" });
  await killer;
  // Jobs the researcher stopped waiting for, one last look.
  const researcherJobs = [...ctx.jobs.keys()];
  await waitForJobs({ ctx, user: researcher, ids: researcherJobs, until: Date.now() + 5_000 });
  sampleAll();
  const endedAt = Date.now();
  clearInterval(sampler);
  clearInterval(minuteTimer);
  printMinutes(Infinity);

  log("checking every acknowledged write in the database");
  const rows = await verifyLedger({ databaseUrl, ledger });
  const report = buildReport({ ctx, processes, stats, ledger, rows, kills, config, provider, external, durationMs, t0, endedAt });
  for (const line of formatSummary(report)) console.log(line);
  if (values.out) {
    writeFileSync(values.out, JSON.stringify(report, null, 2) + "\n");
    log(`results written to ${values.out}`);
  }
  return report.passed;
}

let code = 3;
try {
  code = (await main()) ? 0 : 1;
} catch (e) {
  console.error(`[soak] ${e.stack ?? e.message}`);
  code = 3;
}
await cleanup();
if (code === 0 && !values["keep-logs"]) rmSync(workDir, { recursive: true, force: true });
else console.log(`[soak] logs of every process: ${logDir}`);
process.exit(code);
