#!/usr/bin/env node
// A soak with faults (docs/soak.md): PostgreSQL, two `next start` app instances and two `snippet-lab worker`
// processes, the local judge server, and for --minutes (default 30): annotators saving and submitting, reviewers
// accepting and adjudicating, compress clients with an API key, an admin importing pairs, a researcher running frontier
// sweeps and judge runs. At one third and two thirds of the run one app instance and one worker are killed (SIGKILL)
// and restarted; clients retry what the kill cut off on the other instance. Prints a line a minute and a summary:
// requests, errors (in flight on the killed instance vs other), p50/p99 per minute, RSS of every process at start and
// end, rows lost (every acknowledged write looked up in the database). Exits 1 when a goal is missed, 2 on bad usage, 3
// when it could not run.
//   node scripts/soak.mjs [--minutes 30] [--out soak.json] [--port 3400] …   (--help lists the options)
// Uses DATABASE_URL when it is a postgresql:// URL (then give an admin's --admin-email/--admin-password, or set
// SNIPPET_LAB_ADMIN_EMAIL/_PASSWORD for a database without one), else starts a throwaway cluster. Serves the build in
// .next (`npm run build` first); a build made for SQLite runs with the PostgreSQL client swapped in at load time.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { generatePostgresClient, startPostgresCluster } from "./postgres-cluster.mjs";
import {
  runAnnotator,
  runCompressClient,
  runJobs,
  runProvisioner,
  runReviewer,
  createLedger,
  importBatch,
  PairBoard,
  waitForJobs,
} from "./soak/soak-actors.mjs";
import { SoakClient, createInstance, markDown } from "./soak/soak-client.mjs";
import { compressBodies } from "./soak/soak-corpus.mjs";
import { appProcess, baseEnv, isPortFree, isPostgresClientFresh, judgeProcess, prepareDatabase, root, workerProcess } from "./soak/soak-fleet.mjs";
import { MIN_JUDGED_MINUTES, SoakStats, evaluateGoals, formatMinuteLine, formatSummary, rssVerdict, rssWindows } from "./soak/soak-stats.mjs";
import { verifyLedger } from "./soak/soak-verify.mjs";
import { buildProvider } from "./soak/swap-postgres-provider.mjs";

const HELP = `Usage: node scripts/soak.mjs [options]
  --minutes N            length of the loaded run (default 30; kills at 1/3 and 2/3)
  --out FILE             also write the results as JSON
  --port P               first of three loopback ports: app instances P and P+1, judge server P+2 (default 3400)
  --annotators N         annotator clients (default 4)
  --reviewers N          reviewer clients (default 2)
  --compress-clients N   concurrent compress clients (default 8)
  --compress-pause-ms N  pause of each compress client between requests (default 250)
  --think-ms N           annotators' and reviewers' pause between steps (default 400)
  --judge-pairs N        pairs per judge run (default 10)
  --drain-s N            how long jobs may take to finish after the run (default 180)
  --no-pages             annotators and reviewers skip the HTML pages (API only)
  --keep-logs            keep the processes' logs (kept anyway when a goal is missed)
  --admin-email E, --admin-password P   an admin of the database in DATABASE_URL
  --seed N               seed of the generated pairs (default 1)
  --help`;

let values;
try {
  ({ values } = parseArgs({
    options: {
      minutes: { type: "string", default: "30" },
      out: { type: "string" },
      port: { type: "string", default: "3400" },
      annotators: { type: "string", default: "4" },
      reviewers: { type: "string", default: "2" },
      "compress-clients": { type: "string", default: "8" },
      "compress-pause-ms": { type: "string", default: "250" },
      "think-ms": { type: "string", default: "400" },
      "judge-pairs": { type: "string", default: "10" },
      "drain-s": { type: "string", default: "180" },
      "no-pages": { type: "boolean", default: false },
      "keep-logs": { type: "boolean", default: false },
      "admin-email": { type: "string" },
      "admin-password": { type: "string" },
      seed: { type: "string", default: "1" },
      help: { type: "boolean", default: false },
    },
  }));
} catch (e) {
  console.error(`[soak] ${e.message}\n${HELP}`);
  process.exit(2);
}
if (values.help) {
  console.log(HELP);
  process.exit(0);
}

