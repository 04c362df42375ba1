import { parseArgs } from "node:util";
import { AppError, isAppError } from "../../lib/errors";
import type { CliCommand } from "../types";

// Server modules (Prisma, openai) load inside run() so `--help` stays instant.

const usage = `snippet-lab judge --dataset NAME [--limit N] [--pair ID] [options]

Pre-labels pairs with the LLM judge (any OpenAI-compatible server): stage 1 finds the query's intents,
stage 2 asks for verbatim spans per document; matched spans are stored as judge suggestions
(source "judge", modelName = the judge model), replacing that model's previous ones. See docs/judge.md.

  --dataset NAME        judge the pairs of this dataset (in creation order)
  --pair ID             judge this one pair (repeatable; --dataset not needed)
  --limit N             at most N pairs
  --skip-judged         leave out pairs that already have suggestions of this judge model
  --refresh-intents     run stage 1 again even when a query already has intents
  --model NAME          override SNIPPET_LAB_JUDGE_MODEL
  --base-url URL        override SNIPPET_LAB_JUDGE_BASE_URL
  --quiet               only the summary

Environment: SNIPPET_LAB_JUDGE_BASE_URL (e.g. http://127.0.0.1:8000/v1), SNIPPET_LAB_JUDGE_MODEL,
SNIPPET_LAB_JUDGE_API_KEY (optional), SNIPPET_LAB_JUDGE_TIMEOUT_MS (default 120000), SNIPPET_LAB_JUDGE_JSON_MODE
(0 = no response_format), SNIPPET_LAB_JUDGE_CHUNK_CHARS (default 12000), DATABASE_URL.
Try it without a model: node scripts/local-judge-server.mjs --port 8787, then
SNIPPET_LAB_JUDGE_BASE_URL=http://127.0.0.1:8787/v1 SNIPPET_LAB_JUDGE_MODEL=local-rules.

Exit status: 0 all judged, 1 some pair failed (a reply stayed malformed; the others are stored), 2 usage error.
A server that is down, times out or answers an HTTP error stops the run.`;

function countBy<T>(items: readonly T[], key: (item: T) => string): string {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].map(([k, n]) => `${k} ${n}`).join(", ") || "none";
}

export const command: CliCommand = {
  name: "judge",
  summary: "pre-label pairs with an LLM judge (OpenAI-compatible server) as judge suggestions",
  usage,
  async run(argv) {
    const { values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        dataset: { type: "string" },
        pair: { type: "string", multiple: true },
        limit: { type: "string" },
        "skip-judged": { type: "boolean", default: false },
        "refresh-intents": { type: "boolean", default: false },
        model: { type: "string" },
        "base-url": { type: "string" },
        quiet: { type: "boolean", default: false },
      },
    });
    if (!values.dataset && !values.pair?.length) throw new AppError("BAD_REQUEST", "--dataset or --pair is required");
    let limit: number | undefined;
    if (values.limit !== undefined) {
      limit = Number(values.limit);
      if (!Number.isInteger(limit) || limit < 1) throw new AppError("BAD_REQUEST", `--limit must be a positive integer, got "${values.limit}"`);
    }

    const { requireJudgeConfig } = await import("../../lib/server/judge/judge-config");
    const env = {
      ...process.env,
      ...(values.model ? { SNIPPET_LAB_JUDGE_MODEL: values.model } : {}),
      ...(values["base-url"] ? { SNIPPET_LAB_JUDGE_BASE_URL: values["base-url"] } : {}),
    };
    // The flags overlay the environment; the judge sub-schema of lib/server/env.ts validates the result.
    const config = requireJudgeConfig(env);
    const { disconnectDb } = await import("../../lib/server/db/client");
    const { listJudgePairs } = await import("../../lib/server/db/judge/list-judge-pairs");
    const { runJudge } = await import("../../lib/server/judge/run-judge");
    const { createJudgeClient } = await import("../../lib/server/judge/create-judge-client");
    const client = createJudgeClient(config); // one client: a JSON-mode fallback is remembered across pairs

    try {
      let pairIds = values.pair?.length
        ? values.pair
        : await listJudgePairs({ dataset: values.dataset!, ...(values["skip-judged"] ? { skipJudgedBy: config.model } : {}) });
      if (limit !== undefined) pairIds = pairIds.slice(0, limit);
      if (pairIds.length === 0) {
        console.error("No pairs to judge.");
        return 0;
      }
      console.error(`Judging ${pairIds.length} pair(s) with ${config.model} at ${config.baseUrl}`);
      const t0 = performance.now();
      let failed = 0;
      let stored = 0;
      let unmatched = 0;
      for (const [i, pairId] of pairIds.entries()) {
        try {
          const result = await runJudge({ pairId, config, client, refreshIntents: values["refresh-intents"] });
          stored += result.suggestions.length;
          unmatched += result.unmatched.length;
          if (!values.quiet) {
            console.log(
              `[${i + 1}/${pairIds.length}] ${pairId}: ${result.intents.length} intent(s); ${result.suggestions.length} suggestion(s) ` +
                `(${countBy(result.suggestions, (s) => s.category)}); ${result.unmatched.length} unmatched`,
            );
            for (const u of result.unmatched.slice(0, 5))
              console.log(`    unmatched ${u.category} ${JSON.stringify(u.text.slice(0, 80))}: ${u.reason}`);
          }
        } catch (e) {
          // A malformed reply or a bad pair is that pair's problem; a dead or failing server would fail every pair.
          const perPair = isAppError(e) && (e.code === "NOT_FOUND" || (e.details as { reason?: string } | undefined)?.reason === "malformed");
          if (!perPair) throw e;
          failed++;
          console.error(`[${i + 1}/${pairIds.length}] ${pairId}: FAILED ${(e as Error).message}`);
        }
      }
      const secs = ((performance.now() - t0) / 1000).toFixed(1);
      console.error(
        `Done in ${secs} s: ${pairIds.length - failed} judged, ${failed} failed, ${stored} suggestion(s) stored, ${unmatched} unmatched.`,
      );
      return failed > 0 ? 1 : 0;
    } finally {
      await disconnectDb();
    }
  },
};
