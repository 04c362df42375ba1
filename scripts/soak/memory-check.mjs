#!/usr/bin/env node
// Memory of one soak process alone under a steady load (docs/soak.md, "Leak or warm-up"): the local judge server or a
// `snippet-lab worker`, with scripts/soak/memory-probe.mjs preloaded (a full GC, then process.memoryUsage(), every
// --every-s seconds) and its RSS read from /proc every 5 s. Prints the figures every 30 s and at the end the soak's
// verdicts (soak-stats.mjs) over this run.
//   node scripts/soak/memory-check.mjs --target judge  [--minutes 4] [--concurrency 4] [--leak-kb N]
//   node scripts/soak/memory-check.mjs --target worker [--minutes 4] [--grow] [--leak-kb N]
// judge: --concurrency clients send judge prompts (stage 1, then stage 2 per page) of ever new generated pairs, as the
// workers' judge runs do. worker: a throwaway PostgreSQL cluster, the judge server and one worker; scripts/soak/
// memory-load.ts queues sweeps and judge runs one pair after the other (stationary, or --grow as the soak's dataset).
// --leak-kb N: the process retains N kB per HTTP request it serves or sends (a leak on purpose). --out FILE: JSON.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { generatePostgresClient, startPostgresCluster } from "../postgres-cluster.mjs";
import { makePairRecords, findSentences } from "./soak-corpus.mjs";
import { ManagedProcess, baseEnv, isPostgresClientFresh, judgeProcess, prepareDatabase, root, waitForPort } from "./soak-fleet.mjs";
import { combineVerdicts, memoryVerdict, memoryWindows, rssVerdict } from "./soak-stats.mjs";

const { values } = parseArgs({
  options: {
    target: { type: "string" },
    minutes: { type: "string", default: "4" },
    concurrency: { type: "string", default: "4" },
    "leak-kb": { type: "string", default: "0" },
    "every-s": { type: "string", default: "10" },
    grow: { type: "boolean", default: false },
    out: { type: "string" },
    "keep-logs": { type: "boolean", default: false },
    snapshots: { type: "boolean", default: false },
  },
});
if (values.target !== "judge" && values.target !== "worker") {
  console.error("usage: node scripts/soak/memory-check.mjs --target judge|worker [--minutes 4] [--leak-kb N] [--grow] [--out FILE]");
  process.exit(2);
}
const minutes = Number(values.minutes);
const durationMs = minutes * 60_000;
const leakKb = Number(values["leak-kb"]);
const require = createRequire(import.meta.url);
const tsx = pathToFileURL(require.resolve("tsx")).href;
const pgClientHook = pathToFileURL(path.join(root, "scripts/use-postgres-client.mjs")).href;
const probe = pathToFileURL(path.join(root, "scripts/soak/memory-probe.mjs")).href;
const workDir = mkdtempSync(path.join(os.tmpdir(), "snippet-lab-memory-"));
const logDir = path.join(workDir, "logs");
mkdirSync(logDir);
const memoryFile = path.join(workDir, "memory.jsonl");
const probeEnv = {
  SOAK_MEMORY_FILE: memoryFile,
  SOAK_MEMORY_EVERY_MS: String(Number(values["every-s"]) * 1000),
  ...(leakKb > 0 ? { SOAK_INJECT_LEAK_KB: String(leakKb) } : {}),
};
// --snapshots: a heap snapshot after the warm-up and one at the end (node's --heapsnapshot-signal), kept in the work
// folder for scripts/soak/heap-diff.mjs.
const snapshotArgs = values.snapshots ? ["--heapsnapshot-signal=SIGUSR2", `--diagnostic-dir=${workDir}`] : [];
const log = (m) => console.log(`[memory] ${m}`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);

const freePort = () =>
  new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/** Judge prompts shaped as lib/judge builds them (system prompt, <query>, <intents>, numbered <document> blocks). */
const SYSTEM = "You label the text of web pages for a search query. ".repeat(30);
function judgeMessages(record) {
  const query = record.query;
  const out = [
    [
      { role: "system", content: SYSTEM },
      { role: "user", content: `<query>\n${query}\n</query>` },
    ],
  ];
  for (const page of record.results) {
    const blocks = findSentences(page.text)
      .map((s, i) => `[${i + 1}] ${s.text}`)
      .join("\n");
    out.push([
      { role: "system", content: SYSTEM },
      { role: "user", content: `<query>\n${query}\n</query>\n\n<intents>\n1. ${query}\n</intents>\n\n<document>\n${blocks}\n</document>` },
    ]);
  }
  return out;
}

