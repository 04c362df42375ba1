import type { JudgeEvalReport } from "@/lib/schemas/judge";
import { ConfigChooser } from "./config-chooser";
import { ConfigLabel } from "./config-label";
import { JudgeEvalDownloads } from "./downloads";
import { JudgePrfChart } from "./judge-prf-chart";
import { MatchRatesTable } from "./match-rates-table";
import { PrfComparisonTable } from "./prf-comparison-table";
import { WorstPairs } from "./worst-pairs";
import { Notice } from "@/components/ui/notice";

/**
 * Judging the judge on one dataset with judgments: the configuration chooser, P/R/F1 side by side at span and token
 * level, how quotes were matched, and the pairs with the most disagreement. `asked` is the configs query as given
 * (empty: every configuration), for the download links.
 */
export function JudgeEvalView({ report, asked }: { report: JudgeEvalReport; asked: readonly string[] }) {
  const unjudged = report.configs.filter((c) => c.pairs === 0);
  const shown = report.configs.filter((c) => c.pairs > 0);
  return (
    <div className="space-y-6">
      <ConfigChooser datasetId={report.datasetId} available={report.available} selected={report.configs.map((c) => c.key)} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700" data-testid="judge-eval-summary">
          {report.datasetName}: {report.goldPairs.toLocaleString("en")} pair{report.goldPairs === 1 ? "" : "s"} with gold, {shown.length} judge
          configuration{shown.length === 1 ? "" : "s"} compared. Each configuration is scored on the gold pairs it judged.
        </p>
        <JudgeEvalDownloads datasetId={report.datasetId} configs={asked} />
      </div>
      {unjudged.length > 0 && (
        <Notice tone="warn" as="ul" className="space-y-1" testId="judge-eval-unjudged">
          {unjudged.map((c) => (
            <li key={c.key}>
              <ConfigLabel config={c} /> has no judgments on this dataset’s gold pairs: left out.
            </li>
          ))}
        </Notice>
      )}
      {shown.length > 0 && (
        <>
          <JudgePrfChart
            configs={shown.map(({ key, model, promptVersion, variant, pairs, span, token }) => ({
              key,
              model,
              promptVersion,
              variant,
              pairs,
              span,
              token,
            }))}
            datasetName={report.datasetName}
            goldPairs={report.goldPairs}
          />
          <PrfComparisonTable level="span" configs={shown} spanIou={report.rules.spanIou} />
          <PrfComparisonTable level="token" configs={shown} spanIou={report.rules.spanIou} />
          <MatchRatesTable configs={shown} />
          <WorstPairs configs={shown} />
          <p className="text-xs text-slate-500">Tokens: {report.rules.tokens}.</p>
        </>
      )}
    </div>
  );
}
