import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { formatModelMethod } from "../../lib/engine/methods";
import { AppError } from "../../lib/errors";
import type { CliCommand } from "../types";
import { createRng } from "../../lib/data/synthesize-page";

// Server modules (Prisma, models) load inside run() so `--help` stays instant.

const usage = `snippet-lab bench-research [--sweep-pairs N] [--breakdown-pairs N] [--json OUT] [--keep]

Times the research views on synthetic data in a temporary SQLite database (printed figures, not a pass/fail test):
  1. a threshold and budget sweep of --sweep-pairs cached gold pairs (default 1000) × 21 thresholds × 3 methods
     (the default model from cached probabilities, bm25, lead), the code of the frontier job and data route;
  2. the category breakdown over --breakdown-pairs pairs (default 10000), with gold, judge and model categories.
Each runs three times: "first" is the first request ever (it segments and counts every document, and stores the
units in DocumentUnits; the breakdown also stores each run's unit scores and categories in ModelRunUnits); "restart" is
the first request of a new process (this command runs it in a child process: in-memory caches empty, documents, model
runs and units read from the database); "warm" is the child's second request (as on a
running server). The model's probabilities are synthetic but cached exactly as
ModelRun stores them (fresh input hashes), so no model runs.

  --sweep-pairs N      pairs of the sweep (default 1000)
  --breakdown-pairs N  pairs of the breakdown (default 10000)
  --json OUT           also write the figures as JSON
  --keep               keep the temporary database and print its path`;

const WORDS =
  "museum bridge harbour station garden library tower market river square opens closes tickets visitors summer winter evening morning guided tours children adults free entry weekend holiday exhibition collection history painting".split(
    " ",
  );
const NAV = [
  "Home | News | Sport | Weather | Contact",
  "Sign in · Subscribe · Newsletter",
  "Cookies help us deliver our services. Accept all",
  "Share on social media · Print · Email",
];

function sentence(r: () => number, n: number): string {
  const words = Array.from({ length: n }, () => WORDS[Math.floor(r() * WORDS.length)]!);
  words[0] = words[0]!.charAt(0).toUpperCase() + words[0]!.slice(1);
  return `${words.join(" ")}.`;
}

/** One synthetic page: navigation, an article of paragraphs, a footer; the spans of each part by category. */
function page(r: () => number): {
  text: string;
  spans: { start: number; end: number; category: "vital" | "off_topic" | "ui_navigation" | "metadata" }[];
} {
  const parts: { text: string; category: "vital" | "off_topic" | "ui_navigation" | "metadata" }[] = [
    { text: NAV[Math.floor(r() * NAV.length)]!, category: "ui_navigation" },
    { text: `Published 4 May 2024 by the ${WORDS[Math.floor(r() * WORDS.length)]} desk`, category: "metadata" },
  ];
  const paragraphs = 3 + Math.floor(r() * 4);
  const vital = Math.floor(r() * paragraphs);
  for (let p = 0; p < paragraphs; p++) {
    parts.push({
      text: Array.from({ length: 2 + Math.floor(r() * 3) }, () => sentence(r, 8 + Math.floor(r() * 10))).join(" "),
      category: p === vital ? "vital" : "off_topic",
    });
  }
  parts.push({ text: NAV[Math.floor(r() * NAV.length)]!, category: "ui_navigation" });
  let text = "";
  const spans: { start: number; end: number; category: "vital" | "off_topic" | "ui_navigation" | "metadata" }[] = [];
  for (const part of parts) {
    if (text) text += "\n";
    spans.push({ start: text.length, end: text.length + part.text.length, category: part.category });
    text += part.text;
  }
  return { text, spans };
}

type Timed = { ms: number; timings?: { loadMs: number; computeMs: number }; digest?: string };

/** sha256 of a breakdown without its timings: the first, restart and warm requests must give the same figures. */
async function digestOf(breakdown: { timings?: unknown }): Promise<string> {
  const { createHash } = await import("node:crypto");
  const { timings: _, ...figures } = breakdown;
  return createHash("sha256").update(JSON.stringify(figures)).digest("hex");
}