const processes = [];
let cluster = null;
let requests = 0;
const cleanup = async () => {
  await Promise.all(processes.map((p) => p.stop(5_000).catch(() => undefined)));
  try {
    cluster?.stop();
  } catch {
    // Already gone.
  }
};

async function runJudge() {
  const port = await freePort();
  const judge = new ManagedProcess({
    name: "judge",
    logDir,
    command: () => ({
      args: [...snapshotArgs, "--import", probe, path.join(root, "scripts/local-judge-server.mjs"), "--port", String(port)],
      env: { ...process.env, ...probeEnv },
    }),
    ready: () => waitForPort(port, 250),
  });
  processes.push(judge);
  await judge.start();
  const endsAt = Date.now() + durationMs;
  let next = 0;
  const client = async () => {
    while (Date.now() < endsAt) {
      const [record] = makePairRecords({ prefix: "mem", first: next++, count: 1, seed: 1 });
      for (const messages of judgeMessages(record)) {
        const res = await fetch(`http://127.0.0.1:${port}/v1/chat/completions`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ model: "local-rules", messages, response_format: { type: "json_object" } }),
        });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`judge answered ${res.status}`);
        requests++;
      }
    }
  };
  return { target: judge, done: Promise.all(Array.from({ length: Number(values.concurrency) }, client)) };
}