const usage = (msg) => {
  console.error(`[soak] ${msg}`);
  process.exit(2);
};
const num = (name, { min, integer = true }) => {
  const n = Number(values[name]);
  if (!Number.isFinite(n) || n < min || (integer && !Number.isInteger(n))) usage(`--${name} must be ${integer ? "an integer" : "a number"} ≥ ${min}`);
  return n;
};
const config = {
  minutes: num("minutes", { min: 1, integer: false }),
  port: num("port", { min: 1024 }),
  annotators: num("annotators", { min: 2 }),
  reviewers: num("reviewers", { min: 1 }),
  compressClients: num("compress-clients", { min: 0 }),
  compressPauseMs: num("compress-pause-ms", { min: 0 }),
  thinkMs: num("think-ms", { min: 0 }),
  judgePairs: num("judge-pairs", { min: 1 }),
  drainS: num("drain-s", { min: 10 }),
  seed: num("seed", { min: 0 }),
  pages: !values["no-pages"],
};
if (config.port + 2 > 65_535) usage("--port leaves no room for three ports");
const external = process.env.DATABASE_URL;
if (external && !/^postgres(ql)?:\/\//i.test(external))
  usage("the soak runs on PostgreSQL: unset DATABASE_URL (a throwaway cluster is started) or give a postgresql:// URL");

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

/** Which database the build in .next was made for (its server chunks name the Prisma provider). */
function checkBuild() {
  const serverDir = path.join(root, ".next", "server");
  if (!existsSync(path.join(root, ".next", "BUILD_ID")) || !existsSync(serverDir))
    throw new Error("no production build in .next: run `npm run build` first");
  const sources = [];
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(".js")) sources.push(readFileSync(p, "utf8"));
    }
  };
  walk(serverDir);
  const provider = buildProvider(sources);
  if (provider !== "sqlite" && provider !== "postgresql") throw new Error(`cannot tell which database the build in .next was made for (${provider})`);
  return provider;
}

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
  const must = async (what, req) => {
    const r = await client.call(req);
    if (!r.ok) throw new Error(`${what} failed: HTTP ${r.status} ${r.text?.slice(0, 300) ?? ""}`);
    return r.json;
  };
  const password = `soak-${randomBytes(12).toString("hex")}`;
  const admin = await client.signIn({ email: adminEmail, password: adminPassword });
  const newUser = async (role, i) => {
    const user = { email: `soak-${runId}-${role}${i}@soak.test`, password, role };
    await must(`creating ${user.email}`, {
      kind: "setup",
      method: "POST",
      path: "/api/users",
      json: { ...user, name: `Soak ${role} ${i}` },
      user: admin,
      expect: [201],
    });
    return client.signIn(user);
  };
  const annotators = [];
  for (let i = 0; i < config.annotators; i++) annotators.push(await newUser("annotator", i));
  const reviewers = [];
  for (let i = 0; i < config.reviewers; i++) reviewers.push(await newUser("reviewer", i));
  const researcher = await newUser("researcher", 0);
  const dataset = await must("creating the dataset", {
    kind: "setup",
    method: "POST",
    path: "/api/v1/datasets",
    json: { name: `soak-${runId}`, description: "scripts/soak.mjs" },
    user: admin,
    expect: [201],
  });
  const datasets = await must("listing datasets", { kind: "setup", path: "/api/v1/datasets", user: admin });
  const demo = datasets.datasets.find((d) => d.name === "demo");

  const ledger = createLedger();
  const ctx = {
    client,
    ledger,
    board: new PairBoard(),
    jobs: new Map(),
    datasetId: dataset.dataset.id,
    demoDatasetId: demo?.id ?? dataset.dataset.id,
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
  if (stats.totals().other > 0) throw new Error(`setup had errors: ${JSON.stringify(stats.failures)}`);
  log(
    `setup: ${annotators.length} annotators, ${reviewers.length} reviewers, a researcher; dataset soak-${runId} with ${ctx.board.pairs.length} pairs`,
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
          rss: processes.map((p) => ({ name: p.name, kb: p.current?.samples.at(-1)?.kb ?? null })),
        }),
      );
    }
  };
  const minuteTimer = setInterval(() => {
    stats.bucket(Date.now());
    printMinutes(Math.floor((Date.now() - t0) / 60_000));
  }, 60_000);

  const kills = { planned: 2, done: 0, events: [] };
  const killer = (async () => {
    for (const fraction of [1 / 3, 2 / 3]) {
      const at = t0 + fraction * durationMs;
      while (Date.now() < at && !shuttingDown) await new Promise((r) => setTimeout(r, Math.min(1000, at - Date.now())));
      if (shuttingDown) return;
      const [app, worker, instance] = [apps[0], workers[0], instances[0]];
      const event = {
        atS: Math.round((Date.now() - t0) / 1000),
        name: `${app.name} + ${worker.name}`,
        pid: `${app.current.pid}, ${worker.current.pid}`,
        inFlight: instance.inFlight,
      };
      kills.events.push(event);
      markDown(instance);
      app.kill();
      worker.kill();
      log(`SIGKILL ${app.name} (pid ${app.current.pid}, ${event.inFlight} requests in flight) and ${worker.name} (pid ${worker.current.pid})`);
      const killedAt = Date.now();
      await new Promise((r) => setTimeout(r, 2_000));
      try {
        await Promise.all([app.start(), worker.start()]);
        instance.up = true;
        event.readyAfterS = Math.round((Date.now() - killedAt) / 100) / 10;
        kills.done++;
        log(`${app.name} and ${worker.name} restarted, ready ${event.readyAfterS} s after the kill`);
      } catch (e) {
        stats.error({ at: Date.now(), kind: "process", cls: "other", what: `restart after the kill failed: ${e.message.split("\n")[0]}` });
      }
    }
  })();

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
  const jobList = [...ctx.jobs.values()];
  const jobs = {
    started: jobList.length,
    done: jobList.filter((j) => j.state === "done").length,
    failed: jobList.filter((j) => j.state === "failed" || j.state === "cancelled").length,
    unfinished: jobList.filter((j) => !["done", "failed", "cancelled"].includes(j.state)).length,
    resumed: jobList.filter((j) => (j.attempts ?? 0) > 1).length,
    list: jobList.map(({ id, kind, state, attempts, error }) => ({ id, kind, state, attempts, error: error ?? null })),
  };
  const { warmupMs, windowMs } = rssWindows(durationMs);
  const rss = processes.flatMap((p) =>
    p.incarnations.map((inc) => ({
      name: `${p.name}#${inc.n}`,
      pid: inc.pid,
      ...rssVerdict({
        samples: inc.samples,
        startedAt: Math.max(inc.readyAt ?? inc.startedAt, t0),
        endedAt: inc.endedAt ?? endedAt,
        killed: inc.killed,
        warmupMs,
        windowMs,
        maxGrowth: 0.1,
        judge: config.minutes >= MIN_JUDGED_MINUTES,
      }),
    })),
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
    rssWindows: { warmupS: warmupMs / 1000, windowS: windowMs / 1000 },
    rows,
    acked: ledger.counts,
    jobs,
    failures: stats.failures,
    goals,
    passed: goals.passed,
  };
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
