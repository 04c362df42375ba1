// Real `snippet-lab worker` processes on a PostgreSQL database, for the worker test (worker-processes.test.ts) and the
// benchmark (scripts/bench-workers.ts): spawned as bin/snippet-lab.mjs runs the CLI (node, tsx, the react-server
// condition) with the PostgreSQL client swapped in (scripts/use-postgres-client.mjs), so the pid in a job's workerId is
// the spawned process's and a SIGKILL of it is a worker dying mid-job.
import "server-only";
import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Db } from "../../db/client";
import { createPair } from "../../db/create-pair";

const root = path.resolve(import.meta.dirname, "../../../..");

export type WorkerProcess = { child: ChildProcess; pid: number; log: () => string; ready: Promise<void>; exited: Promise<number | null> };

/** Starts `snippet-lab worker` on `url`; `ready` resolves once it takes jobs. */
export function spawnWorker({ url, env = {} }: { url: string; env?: Record<string, string> }): WorkerProcess {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve("tsx")).href;
  const hook = pathToFileURL(path.join(root, "scripts/use-postgres-client.mjs")).href;
  // `env` adds the variables to this process's environment and execs node: the child's pid is node's.
  const vars = { TSX_TSCONFIG_PATH: path.join(root, "tsconfig.json"), DATABASE_URL: url, ...env };
  const child = spawn(
    "env",
    [
      ...Object.entries(vars).map(([k, v]) => `${k}=${v}`),
      process.execPath,
      "--conditions=react-server",
      "--import",
      tsx,
      "--import",
      hook,
      path.join(root, "cli/main.ts"),
      "worker",
    ],
    { cwd: root, stdio: ["ignore", "pipe", "pipe"] },
  );
  let out = "";
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (b: Buffer) => {
      out += b.toString();
      if (/running .* job\(s\)/.test(out)) resolve();
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("exit", (code) => reject(new Error(`worker exited (${code}) before taking jobs:\n${out}`)));
  });
  ready.catch(() => undefined);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, pid: child.pid!, log: () => out, ready, exited };
}

/** Stops a worker (SIGTERM, then SIGKILL after `graceMs`). */
export async function stopWorker(w: WorkerProcess, graceMs = 15_000): Promise<void> {
  if (w.child.exitCode !== null || w.child.signalCode !== null) return;
  w.child.kill("SIGTERM");
  const timer = setTimeout(() => w.child.kill("SIGKILL"), graceMs);
  await w.exited;
  clearTimeout(timer);
}

const WORDS = "river bridge opened year city council engineers steel tower length traffic ferry museum harbour station".split(" ");

/** A dataset of `pairs` pairs of `documents` documents of about `chars` characters each; returns its id and pair ids. */
export async function seedScoringDataset(o: {
  db: Db;
  name: string;
  pairs: number;
  documents?: number;
  chars?: number;
}): Promise<{ datasetId: string; pairIds: string[] }> {
  const { db, name, pairs, documents = 1, chars = 1200 } = o;
  let datasetId = "";
  const pairIds: string[] = [];
  for (let i = 0; i < pairs; i++) {
    const docs = Array.from({ length: documents }, (_, d) => {
      const sentences: string[] = [];
      for (let s = 0, n = 0; n < chars; s++) {
        const w = (k: number) => WORDS[(i * 7 + d * 5 + s * 3 + k) % WORDS.length];
        const sentence = `The ${w(0)} ${w(1)} of item ${i}.${d} was ${w(2)} in ${1900 + ((i + s) % 120)} near the ${w(3)} ${w(4)}.`;
        sentences.push(sentence);
        n += sentence.length + 1;
      }
      return { title: `Item ${i}.${d}`, text: sentences.join(" ") };
    });
    const p = await createPair({ db, dataset: name, query: `when was the ${WORDS[i % WORDS.length]} of item ${i} opened`, documents: docs });
    datasetId = p.datasetId;
    pairIds.push(p.id);
  }
  return { datasetId, pairIds };
}
