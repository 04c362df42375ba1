import { formatMatchRates } from "../lib/judge/match-stats";
import type { JudgeRunSummary } from "../lib/schemas/judge";

// How `snippet-lab judge` shows a run: a progress bar on stderr while it runs, the summary on stdout at the end.

const n = (x: number) => x.toLocaleString("en");

/** "[########------------] 12/40 pairs · 1 failed · 48,410 tokens · $0.0123". */
export function progressLine(s: JudgeRunSummary, width = 24): string {
  const finished = s.pairs.done + s.pairs.failed;
  const filled = s.pairs.total > 0 ? Math.round((width * finished) / s.pairs.total) : 0;
  const bar = `[${"#".repeat(filled)}${"-".repeat(width - filled)}]`;
  const cost = s.costUsd !== null ? ` · $${s.costUsd.toFixed(4)}` : "";
  return `${bar} ${n(finished)}/${n(s.pairs.total)} pairs${s.pairs.failed ? ` · ${n(s.pairs.failed)} failed` : ""} · ${n(s.tokens.total)} tokens${cost}`;
}

/** The run's summary as the CLI prints it. */
export function formatRunSummary(s: JudgeRunSummary): string {
  const price = s.price
    ? ` at $${s.price.inputPerMillion}/$${s.price.outputPerMillion} per 1M tokens`
    : " (no price for this model: SNIPPET_LAB_JUDGE_PRICES)";
  const lines = [
    `Judge run ${s.id}: dataset ${s.datasetName}, ${s.model}, prompt ${s.promptVersion}, ${s.variant}${s.mode === "batch" ? " (Batch API)" : ""}`,
    `  pairs        ${n(s.pairs.done)} done, ${n(s.pairs.failed)} failed, ${n(s.pairs.pending + s.pairs.running)} left (of ${n(s.pairs.total)})`,
    `  requests     ${n(s.requests.sent)} sent (retries and repairs included), ${n(s.requests.cached)} answered from the cache`,
    `  tokens       ${n(s.tokens.prompt)} prompt + ${n(s.tokens.completion)} completion = ${n(s.tokens.total)}`,
    `  cost         ${s.costUsd !== null ? `$${s.costUsd.toFixed(4)}${price}` : `unknown${price}`}`,
    `  matching     ${formatMatchRates(s.matches)}`,
    `  suggestions  ${n(s.suggestions)}`,
  ];
  if (s.failures.length > 0) {
    lines.push(`  failed pairs (${n(s.pairs.failed)}):`);
    for (const f of s.failures.slice(0, 10)) lines.push(`    ${f.pairId}: ${f.reason}`);
    if (s.pairs.failed > 10) lines.push(`    … and ${n(s.pairs.failed - 10)} more (GET /api/v1/judge/runs/${s.id})`);
  }
  if (s.matches.unmatched > 0) {
    lines.push(`  unmatched quotes (${n(s.matches.unmatched)}, kept with their reason):`);
    for (const u of s.unmatched.slice(0, 5)) lines.push(`    ${u.pairId} ${u.category} ${JSON.stringify(u.text.slice(0, 80))}: ${u.reason}`);
  }
  return lines.join("\n");
}