async function runWorker() {
  cluster = startPostgresCluster({ stdio: "ignore" });
  if (!isPostgresClientFresh()) generatePostgresClient({ stdio: "ignore" });
  const judgePort = await freePort();
  const env = baseEnv({ databaseUrl: cluster.url, judgePort, apiKey: "memory-check" });
  let t = Date.now();
  prepareDatabase({ env, adminEmail: "admin@memory.test", adminPassword: "memory-check-password" });
  log(`database prepared in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  const judge = judgeProcess({ port: judgePort, logDir });
  const worker = new ManagedProcess({
    name: "worker",
    logDir,
    command: () => ({
      args: [
        ...snapshotArgs,
        "--conditions=react-server",
        "--import",
        tsx,
        "--import",
        pgClientHook,
        "--import",
        probe,
        path.join(root, "cli/main.ts"),
        "worker",
      ],
      env: { ...env, ...probeEnv },
    }),
    ready: async (p) => /running .* job\(s\)/.test(p.output),
  });
  processes.push(judge, worker);
  await judge.start();
  await worker.start();
  const driver = spawn(
    process.execPath,
    [
      "--conditions=react-server",
      "--import",
      tsx,
      "--import",
      pgClientHook,
      path.join(root, "scripts/soak/memory-load.ts"),
      "--minutes",
      String(minutes),
      ...(values.grow ? ["--grow"] : []),
    ],
    {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let buffer = "";
  let failed = 0;
  driver.stdout.on("data", (b) => {
    buffer += b.toString();
    for (let i = buffer.indexOf("\n"); i >= 0; i = buffer.indexOf("\n")) {
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 1);
      try {
        const cycle = JSON.parse(line);
        requests += cycle.jobs.length;
        failed += cycle.jobs.filter((j) => j.state !== "done").length;
        if (cycle.cycle % 5 === 1)
          log(
            `cycle ${cycle.cycle}: ${cycle.goldPairs} gold pairs swept, jobs ${cycle.jobs.map((j) => `${j.kind} ${j.state} ${j.ms} ms`).join(", ")}`,
          );
      } catch {
        log(`driver: ${line}`);
      }
    }
  });
  const done = new Promise((resolve, reject) =>
    driver.once("exit", (code) =>
      code === 0 && failed === 0 ? resolve() : reject(new Error(`the job driver exited ${code}, ${failed} jobs not done`)),
    ),
  );
  return { target: worker, done, unit: "jobs" };
}

let code = 0;
try {
  const { target, done, unit = "requests" } = values.target === "judge" ? await runJudge() : await runWorker();
  const t0 = Date.now();
  log(`${values.target} (pid ${target.current.pid}) under load for ${minutes} min${leakKb ? `, retaining ${leakKb} kB per HTTP request` : ""}`);
  const sampler = setInterval(() => target.sample(), 5_000);
  target.sample();
  const printer = setInterval(() => {
    const probeLines = existsSync(memoryFile)
      ? readFileSync(memoryFile, "utf8")
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l))
      : [];
    const m = probeLines.filter((s) => s.pid === target.current.pid).at(-1);
    const rss = target.current.samples.at(-1)?.kb ?? 0;
    log(
      `${Math.round((Date.now() - t0) / 1000)} s: ${requests} ${unit}; RSS ${(rss / 1024).toFixed(1)} MB` +
        (m
          ? `; after GC heapUsed ${mb(m.heapUsed)} MB, external ${mb(m.external)} MB (arrayBuffers ${mb(m.arrayBuffers)}), live ${mb(m.heapUsed + m.external)} MB`
          : ""),
    );
  }, 30_000);
  /** Asks for a heap snapshot and waits until it is written (its JSON closed), up to two minutes. */
  const snapshot = async () => {
    const count = () => readdirSync(workDir).filter((f) => f.endsWith(".heapsnapshot")).length;
    const n = count();
    process.kill(target.current.pid, "SIGUSR2");
    for (let i = 0; i < 240; i++) {
      await sleep(500);
      const files = readdirSync(workDir)
        .filter((f) => f.endsWith(".heapsnapshot"))
        .sort();
      if (
        files.length > n &&
        readFileSync(path.join(workDir, files.at(-1)))
          .subarray(-2)
          .toString() === "]}"
      )
        return;
    }
    log("a heap snapshot was not finished after two minutes");
  };
  let firstSnapshot = Promise.resolve();
  const firstTimer = values.snapshots ? setTimeout(() => (firstSnapshot = snapshot()), memoryWindows(durationMs).warmupMs + 30_000) : null;
  await done;
  const endedAt = Date.now(); // before the last snapshot, whose writing takes memory
  clearInterval(sampler);
  if (values.snapshots) {
    clearTimeout(firstTimer);
    await firstSnapshot;
    await snapshot();
  }
  clearInterval(printer);
  const probeSamples = readFileSync(memoryFile, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l))
    .filter((s) => s.pid === target.current.pid);
  const windows = memoryWindows(endedAt - t0);
  const common = { startedAt: t0, endedAt, killed: false, ...windows, judge: true };
  const rss = rssVerdict({ ...common, samples: target.current.samples, maxGrowth: 0.1 });
  const live = memoryVerdict({ ...common, samples: probeSamples.map((s) => ({ t: s.t, bytes: s.heapUsed + s.external })) });
  log(
    `${requests} ${unit} in ${((endedAt - t0) / 60_000).toFixed(1)} min; windows: warm-up ${windows.warmupMs / 1000} s, ${windows.windowMs / 1000} s each`,
  );
  log(
    `RSS (lowest sample): start ${mb(rss.startKb * 1024)} MB, end ${mb(rss.endKb * 1024)} MB, growth ${mb((rss.endKb - rss.startKb) * 1024)} MB ` +
      `(${(100 * rss.growth).toFixed(1)}%, allowed ${mb(rss.allowedKb * 1024)} MB): ${rss.verdict}${rss.note ? ` (${rss.note})` : ""}`,
  );
  log(
    `live JS memory after GC (lowest sample): start ${mb(live.startBytes)} MB, end ${mb(live.endBytes)} MB, growth ${mb(live.endBytes - live.startBytes)} MB ` +
      `(${(100 * live.growth).toFixed(1)}%, allowed ${mb(live.allowedBytes)} MB): ${live.verdict}${live.note ? ` (${live.note})` : ""}`,
  );
  const verdict = combineVerdicts(rss.verdict, live.verdict);
  log(`the soak's memory goal for this process: ${verdict}`);
  if (values.out) {
    writeFileSync(
      values.out,
      JSON.stringify(
        {
          target: values.target,
          minutes,
          leakKb,
          grow: values.grow,
          requests,
          unit,
          windows,
          verdict,
          rss,
          live,
          probeSamples,
          rssSamples: target.current.samples,
        },
        null,
        2,
      ),
    );
    log(`written to ${values.out}`);
  }
  code = verdict === "FAIL" ? 1 : 0;
} catch (e) {
  console.error(`[memory] ${e.stack ?? e.message}`);
  code = 3;
}
await cleanup();
if (code === 3 || values["keep-logs"] || values.snapshots) log(`logs and snapshots: ${workDir}`);
else rmSync(workDir, { recursive: true, force: true });
process.exit(code);