/** Runs `--measure STEP` in a child process of this CLI and reads its two timings. */
function measureInNewProcess(step: "sweep" | "breakdown", url: string, datasetId: string): { restart: Timed; warm: Timed } {
  const child = spawnSync(
    process.execPath,
    [...process.execArgv, process.argv[1]!, "bench-research", "--measure", step, "--db", url, "--dataset", datasetId],
    { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 1 << 20 },
  );
  if (child.status !== 0) throw new AppError("INTERNAL", `bench-research: the ${step} measurement in a new process failed (exit ${child.status})`);
  return JSON.parse(child.stdout) as { restart: Timed; warm: Timed };
}

/** The child's side: the step twice in this process (the first is "after a restart"), as JSON on stdout. */
async function measureStep(step: string, url: string | undefined, datasetId: string | undefined): Promise<number> {
  if ((step !== "sweep" && step !== "breakdown") || !url || !datasetId) {
    throw new AppError("BAD_REQUEST", "--measure sweep|breakdown needs --db URL and --dataset ID");
  }
  const { createDbClient } = await import("../../lib/server/db/client");
  const { listModels } = await import("../../lib/server/model/list-models");
  // Loaded before the clock starts: a running server has its modules loaded, and only the data is cold.
  const { runFrontierSweep } = await import("../../lib/server/research/run-frontier-sweep");
  const { computeCategoryBreakdown } = await import("../../lib/server/research/compute-category-breakdown");
  const db = createDbClient({ url });
  try {
    const model = (await listModels()).find((m) => m.default)!;
    // A server has answered a request before (the request's own session check opened the connection and started the
    // ORM's query compiler): only the data is cold.
    await db.session.findFirst({ select: { id: true } });
    const once = async (): Promise<Timed> => {
      const t0 = performance.now();
      if (step === "sweep") {
        await runFrontierSweep({ payload: sweepPayload(datasetId, model.name), db });
        return { ms: Math.round(performance.now() - t0) };
      }
      const { breakdown } = await computeCategoryBreakdown({ filters: { datasetId, method: formatModelMethod(model.name) }, db });
      const ms = Math.round(performance.now() - t0);
      return { ms, timings: breakdown.timings, digest: await digestOf(breakdown) };
    };
    const restart = await once();
    const warm = await once();
    console.log(JSON.stringify({ restart, warm }));
    // Rows still being written in the background (a database seeded by an older version) are kept for the next run.
    const { preparedUnitsWritten } = await import("../../lib/server/research/prepared-results-cache");
    const { unitScoresWritten } = await import("../../lib/server/research/load-unit-scores");
    await Promise.all([preparedUnitsWritten(), unitScoresWritten()]);
  } finally {
    await db.$disconnect();
  }
  return 0;
}

/** The sweep both processes time: every threshold from 0 to 1 in steps of 0.05, three methods. */
const sweepPayload = (datasetId: string, modelName: string) => ({
  datasetId,
  methods: [formatModelMethod(modelName), "bm25", "lead"],
  thresholds: Array.from({ length: 21 }, (_, i) => i / 20),
  budgets: [] as number[],
});

