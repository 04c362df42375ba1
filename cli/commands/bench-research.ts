import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { formatModelMethod } from "../../lib/engine/methods";
import { AppError } from "../../lib/errors";
import { createRng } from "../../lib/data/synthesize-page";
import { digestOf, encoderSince, measureInNewProcess, measureStep, sweepPayload, type Timed } from "../bench-research/measure-step";
import { checkTarget, type TargetCheck } from "../bench-research/research-targets";
import { defineCommand } from "../define-command";

// Server modules (Prisma, models) load inside run() so `--help` stays instant.

const usage = `snippet-lab bench-research [--db sqlite|postgres] [--database-url URL] [--pairs N] [--sweep-pairs N]
                            [--breakdown-pairs N] [--steps sweep,breakdown,queue] [--json OUT] [--keep]

Times the research views and the queue on synthetic data (printed [figure] lines), in a temporary SQLite database, or with --db postgres in a throwaway PostgreSQL cluster (Debian's binaries; as root it runs
as the \`postgres\` user) or the empty PostgreSQL database of --database-url:
  1. a threshold and budget sweep of --sweep-pairs cached gold pairs × 22 thresholds × 3 methods
     (the default model from cached probabilities with every stage it blends as served — its sentence encoder's
     similarity included —, bm25, lead), the code of the frontier job and data route;
  2. the category breakdown over --breakdown-pairs pairs, with gold, judge and model categories;
  3. the queue's first page (/pairs) with every filter and every sort, over the breakdown's pairs and annotators'
     work on some of them (each combination's first request and then warm; the worst is printed).
Steps 1 and 2 run three times: "first" is the first request ever (it segments and counts every document, and stores
the units in DocumentUnits; the breakdown also stores each run's unit scores and categories in ModelRunUnits);
"restart" is the first request of a new process (this command runs it in a child process: in-memory caches empty,
documents, model runs and units read from the database); "warm" is the child's second request (as on a running
server). The sweep's "first" runs in a child process of its own as well (seeding left the documents in this process's
memory), and the three sweeps must give identical results, or the command fails. The model's probabilities are
synthetic but cached exactly as ModelRun stores them (fresh input hashes), so no token model runs; the model's
sentence encoder does (the first request computes every pair's unit similarities and stores them in
UnitSimilarity; in the app a score-pairs job stores them as it scores, so a first view after scoring costs what
"restart" does), and each figure says what share of it the encoder took. Each figure is checked against its
target (issue 65, scaled to the pairs measured: research-targets.ts): the sweep of 1,000 pairs first ≤ 5 s, after a
restart ≤ 4 s, warm ≤ 2 s (10,000 pairs warm ≤ 10 s); the breakdown of 2,000 pairs first ≤ 10 s, after a restart
≤ 3 s, warm ≤ 0.5 s (100,000 pairs: ≤ 6 s and ≤ 3 s); the queue's pages warm < 300 ms. A figure over its target
prints the plan of its slowest query (EXPLAIN (ANALYZE, BUFFERS) on PostgreSQL), every miss is listed as FAIL at the
end and the command exits 1; a default model whose blended stages are not installed here fails at once. Each
figure line ends with the digest of its figures (without ids): the same data and code give the same digest.

  --db sqlite|postgres  the database (default sqlite)
  --database-url URL    an empty PostgreSQL database to use instead of a throwaway cluster (implies --db postgres)
  --pairs N             pairs of the breakdown and the queue; the sweep takes a tenth (default 10000 on SQLite,
                        100000 on PostgreSQL: a 1,000 or 10,000-pair sweep)
  --sweep-pairs N       pairs of the sweep (overrides --pairs)
  --breakdown-pairs N   pairs of the breakdown (overrides --pairs)
  --steps LIST          which steps to run (default sweep,breakdown,queue)
  --json OUT            also write the figures as JSON
  --keep                keep the temporary database (or leave the cluster running) and print where it is`;

const TARGETS = { queueMs: 300 };

