import { MATCH_OUTCOMES, totalQuotes } from "@/lib/judge/match-stats";
import type { JudgeRunSummary } from "@/lib/schemas/judge";
import { percent, plural, usd } from "./format";

/** A run's figures: tokens in/out, cost at the configured price, requests sent/cached, and quotes matched per step. */
export function JudgeRunStats({ run }: { run: JudgeRunSummary }) {
  const quotes = totalQuotes(run.matches);
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="text-slate-500">Tokens</dt>
      <dd className="tabular-nums" data-testid="judge-run-tokens">
        {run.tokens.prompt.toLocaleString("en")} in · {run.tokens.completion.toLocaleString("en")} out
      </dd>
      <dt className="text-slate-500">Cost</dt>
      <dd className="tabular-nums" data-testid="judge-run-cost">
        {run.costUsd === null ? (
          <span className="text-slate-500">no price configured</span>
        ) : (
          <>
            {usd(run.costUsd)}{" "}
            {run.price && (
              <span className="text-xs text-slate-500">
                (${run.price.inputPerMillion} in / ${run.price.outputPerMillion} out per million tokens)
              </span>
            )}
          </>
        )}
      </dd>
      <dt className="text-slate-500">Requests</dt>
      <dd className="tabular-nums" data-testid="judge-run-requests">
        {run.requests.sent.toLocaleString("en")} sent · {run.requests.cached.toLocaleString("en")} from the cache ·{" "}
        {plural(run.suggestions, "suggestion")}
      </dd>
      <dt className="text-slate-500">Quotes matched</dt>
      <dd data-testid="judge-run-matches" data-quotes={quotes}>
        {quotes === 0 ? (
          <span className="text-slate-500">no quotes yet</span>
        ) : (
          <span className="flex flex-wrap gap-x-3 tabular-nums">
            {MATCH_OUTCOMES.map((k) => (
              <span
                key={k}
                data-step={k}
                title={plural(run.matches[k], "quote")}
                className={k === "unmatched" && run.matches[k] > 0 ? "text-amber-700" : ""}
              >
                {k} {percent(run.matchShare[k])}
              </span>
            ))}
            <span className="text-slate-500">({plural(quotes, "quote")})</span>
          </span>
        )}
      </dd>
    </dl>
  );
}
