// The processes of a soak (scripts/soak.mjs): `next start` app instances, `snippet-lab worker` processes and the local
// judge server, each in its own process group (a SIGKILL reaches everything it forked), with its output in a log file,
// a readiness check, its RSS read from /proc, its live JavaScript memory from scripts/soak/memory-probe.mjs, and a
// record of every incarnation (start, end, killed, RSS samples).
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const root = fileURLToPath(new URL("../..", import.meta.url));
const require = createRequire(import.meta.url);
const tsx = pathToFileURL(require.resolve("tsx")).href;
const pgClientHook = pathToFileURL(path.join(root, "scripts/use-postgres-client.mjs")).href;
const nextBin = require.resolve("next/dist/bin/next");
const memoryProbe = pathToFileURL(path.join(root, "scripts/soak/memory-probe.mjs")).href;
/** How often memory-probe.mjs collects garbage and samples a process's memory (each sample is a full GC). */
export const MEMORY_EVERY_MS = 30_000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** RSS in kB of a process and every descendant (/proc/PID/status VmRSS); null when it is gone. */
export function readTreeRssKb(pid) {
  const rss = (p) => {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, "utf8"));
      return m ? Number(m[1]) : 0;
    } catch {
      return null;
    }
  };
  const children = (p) => {
    try {
      return readdirSync(`/proc/${p}/task`).flatMap((t) =>
        readFileSync(`/proc/${p}/task/${t}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number),
      );
    } catch {
      return [];
    }
  };
  const own = rss(pid);
  if (own === null) return null;
  let total = own;
  const queue = children(pid);
  for (let i = 0; i < queue.length && i < 200; i++) {
    total += rss(queue[i]) ?? 0;
    queue.push(...children(queue[i]));
  }
  return total;
}

/** Resolves when something accepts connections on 127.0.0.1:port; false after `timeoutMs`. */
export async function waitForPort(port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await new Promise((resolve) => {
      const s = net.connect({ host: "127.0.0.1", port }, () => {
        s.destroy();
        resolve(true);
      });
      s.on("error", () => resolve(false));
    });
    if (ok) return true;
    await sleep(200);
  }
  return false;
}

/** Whether nothing listens on 127.0.0.1:port. */
export function isPortFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });
}

/** Whether an HTTP server on the port answers (any status): a `next start` that serves requests. */
async function answersHttp(port, pathName) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}${pathName}`, { signal: AbortSignal.timeout(5_000) });
    await res.arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

/**
 * One supervised process. `command()` gives {args, env} for `node`; `ready(proc)` resolves once it serves. Every start is
 * an incarnation: {n, pid, startedAt, readyAt, endedAt, killed, exit, samples: [{t, kb}]}. An exit the soak did not
 * cause calls `onUnexpectedExit`.
 */
export class ManagedProcess {
  constructor({ name, logDir, command, ready, onUnexpectedExit }) {
    this.name = name;
    this.logFile = path.join(logDir, `${name}.log`);
    this.log = createWriteStream(this.logFile, { flags: "a" });
    /** Where memory-probe.mjs, preloaded by `command`, writes this process's samples (every incarnation's). */
    this.memoryFile = path.join(logDir, `${name}.memory.jsonl`);
    this.command = command;
    this.ready = ready;
    this.onUnexpectedExit = onUnexpectedExit;
    this.incarnations = [];
    this.child = null;
    this.output = "";
  }

  get current() {
    return this.incarnations.at(-1) ?? null;
  }

  get alive() {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Spawns it and waits until it is ready (or throws after `timeoutMs`, with the end of its log). */
  async start(timeoutMs = 120_000) {
    const { args, env } = this.command(this);
    const inc = {
      n: this.incarnations.length + 1,
      pid: null,
      startedAt: Date.now(),
      readyAt: null,
      endedAt: null,
      killed: false,
      exit: null,
      samples: [],
    };
    this.incarnations.push(inc);
    this.output = "";
    this.log.write(`\n===== [soak] ${this.name} incarnation ${inc.n} at ${new Date().toISOString()} =====\n`);
    const child = spawn(process.execPath, args, { cwd: root, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    this.child = child;
    inc.pid = child.pid;
    const onData = (b) => {
      this.log.write(b);
      if (this.output.length < 200_000) this.output += b.toString();
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code, signal) => {
      inc.endedAt = Date.now();
      inc.exit = signal ?? code;
      if (!inc.killed && !inc.stopping) this.onUnexpectedExit?.(this, inc);
    });
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) break;
      if (await this.ready(this)) {
        inc.readyAt = Date.now();
        return inc;
      }
      await sleep(250);
    }
    this.killGroup("SIGKILL");
    throw new Error(`${this.name} did not become ready within ${timeoutMs / 1000} s; the end of its log:\n${this.output.slice(-3000)}`);
  }

  killGroup(signal) {
    if (!this.child?.pid) return;
    try {
      process.kill(-this.child.pid, signal);
    } catch {
      // Already gone.
    }
  }

  /** SIGKILL of the whole process group (the fault the soak injects). */
  kill() {
    const inc = this.current;
    if (inc) inc.killed = true;
    this.killGroup("SIGKILL");
  }

  /** SIGTERM, then SIGKILL after `graceMs`. */
  async stop(graceMs = 10_000) {
    const inc = this.current;
    if (inc) inc.stopping = true;
    if (!this.alive) return;
    const exited = new Promise((r) => this.child.once("exit", r));
    this.killGroup("SIGTERM");
    const timer = setTimeout(() => this.killGroup("SIGKILL"), graceMs);
    await exited;
    clearTimeout(timer);
  }

  /**
   * An incarnation's live JavaScript memory, [{t, bytes}] (heapUsed + external after a full GC, from memory-probe.mjs):
   * the samples of its own pid, else of the child it runs the work in (the one with the most samples).
   */
  memorySamples(inc = this.current) {
    if (!inc || !existsSync(this.memoryFile)) return [];
    const byPid = new Map();
    for (const l of readFileSync(this.memoryFile, "utf8").split("\n")) {
      let s;
      try {
        s = l ? JSON.parse(l) : null;
      } catch {
        continue; // a line cut off by a kill
      }
      if (s && (s.pid === inc.pid || s.ppid === inc.pid)) byPid.set(s.pid, [...(byPid.get(s.pid) ?? []), s]);
    }
    const own = byPid.get(inc.pid) ?? [...byPid.values()].sort((a, b) => b.length - a.length)[0] ?? [];
    return own.map((s) => ({ t: s.t, bytes: s.heapUsed + s.external }));
  }

  /** Samples the RSS of the live incarnation. */
  sample(now = Date.now()) {
    const inc = this.current;
    if (!inc || !this.alive || inc.killed) return null;
    const kb = readTreeRssKb(inc.pid);
    if (kb !== null) inc.samples.push({ t: now, kb });
    return kb;
  }
}

/** The env every soak process shares: the database, the judge, one model thread each (2 cores, 5 processes). */
export function baseEnv({ databaseUrl, judgePort, apiKey }) {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    NEXT_TELEMETRY_DISABLED: "1",
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
    TSX_TSCONFIG_PATH: path.join(root, "tsconfig.json"),
    SNIPPET_LAB_JOBS_IN_SERVER: "0",
    SNIPPET_LAB_JOB_CONCURRENCY: "1",
    SNIPPET_LAB_INTRA_OP_THREADS: process.env.SNIPPET_LAB_INTRA_OP_THREADS || "1",
    SNIPPET_LAB_API_KEYS: apiKey,
    SNIPPET_LAB_JUDGE_BASE_URL: `http://127.0.0.1:${judgePort}/v1`,
    SNIPPET_LAB_JUDGE_MODEL: "local-rules",
    SNIPPET_LAB_JUDGE_BACKOFF_MS: "200",
  };
}

/** The environment memory-probe.mjs reads: where this process's samples go. */
const memoryEnv = (proc) => ({ SOAK_MEMORY_FILE: proc.memoryFile, SOAK_MEMORY_EVERY_MS: String(MEMORY_EVERY_MS) });

/** `next start` on the port; `swapClient`: the build is SQLite's, so load it with the PostgreSQL client swapped in. */
export function appProcess({ name, port, env, swapClient, logDir, onUnexpectedExit }) {
  const shim = pathToFileURL(path.join(root, "scripts/soak/use-postgres-build.mjs")).href;
  const nodeOptions = [process.env.NODE_OPTIONS, swapClient ? `--import ${shim}` : "", `--expose-gc --import ${memoryProbe}`]
    .filter(Boolean)
    .join(" ");
  return new ManagedProcess({
    name,
    logDir,
    onUnexpectedExit,
    command: (p) => ({
      args: [nextBin, "start", "-H", "127.0.0.1", "-p", String(port)],
      env: { ...env, ...memoryEnv(p), NODE_OPTIONS: nodeOptions },
    }),
    ready: () => answersHttp(port, "/api/auth/me"),
  });
}

/** `snippet-lab worker` (as bin/snippet-lab.mjs runs it) with the PostgreSQL client; ready when it takes jobs. */
export function workerProcess({ name, env, logDir, onUnexpectedExit }) {
  return new ManagedProcess({
    name,
    logDir,
    onUnexpectedExit,
    command: (p) => ({
      args: [
        "--expose-gc",
        "--import",
        memoryProbe,
        "--conditions=react-server",
        "--import",
        tsx,
        "--import",
        pgClientHook,
        path.join(root, "cli/main.ts"),
        "worker",
      ],
      env: { ...env, ...memoryEnv(p) },
    }),
    ready: async (p) => /running .* job\(s\)/.test(p.output),
  });
}

/** scripts/local-judge-server.mjs on the port. */
export function judgeProcess({ port, logDir, onUnexpectedExit }) {
  return new ManagedProcess({
    name: "judge",
    logDir,
    onUnexpectedExit,
    command: (p) => ({
      args: ["--expose-gc", "--import", memoryProbe, path.join(root, "scripts/local-judge-server.mjs"), "--port", String(port)],
      env: { ...process.env, ...memoryEnv(p) },
    }),
    ready: () => answersHttp(port, "/v1/models"),
  });
}

/**
 * Migrations, the demo seed and the first admin (scripts/prepare-db.ts, as `npm start` runs it), with the PostgreSQL
 * client. Throws with its output when it fails.
 */
export function prepareDatabase({ env, adminEmail, adminPassword }) {
  const r = spawnSync(
    process.execPath,
    ["--conditions=react-server", "--import", tsx, "--import", pgClientHook, path.join(root, "scripts/prepare-db.ts")],
    {
      cwd: root,
      env: { ...env, SNIPPET_LAB_ADMIN_EMAIL: adminEmail, SNIPPET_LAB_ADMIN_PASSWORD: adminPassword },
      encoding: "utf8",
      timeout: 600_000,
    },
  );
  if (r.status !== 0) throw new Error(`preparing the database failed:\n${(r.stdout ?? "") + (r.stderr ?? "")}`.slice(-4000));
  return (r.stdout ?? "").trim();
}

/** Whether lib/server/db/generated-pg was generated from the current prisma/schema.prisma (its inline schema matches). */
export function isPostgresClientFresh() {
  const classFile = path.join(root, "lib/server/db/generated-pg/internal/class.ts");
  if (!existsSync(classFile)) return false;
  const m = /"inlineSchema": ("(?:[^"\\]|\\.)*")/.exec(readFileSync(classFile, "utf8"));
  if (!m) return false;
  // The same schema but for the provider, the output folder and the alignment (prisma generate formats it).
  const normalize = (schema) =>
    schema
      .replace(/output\s*=\s*"[^"]*"/, 'output = ""')
      .replace(/provider\s*=\s*"(sqlite|postgresql)"/, 'provider = ""')
      .replace(/\s+/g, " ");
  return normalize(JSON.parse(m[1])) === normalize(readFileSync(path.join(root, "prisma/schema.prisma"), "utf8"));
}