export const command: CliCommand = {
  name: "bench-research",
  summary: "time the research views: a 1,000-pair × 21-threshold × 3-method sweep and a 10,000-pair category breakdown",
  usage,
  async run(argv) {
    const { values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        "sweep-pairs": { type: "string", default: "1000" },
        "breakdown-pairs": { type: "string", default: "10000" },
        json: { type: "string" },
        keep: { type: "boolean", default: false },
        // Internal: one step timed in this (new) process, twice — "after a restart", then "warm" — printed as JSON.
        measure: { type: "string" },
        db: { type: "string" },
        dataset: { type: "string" },
      },
    });
    if (values.measure) return measureStep(values.measure, values.db, values.dataset);
    const sweepPairs = Number(values["sweep-pairs"]);
    const breakdownPairs = Number(values["breakdown-pairs"]);
    if (!Number.isInteger(sweepPairs) || sweepPairs < 1 || !Number.isInteger(breakdownPairs) || breakdownPairs < 1) {
      throw new AppError("BAD_REQUEST", "--sweep-pairs and --breakdown-pairs must be positive integers");
    }
    const { migrateDatabase } = await import("../../lib/server/db/migrate");
    const { createDbClient } = await import("../../lib/server/db/client");
    const { createDataset } = await import("../../lib/server/db/datasets/create-dataset");
    const { writeImportedPairs } = await import("../../lib/server/db/datasets/write-imported-pairs");
    const { textToCanonical } = await import("../../lib/text/text-to-canonical");
    const { listModels } = await import("../../lib/server/model/list-models");
    const { pairInputHashes } = await import("../../lib/server/pairs/fresh-token-scores");
    const { encodeTokenScores } = await import("../../lib/server/db/model-runs/encode-token-scores");
    const { WordPieceTokenizer } = await import("../../lib/tokenizer/wordpiece");
    const { runFrontierSweep } = await import("../../lib/server/research/run-frontier-sweep");
    const { computeCategoryBreakdown } = await import("../../lib/server/research/compute-category-breakdown");
    const { preparedUnitsWritten } = await import("../../lib/server/research/prepared-results-cache");
    const { unitScoresWritten } = await import("../../lib/server/research/load-unit-scores");

    const model = (await listModels()).find((m) => m.default);
    if (!model)
      throw new AppError(
        "UNAVAILABLE",
        "no default model installed: the sweep needs one (its probabilities are synthetic, its name and fingerprint are real)",
      );
    const dir = mkdtempSync(path.join(tmpdir(), "snippet-lab-bench-research-"));
    const url = `file:${path.join(dir, "bench.db")}`;
    await migrateDatabase({ url });
    const db = createDbClient({ url });
    const vocab = [
      ...new Set([
        "[PAD]",
        "[UNK]",
        "[CLS]",
        "[SEP]",
        "[MASK]",
        ".",
        "|",
        "·",
        ...WORDS,
        ...NAV.join(" ")
          .toLowerCase()
          .split(/[^a-z0-9]+/),
      ]),
    ].filter(Boolean);
    const tokenizer = new WordPieceTokenizer(vocab);
    const r = createRng(7);

    /** `n` pairs (gold on `goldShare` of them, judge suggestions on some of the rest) with cached synthetic model runs. */
    const seed = async (name: string, n: number, goldShare: number) => {
      const { id: datasetId } = await createDataset({ db, name });
      const t0 = performance.now();
      for (let start = 0; start < n; start += 1000) {
        const plans = Array.from({ length: Math.min(1000, n - start) }, (_, i) => {
          const docs = Array.from({ length: 1 + Math.floor(r() * 3) }, () => page(r));
          const gold = r() < goldShare;
          const judge = !gold && r() < 0.3;
          const spans = docs.flatMap((d, documentIndex) => d.spans.map((s) => ({ documentIndex, ...s, text: d.text.slice(s.start, s.end) })));
          return {
            externalId: `${name}-${start + i}`,
            query: `When does the ${WORDS[Math.floor(r() * WORDS.length)]} open?`,
            documents: docs.map((d) => {
              const c = textToCanonical(d.text);
              return { text: c.text, blocks: c.blocks };
            }),
            gold: gold ? spans : [],
            suggestions: judge ? spans.map((s) => ({ ...s, source: "judge" as const, modelName: "bench-judge" })) : [],
          };
        });
        await writeImportedPairs({ datasetId, pairs: plans, db });
      }
      // Cached model runs: synthetic probabilities (higher on vital text) and categories, fresh input hashes.
      const { listEvalPairs } = await import("../../lib/server/db/research/list-eval-pairs");
      const pairs = (await listEvalPairs({ datasetId, db })).map((p) => ({
        id: p.id,
        query: { text: p.query },
        documents: p.documents.map((document) => ({ document })),
      }));
      const runs = [];
      for (const p of pairs) {
        const documents = p.documents.map((d) => d.document);
        const hashes = pairInputHashes({ query: p.query.text, documents }, model.name);
        for (const [k, d] of documents.entries()) {
          const enc = tokenizer.encode(d.text);
          const n = enc.starts.length;
          const probs = new Float32Array(n);
          const categories = new Uint8Array(n);
          // Categories in runs, as a real model predicts them (one per line, 3% of tokens another): the default model
          // gives 17.5 tokens per merged interval on 20 Readability pages; these give about as many.
          let lineEnd = -1;
          let lineCategory = 0;
          for (let t = 0; t < n; t++) {
            probs[t] = Math.min(1, Math.max(0, r() * 0.6 + (d.text.charCodeAt(enc.starts[t]!) % 7 === 0 ? 0.3 : 0)));
            if (enc.starts[t]! > lineEnd) {
              const nl = d.text.indexOf("\n", enc.starts[t]!);
              lineEnd = nl < 0 ? d.text.length : nl;
              lineCategory = Math.floor(r() * 6);
            }
            categories[t] = r() < 0.03 ? Math.floor(r() * 6) : lineCategory;
          }
          const bytes = encodeTokenScores({ starts: Int32Array.from(enc.starts), ends: Int32Array.from(enc.ends), probs, categories });
          runs.push({ pairId: p.id, documentId: d.id, modelName: model.name, inputHash: hashes[k]!, ...bytes });
        }
        if (runs.length >= 2000) await db.modelRun.createMany({ data: runs.splice(0) });
      }
      if (runs.length) await db.modelRun.createMany({ data: runs.splice(0) });
      console.error(`  seeded ${n.toLocaleString("en")} pairs of "${name}" in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      return datasetId;
    };

    // "After a restart" and "warm" run in a new process (a real restart: empty caches and a heap without the seeding).
    const inNewProcess = async (step: "sweep" | "breakdown", datasetId: string) => {
      await preparedUnitsWritten();
      await unitScoresWritten();
      return measureInNewProcess(step, url, datasetId);
    };
    const time = async <T>(f: () => Promise<T>) => {
      const t0 = performance.now();
      const out = await f();
      return { out, ms: Math.round(performance.now() - t0) };
    };
    try {
      console.error(`bench-research in ${dir}`);
      const sweepDataset = await seed("sweep", sweepPairs, 1);
      const payload = sweepPayload(sweepDataset, model.name);
      const sweepCold = await time(() => runFrontierSweep({ payload, db }));
      const sweep = await inNewProcess("sweep", sweepDataset);
      console.log(
        `Sweep: ${sweepCold.out.pairs.toLocaleString("en")} pairs × ${sweepCold.out.thresholds.length} thresholds × ${payload.methods.length} methods = ${sweepCold.out.rows.length} points: first ${sweepCold.ms} ms, after a restart ${sweep.restart.ms} ms, warm ${sweep.warm.ms} ms (target < 5000 ms)`,
      );

      const breakdownDataset = await seed("breakdown", breakdownPairs, 0.4);
      const filters = { datasetId: breakdownDataset, method: formatModelMethod(model.name) };
      const bdCold = await time(() => computeCategoryBreakdown({ filters, db }));
      const b = bdCold.out.breakdown;
      const bd = await inNewProcess("breakdown", breakdownDataset);
      const [r, w] = [bd.restart.timings!, bd.warm.timings!];
      const first = await digestOf(b);
      const same = bd.restart.digest === first && bd.warm.digest === first;
      console.log(
        `Category breakdown: ${b.pairs.toLocaleString("en")} pairs (gold ${b.bySource.gold.pairs}, judge ${b.bySource.judge.pairs}, model ${b.bySource.model.pairs}, none ${b.bySource.none.pairs}): first ${bdCold.ms} ms, after a restart ${bd.restart.ms} ms (load ${r.loadMs} ms + compute ${r.computeMs} ms), warm ${bd.warm.ms} ms (load ${w.loadMs} ms + compute ${w.computeMs} ms; target < 3000 ms); the three give ${same ? "identical figures" : "DIFFERENT FIGURES"}`,
      );
      if (!same) throw new AppError("INTERNAL", "bench-research: the breakdown after a restart or warm differs from the first request");
      if (values.json) {
        const figures = {
          sweep: {
            pairs: sweepCold.out.pairs,
            thresholds: sweepCold.out.thresholds.length,
            methods: payload.methods.length,
            coldMs: sweepCold.ms,
            restartMs: sweep.restart.ms,
            warmMs: sweep.warm.ms,
          },
          breakdown: {
            pairs: b.pairs,
            coldMs: bdCold.ms,
            restartMs: bd.restart.ms,
            restartLoadMs: r.loadMs,
            restartComputeMs: r.computeMs,
            warmMs: bd.warm.ms,
            loadMs: w.loadMs,
            computeMs: w.computeMs,
          },
          date: new Date().toISOString(),
        };
        writeFileSync(values.json, `${JSON.stringify(figures, null, 2)}\n`);
      }
    } finally {
      await db.$disconnect();
      if (values.keep) console.error(`kept ${dir}`);
      else rmSync(dir, { recursive: true, force: true });
    }
    return 0;
  },
};
