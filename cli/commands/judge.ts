import { writeFile } from "node:fs/promises";
import { AppError, isAppError } from "../../lib/errors";
import type { JudgeRunSummary } from "../../lib/schemas/judge";
import { judgeConfigFromFlags } from "../judge-config-from-flags";
import { defineCommand } from "../define-command";

// Server modules (Prisma, openai, the job runner) load inside run() so `--help` stays instant.

const usage = `snippet-lab judge --dataset NAME [options]      judge a dataset as a job (resumable)
snippet-lab judge --resume RUN [--retry-failed]   go on with a run that was stopped, killed or cancelled
snippet-lab judge --pair ID [--pair ID2 …]         judge single pairs at once, without a job

Pre-labels pairs with the LLM judge (any OpenAI-compatible server): stage 1 finds the query's intents, stage 2 asks
for verbatim spans per document; quotes are matched back (exact → normalized → regex → fuzzy) and stored as judge
suggestions (source "judge"), with the judgment, its tokens, cost and match counts. See docs/judge.md.

A dataset run is a background job that commits every pair as soon as it is judged: kill it at any moment and
\`--resume RUN\` (or any \`snippet-lab worker\`) goes on without losing or repeating anything. Replies are cached by
(judge model, prompt version, input hash): rerunning unchanged pairs sends nothing.

  --dataset NAME        judge the pairs of this dataset (in creation order)
  --limit N             at most N pairs
  --skip-judged         leave out pairs that already have a judgment of this model, prompt version and variant
  --refresh-intents     run stage 1 again even when a query already has intents
  --one-stage           the one-stage variant: spans without intents (stored as "<model> · one-stage")
  --workers N           jobs sharing the run (worker processes on PostgreSQL; default 1)
  --queue               only queue the run for \`snippet-lab worker\` processes (or the server) and exit
  --resume RUN          resume a run; with --retry-failed its failed pairs are judged again
  --pair ID             judge this one pair now (repeatable; no job)
  --model NAME          override SNIPPET_LAB_JUDGE_MODEL
  --base-url URL        override SNIPPET_LAB_JUDGE_BASE_URL
  --json OUT            write the run's summary (tokens, cost, matching rates, failures) as JSON
  --quiet               only the summary

Environment: SNIPPET_LAB_JUDGE_BASE_URL (e.g. http://127.0.0.1:8000/v1), SNIPPET_LAB_JUDGE_MODEL,
SNIPPET_LAB_JUDGE_API_KEY, SNIPPET_LAB_JUDGE_TIMEOUT_MS, SNIPPET_LAB_JUDGE_MAX_RETRIES, SNIPPET_LAB_JUDGE_BACKOFF_MS,
SNIPPET_LAB_JUDGE_CONCURRENCY, SNIPPET_LAB_JUDGE_PRICES (model=in/out USD per 1M tokens), SNIPPET_LAB_JUDGE_JSON_MODE,
SNIPPET_LAB_JUDGE_CHUNK_CHARS, DATABASE_URL (docs/configuration.md).
Try it without a model: node scripts/local-judge-server.mjs --port 8787, then
SNIPPET_LAB_JUDGE_BASE_URL=http://127.0.0.1:8787/v1 SNIPPET_LAB_JUDGE_MODEL=local-rules.

Exit status: 0 every pair judged, 1 some pair failed (listed with the reason; the others are stored) or the run
stopped (a server that is down: resume it later), 2 usage error. Ctrl+C leaves the run to resume.`;