/** "encoder 1,234 ms = 56%" of a request (its share of the request's time; "no encoder" when it did not run). */
const encoderShare = (t: Pick<Timed, "ms" | "encoder">) =>
  t.encoder && t.encoder.encoded > 0
    ? `encoder ${t.encoder.ms.toLocaleString("en")} ms = ${Math.round((100 * t.encoder.ms) / Math.max(1, t.ms))}%, ${t.encoder.encoded.toLocaleString("en")} texts`
    : "encoder 0%";

/** "1234 ms (target ≤ 5000 ms)", with a loud MISSED when over. */
const versus = (c: TargetCheck) => `${c.ms} ms (target ≤ ${c.targetMs} ms${c.met ? "" : ", MISSED"})`;

/** A count of pairs or runs. */
const POSITIVE = { type: "number", integer: true, min: 1 } as const;

export const command = defineCommand({
  name: "bench-research",
  summary: "time the research views and the queue: sweep, category breakdown and the queue's first page, on SQLite or PostgreSQL",
  usage,
  options: {
    db: { type: "choice", choices: ["sqlite", "postgres"], default: "sqlite" },
    "database-url": { type: "string" },
    pairs: POSITIVE,
    "sweep-pairs": POSITIVE,
    "breakdown-pairs": POSITIVE,
    steps: { type: "string", default: "sweep,breakdown,queue" },
    json: { type: "string" },
    keep: { type: "boolean" },
    // Internal: one step timed in this (new) process, twice — "after a restart", then "warm" — printed as JSON.
    measure: { type: "string" },
    dataset: { type: "string" },
    runs: { ...POSITIVE, default: 2 },
  },
  async run({ values }) {
    if (values.measure) return measureStep(values.measure, values["database-url"], values.dataset, values.runs);
    const givenUrl = values["database-url"];
    const postgres = values.db === "postgres" || givenUrl !== undefined;
    if (givenUrl && !/^postgres(ql)?:\/\//i.test(givenUrl)) throw new AppError("BAD_REQUEST", "--database-url takes a postgresql:// URL");
    const pairs = values.pairs ?? (postgres ? 100_000 : 10_000);
    const sweepPairs = values["sweep-pairs"] ?? Math.max(1, Math.round(pairs / 10));
    const breakdownPairs = values["breakdown-pairs"] ?? pairs;
    const steps = new Set(values.steps.split(",").map((s) => s.trim()));
    for (const s of steps) if (!["sweep", "breakdown", "queue"].includes(s)) throw new AppError("BAD_REQUEST", `unknown step "${s}"`);

    const { migrateDatabase } = await import("../../lib/server/db/migrate");
    const { listModels } = await import("../../lib/server/model/list-models");
    const { openBenchDb } = await import("../bench-research/open-bench-db");
    const { printSlowestQueryPlan } = await import("../bench-research/explain-query");
    const { seedQueueAnnotations, seedResearchPairs } = await import("../bench-research/seed-research-pairs");
    const { timeQueuePages } = await import("../bench-research/time-queue-pages");
    const { refreshPairSortScores } = await import("../../lib/server/db/annotations/refresh-pair-sort-scores");
    const { computeCategoryBreakdown } = await import("../../lib/server/research/compute-category-breakdown");
    const { preparedUnitsWritten } = await import("../../lib/server/research/prepared-results-cache");
    const { unitScoresWritten } = await import("../../lib/server/research/load-unit-scores");
    const { unitSimilaritiesWritten } = await import("../../lib/server/embeddings/stored-result-similarity");

    const model = (await listModels()).find((m) => m.default);
    if (!model)
      throw new AppError(
        "UNAVAILABLE",
        "no default model installed: the sweep needs one (its probabilities are synthetic, its name and fingerprint are real)",
      );
    // The model as served, every stage it blends: timing less would say nothing about the views a researcher opens.
    const { describeServedModel } = await import("../bench-research/served-model");
    const served = describeServedModel(model.profile);
    console.error(`default model ${model.name} as served: token probabilities${served.stages.map((x) => ` + ${x}`).join("")}`);
    if (served.missing.length > 0) {
      console.log(`FAIL: the default model ${model.name} blends what is not installed here (${served.missing.join(", ")}): not the model as served`);
      return 1;
    }
    const checks: TargetCheck[] = [];
    const queueMisses: string[] = [];

    let url: string;
    let where: string;
    let cleanUp: () => void;
    if (postgres) {
      // The cluster and client helpers of npm test's PostgreSQL step (a computed path: a script, not part of the app).
      const helpers = path.resolve(import.meta.dirname, "../../scripts/postgres-cluster.mjs");
      const { generatePostgresClient, startPostgresCluster } = (await import(helpers)) as {
        generatePostgresClient(o?: { stdio?: unknown }): void;
        startPostgresCluster(): { url: string; stop(): void };
      };
      generatePostgresClient({ stdio: ["ignore", "ignore", "inherit"] });
      if (givenUrl) {
        url = givenUrl;
        where = "the PostgreSQL database of --database-url";
        cleanUp = () => {};
      } else {
        const cluster = startPostgresCluster();
        url = cluster.url;
        where = `a throwaway PostgreSQL cluster (${url})`;
        cleanUp = () => (values.keep ? console.error(`kept the cluster running: ${url}`) : cluster.stop());
      }
    } else {
      const dir = mkdtempSync(path.join(tmpdir(), "snippet-lab-bench-research-"));
      url = `file:${path.join(dir, "bench.db")}`;
      where = `a temporary SQLite database in ${dir}`;
      cleanUp = () => (values.keep ? console.error(`kept ${dir}`) : rmSync(dir, { recursive: true, force: true }));
    }
    let opened: Awaited<ReturnType<typeof openBenchDb>> | undefined;
    try {
      await migrateDatabase({ url });
      opened = await openBenchDb(url);
      const { db, takeSlowest } = opened;
      const r = createRng(7);

      // "After a restart" and "warm" run in a new process (a real restart: empty caches and a heap without the seeding).
      const inNewProcess = async (step: "sweep" | "breakdown", datasetId: string) => {
        await preparedUnitsWritten();
        await unitScoresWritten();
        await unitSimilaritiesWritten();
        const [restart, warm] = measureInNewProcess(step, url, datasetId);
        return { restart: restart!, warm: warm! };
      };
      const time = async <T>(f: () => Promise<T>) => {
        takeSlowest();
        const t0 = performance.now();
        const out = await f();
        return { out, ms: Math.round(performance.now() - t0), slowest: takeSlowest() };
      };
      const label = postgres ? "PostgreSQL" : "SQLite";
      const figures: Record<string, unknown> = { database: label, date: new Date().toISOString() };
      console.error(`bench-research in ${where}`);

      if (steps.has("sweep")) {
        const sweepDataset = await seedResearchPairs({ db, name: "sweep", pairs: sweepPairs, goldShare: 1, modelName: model.name, r });
        // Planner statistics and vacuumed tables, as autovacuum keeps them on a database that was not just bulk-loaded
        // (its vacuum of the new rows would otherwise run during the first sweep).
        if (postgres) await db.$executeRawUnsafe("VACUUM ANALYZE");
        const payload = sweepPayload(sweepDataset, model.name);
        // The first request in a new process too: seeding read every pair (listEvalPairs), and its documents would
        // still be in this process's memory, which a server's first sweep after an import does not have.
        const [cold] = measureInNewProcess("sweep", url, sweepDataset, 1);
        const sweep = await inNewProcess("sweep", sweepDataset);
        const worst = [cold!, sweep.restart, sweep.warm].reduce((a, b) => (b.ms > a.ms ? b : a));
        const size = cold!.sweep!;
        const same = sweep.restart.digest === cold!.digest && sweep.warm.digest === cold!.digest;
        const [c1, c2, c3] = [
          checkTarget("sweep", "first", size.pairs, cold!.ms),
          checkTarget("sweep", "restart", size.pairs, sweep.restart.ms),
          checkTarget("sweep", "warm", size.pairs, sweep.warm.ms),
        ];
        checks.push(c1, c2, c3);
        console.log(
          `[figure] ${label} sweep: ${size.pairs.toLocaleString("en")} pairs × ${size.thresholds} thresholds × ${payload.methods.length} methods = ${size.points} points: first ${versus(c1)} (${encoderShare(cold!)}), after a restart ${versus(c2)} (${encoderShare(sweep.restart)}), warm ${versus(c3)} (${encoderShare(sweep.warm)}); the three give ${same ? "identical results" : "DIFFERENT RESULTS"}; digest ${cold!.digest}`,
        );
        if (!same) throw new AppError("INTERNAL", "bench-research: the sweep after a restart or warm differs from the first request");
        if (!c1.met || !c2.met || !c3.met) await printSlowestQueryPlan(url, "the sweep", worst.slowest ?? null);
        figures.sweep = {
          pairs: size.pairs,
          thresholds: size.thresholds,
          methods: payload.methods.length,
          coldMs: cold!.ms,
          restartMs: sweep.restart.ms,
          warmMs: sweep.warm.ms,
          encoderMs: { cold: cold!.encoder?.ms ?? 0, restart: sweep.restart.encoder?.ms ?? 0, warm: sweep.warm.encoder?.ms ?? 0 },
          targetsMs: { cold: c1.targetMs, restart: c2.targetMs, warm: c3.targetMs },
          digest: cold!.digest,
        };
      }

      let breakdownDataset: string | undefined;
      if (steps.has("breakdown") || steps.has("queue")) {
        breakdownDataset = await seedResearchPairs({ db, name: "breakdown", pairs: breakdownPairs, goldShare: 0.4, modelName: model.name, r });
        if (postgres) await db.$executeRawUnsafe("ANALYZE");
      }
      if (steps.has("breakdown") && breakdownDataset) {
        const filters = { datasetId: breakdownDataset, method: formatModelMethod(model.name) };
        const { sentenceEncoderUsage } = await import("../../lib/server/sentence-encoder/load-sentence-encoder");
        const before = sentenceEncoderUsage();
        const cold = await time(() => computeCategoryBreakdown({ filters, db }));
        const coldEncoder = encoderSince(before, sentenceEncoderUsage());
        const b = cold.out.breakdown;
        const bd = await inNewProcess("breakdown", breakdownDataset);
        const [rt, w] = [bd.restart.timings!, bd.warm.timings!];
        const first = await digestOf(b);
        const same = bd.restart.digest === first && bd.warm.digest === first;
        // Judged by the pairs requested (the seeded dataset), counted or not.
        const [c1, c2, c3] = [
          checkTarget("breakdown", "first", breakdownPairs, cold.ms),
          checkTarget("breakdown", "restart", breakdownPairs, bd.restart.ms),
          checkTarget("breakdown", "warm", breakdownPairs, bd.warm.ms),
        ];
        checks.push(c1, c2, c3);
        console.log(
          `[figure] ${label} category breakdown: ${b.pairs.toLocaleString("en")} pairs (gold ${b.bySource.gold.pairs}, judge ${b.bySource.judge.pairs}, model ${b.bySource.model.pairs}, none ${b.bySource.none.pairs}): first ${versus(c1)} (${encoderShare({ ms: cold.ms, encoder: coldEncoder })}), after a restart ${versus(c2)} (load ${rt.loadMs} ms + compute ${rt.computeMs} ms; ${encoderShare(bd.restart)}), warm ${versus(c3)} (load ${w.loadMs} ms + compute ${w.computeMs} ms; ${encoderShare(bd.warm)}); the three give ${same ? "identical figures" : "DIFFERENT FIGURES"}; digest ${first}`,
        );
        if (!same) throw new AppError("INTERNAL", "bench-research: the breakdown after a restart or warm differs from the first request");
        if (!c2.met) await printSlowestQueryPlan(url, "the breakdown after a restart", bd.restart.slowest ?? null);
        if (!c3.met) await printSlowestQueryPlan(url, "the warm breakdown", bd.warm.slowest ?? null);
        figures.breakdown = {
          pairs: b.pairs,
          coldMs: cold.ms,
          restartMs: bd.restart.ms,
          restartLoadMs: rt.loadMs,
          restartComputeMs: rt.computeMs,
          warmMs: bd.warm.ms,
          loadMs: w.loadMs,
          computeMs: w.computeMs,
          encoderMs: { cold: coldEncoder.ms, restart: bd.restart.encoder?.ms ?? 0, warm: bd.warm.encoder?.ms ?? 0 },
          targetsMs: { cold: c1.targetMs, restart: c2.targetMs, warm: c3.targetMs },
          digest: first,
        };
      }

      if (steps.has("queue") && breakdownDataset) {
        const { annotatorIds } = await seedQueueAnnotations({ db, datasetId: breakdownDataset, share: 0.2, r: createRng(11) });
        // The pairs whose runs or gold the seeding wrote are scored once and stored, as after a scoring job.
        const stored = await time(() => refreshPairSortScores({ db }));
        console.log(`[figure] ${label} queue sort scores stored: ${stored.out.toLocaleString("en")} pairs scored again in ${stored.ms} ms`);
        if (postgres) await db.$executeRawUnsafe("ANALYZE");
        const total = await db.pair.count();
        const timings = await timeQueuePages({ db, datasetId: breakdownDataset, annotatorId: annotatorIds[0]!, takeSlowest });
        const worstFirst = timings.reduce((a, b) => (b.firstMs > a.firstMs ? b : a));
        const worstWarm = timings.reduce((a, b) => (b.warmMs > a.warmMs ? b : a));
        const over = timings.filter((t) => t.warmMs >= TARGETS.queueMs);
        console.log(
          `[figure] ${label} queue first page, ${total.toLocaleString("en")} pairs, ${timings.length} filter × sort combinations: worst first request ${worstFirst.firstMs} ms (${worstFirst.sort}, filter ${worstFirst.filter}), worst warm ${worstWarm.warmMs} ms (${worstWarm.sort}, filter ${worstWarm.filter}); ${over.length} combinations at or over the target (< ${TARGETS.queueMs} ms warm)`,
        );
        for (const t of over) console.log(`  over: ${t.sort}, filter ${t.filter}: first ${t.firstMs} ms, warm ${t.warmMs} ms`);
        if (over.length > 0) await printSlowestQueryPlan(url, `the queue (${worstWarm.sort}, filter ${worstWarm.filter})`, worstWarm.slowest);
        figures.queue = { pairs: total, combinations: timings.map(({ slowest: _, ...t }) => t) };
        queueMisses.push(...over.map((t) => `queue ${t.sort}, filter ${t.filter}: warm ${t.warmMs} ms (target < ${TARGETS.queueMs} ms)`));
      }
      const misses = [
        ...checks
          .filter((c) => !c.met)
          .map((c) => `${c.step} of ${c.pairs.toLocaleString("en")} pairs, ${c.phase}: ${c.ms} ms (target ≤ ${c.targetMs} ms)`),
        ...queueMisses,
      ];
      figures.missed = misses;
      if (values.json) writeFileSync(values.json, `${JSON.stringify(figures, null, 2)}\n`);
      if (misses.length > 0) {
        console.log(`FAIL: ${misses.length} target(s) missed`);
        for (const m of misses) console.log(`FAIL: ${m}`);
        return 1;
      }
      console.log(`PASS: every target met (${checks.length + (steps.has("queue") ? 1 : 0)} checked)`);
    } finally {
      await opened?.db.$disconnect();
      cleanUp();
    }
    return 0;
  },
});
