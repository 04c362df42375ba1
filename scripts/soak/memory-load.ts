// The job load of scripts/soak/memory-check.mjs --target worker: queues frontier sweeps and judge runs for a
// `snippet-lab worker` the way the soak's researcher does, one pair of jobs after the other, through the jobs API (no
// app instance). Run by memory-check.mjs as
//   node --conditions=react-server --import tsx --import ./scripts/use-postgres-client.mjs scripts/soak/memory-load.ts \
//     [--minutes 4] [--grow]
// with DATABASE_URL and SNIPPET_LAB_JOBS_IN_SERVER=0 in its environment (this process only queues).
//
// Stationary (default): one dataset of 120 gold pairs swept again and again, and each judge run on a new dataset of 10
// new pairs (new prompts reach the judge server), deleted after the run: every cycle does the same work on the same
// amount of data, so memory that still grows after the first cycles is held per job, not per pair.
// --grow: as the soak did, 12 new gold pairs join the swept dataset every cycle and the judge run takes its
// next unjudged pairs: the sweep's working set grows with the dataset.
// Prints one JSON line per cycle: {cycle, at, goldPairs, jobs: [{kind, state, ms}]}.
import { parseArgs } from "node:util";
import { disconnectDb } from "@/lib/server/db/client";
import { createDataset } from "@/lib/server/db/datasets/create-dataset";
import { deleteDataset } from "@/lib/server/db/datasets/delete-dataset";
import { importDatasetFile } from "@/lib/server/import/import-dataset-file";
import { readJob, startJob } from "@/lib/server/jobs/jobs-api";
// @ts-expect-error: a plain .mjs script without type declarations
import { makePairRecords, toJsonl } from "./soak-corpus.mjs";

type PairRecord = { id: string; query: string; results: unknown[] };

const { values } = parseArgs({ options: { minutes: { type: "string", default: "4" }, grow: { type: "boolean", default: false } } });
const minutes = Number(values.minutes);
const grow = values.grow;
const endsAt = Date.now() + minutes * 60_000;
const runId = Date.now().toString(36);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let nextPair = 0;

async function importPairs({ datasetId, count, evidence }: { datasetId: string; count: number; evidence: "gold" | "none" }) {
  const records = makePairRecords({ prefix: `mem-${runId}`, first: nextPair, count, seed: 1 }) as PairRecord[];
  nextPair += count;
  await importDatasetFile({ datasetId, format: "jsonl", evidence, bytes: new TextEncoder().encode(toJsonl(records) as string) });
}

async function waitFor(ids: string[]): Promise<{ kind: string; state: string; ms: number }[]> {
  const started = Date.now();
  const out = new Map<string, { kind: string; state: string; ms: number }>();
  while (out.size < ids.length && Date.now() < endsAt + 180_000) {
    for (const id of ids) {
      if (out.has(id)) continue;
      const job = await readJob({ id });
      if (["done", "failed", "cancelled"].includes(job.state)) out.set(id, { kind: job.kind, state: job.state, ms: Date.now() - started });
    }
    await sleep(250);
  }
  return ids.map((id) => out.get(id) ?? { kind: "?", state: "unfinished", ms: Date.now() - started });
}

const swept = await createDataset({ name: `mem-${runId}-sweep` });
await importPairs({ datasetId: swept.id, count: grow ? 24 : 120, evidence: "gold" });
let goldPairs = grow ? 24 : 120;
for (let cycle = 1; Date.now() < endsAt; cycle++) {
  let judged = swept.id;
  if (grow) {
    await importPairs({ datasetId: swept.id, count: 12, evidence: "gold" });
    goldPairs += 12;
  } else {
    judged = (await createDataset({ name: `mem-${runId}-judge-${cycle}` })).id;
    await importPairs({ datasetId: judged, count: 10, evidence: "none" });
  }
  const sweep = await startJob({ kind: "frontier-sweep", payload: { datasetId: swept.id, methods: ["model", "bm25", "lead"] } });
  const judge = await startJob({ kind: "judge-run", payload: { datasetId: judged, limit: 10, skipJudged: true, workers: 2 } });
  const jobs = await waitFor([...sweep.jobs, ...judge.jobs].map((j) => j.id));
  if (!grow) await deleteDataset({ id: judged });
  console.log(JSON.stringify({ cycle, at: Date.now(), goldPairs, jobs }));
  await sleep(1_000);
}
await disconnectDb();
process.exit(0);