function countBy<T>(items: readonly T[], key: (item: T) => string): string {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${k} ${n}`).join(", ") || "none";
}

export const command = defineCommand({
  name: "judge",
  summary: "pre-label pairs with an LLM judge (OpenAI-compatible server) as resumable jobs: cached, retried, costed",
  usage,
  options: {
    dataset: { type: "string" },
    pair: { type: "string", multiple: true },
    resume: { type: "string" },
    "retry-failed": { type: "boolean" },
    limit: { type: "number", integer: true, min: 1 },
    "skip-judged": { type: "boolean" },
    "refresh-intents": { type: "boolean" },
    "one-stage": { type: "boolean" },
    workers: { type: "number", integer: true, min: 1, max: 16 },
    queue: { type: "boolean" },
    model: { type: "string" },
    "base-url": { type: "string" },
    json: { type: "string" },
    quiet: { type: "boolean" },
  },
  async run({ values }) {
    if (!values.dataset && values.pair.length === 0 && !values.resume) throw new AppError("BAD_REQUEST", "--dataset, --resume or --pair is required");
    const { limit, workers } = values;
    const variant = values["one-stage"] ? "one-stage" : "two-stage";

    // The flags overlay the environment's settings; the config is passed to the jobs this process runs and starts.
    const config = await judgeConfigFromFlags({ model: values.model, baseUrl: values["base-url"] });
    const services = { judge: config };
    const { disconnectDb } = await import("../../lib/server/db/client");

    try {
      if (values.pair.length > 0)
        return await judgePairs(values.pair, { config, variant, refreshIntents: values["refresh-intents"], quiet: values.quiet });

      const { startJobRunner, stopJobRunner } = await import("../../lib/server/jobs/job-runner");
      // This process runs the run's jobs (unless --queue): judge-run jobs only, so it never picks up other work.
      await startJobRunner({ work: !values.queue, kinds: ["judge-run"], log: () => {}, services });
      try {
        const { readJudgeRun, resumeJudgeRun } = await import("../../lib/server/judge/judge-runs-api");
        let runId: string;
        if (values.resume) {
          runId = (await resumeJudgeRun({ id: values.resume, retryFailed: values["retry-failed"], services })).id;
        } else {
          const { findDatasetId } = await import("../../lib/server/db/datasets/find-dataset-id");
          const { startJob } = await import("../../lib/server/jobs/jobs-api");
          const datasetId = await findDatasetId({ name: values.dataset! });
          const { job } = await startJob({
            kind: "judge-run",
            services,
            payload: {
              datasetId,
              variant,
              model: config.model,
              ...(limit !== undefined ? { limit } : {}),
              ...(values["skip-judged"] ? { skipJudged: true } : {}),
              ...(values["refresh-intents"] ? { refreshIntents: true } : {}),
              ...(workers !== undefined ? { workers } : {}),
            },
          });
          runId = (job.payload as { runId: string }).runId;
        }
        if (values.queue) {
          const summary = await readJudgeRun({ id: runId, prices: config.prices });
          console.error(
            `Queued judge run ${runId} (${summary.pairs.total} pairs, ${summary.jobs.length} job(s)); \`snippet-lab worker\` processes or the server run it.`,
          );
          console.log(runId);
          return 0;
        }
        if (!values.quiet)
          console.error(
            `Judge run ${runId} with ${config.model} at ${config.baseUrl} (Ctrl+C leaves it to resume: snippet-lab judge --resume ${runId})`,
          );
        const summary = await follow(runId, { quiet: values.quiet, readJudgeRun: (a) => readJudgeRun({ ...a, prices: config.prices }) });
        const { formatRunSummary } = await import("../judge-progress");
        console.log(formatRunSummary(summary));
        if (values.json) await writeFile(values.json, `${JSON.stringify(summary, null, 2)}\n`);
        const stopped = summary.jobs.find((j) => j.state === "failed");
        if (stopped) console.error(`The run stopped: ${stopped.error}. Resume it with: snippet-lab judge --resume ${runId}`);
        return summary.pairs.failed > 0 || stopped ? 1 : 0;
      } finally {
        await stopJobRunner();
      }
    } finally {
      await disconnectDb();
    }
  },
});

/** Polls the run until none of its jobs is live, drawing a progress bar (a line every 2 s when stderr is no terminal). */
async function follow(runId: string, o: { quiet: boolean; readJudgeRun: (a: { id: string }) => Promise<JudgeRunSummary> }): Promise<JudgeRunSummary> {
  const { progressLine } = await import("../judge-progress");
  const tty = process.stderr.isTTY === true;
  let lastLine = 0;
  for (;;) {
    const summary = await o.readJudgeRun({ id: runId });
    const live = summary.jobs.some((j) => j.state === "queued" || j.state === "running");
    if (!o.quiet) {
      const now = Date.now();
      if (tty) process.stderr.write(`\r${progressLine(summary)}\u001b[K${live ? "" : "\n"}`);
      else if (now - lastLine >= 2000 || !live) {
        lastLine = now;
        console.error(progressLine(summary));
      }
    }
    if (!live) return summary;
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** --pair: each pair judged now, synchronously (no job), as the workspace's button does. */
async function judgePairs(
  pairIds: string[],
  o: { config: import("../../lib/server/env").JudgeConfig; variant: "one-stage" | "two-stage"; refreshIntents: boolean; quiet: boolean },
): Promise<number> {
  const { runJudge } = await import("../../lib/server/judge/run-judge");
  const { getLlmClient } = await import("../../lib/server/llm/get-llm-client");
  const { formatMatchRates } = await import("../../lib/judge/match-stats");
  const client = getLlmClient(o.config); // one client: a JSON-mode fallback is remembered across pairs
  let failed = 0;
  for (const [i, pairId] of pairIds.entries()) {
    try {
      const result = await runJudge({ pairId, config: o.config, client, refreshIntents: o.refreshIntents, variant: o.variant });
      if (!o.quiet) {
        console.log(
          `[${i + 1}/${pairIds.length}] ${pairId}: ${result.intents.length} intent(s); ${result.suggestions.length} suggestion(s) ` +
            `(${countBy(result.suggestions, (s) => s.category)}); ${result.unmatched.length} unmatched; ${result.usage.requests} request(s), ` +
            `${result.usage.cachedRequests} cached; ${formatMatchRates(result.matches)}`,
        );
        for (const u of result.unmatched.slice(0, 5)) console.log(`    unmatched ${u.category} ${JSON.stringify(u.text.slice(0, 80))}: ${u.reason}`);
      }
    } catch (e) {
      // A malformed reply or a bad pair is that pair's problem; a dead or failing server would fail every pair.
      const perPair = isAppError(e) && (e.code === "NOT_FOUND" || (e.details as { reason?: string } | undefined)?.reason === "malformed");
      if (!perPair) throw e;
      failed++;
      console.error(`[${i + 1}/${pairIds.length}] ${pairId}: FAILED ${(e as Error).message}`);
    }
  }
  return failed > 0 ? 1 : 0;
}
