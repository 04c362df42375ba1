import { ModelEvalButton } from "@/components/research/model-eval-button";
import { figureLabel } from "@/lib/eval/report-figures";
import type { EvalFigures } from "@/lib/server/model/describe-models";

const fmt = (v: number | null | undefined, digits = 3) => (v === null || v === undefined ? "—" : v.toFixed(digits));

/** Where a figure comes from: the report file and its run (commit, date), or the evaluation job. */
function provenanceText(e: EvalFigures): string {
  const p = e.provenance;
  const run = [p?.commit ? `commit ${p.commit}` : null, p?.date ? p.date.slice(0, 10) : null, p?.split ? `${p.split} split` : null].filter(Boolean);
  return run.length > 0 ? `${e.source}, ${run.join(", ")}` : e.source;
}

/**
 * A model's evaluation figures on the models page: each report's headline (measure at the set's setting, queries,
 * tokens kept, provenance) and, at the model's default threshold, recall and tokens; a model without any gets a button
 * to evaluate it on a gold dataset as a background job (model:run roles).
 */
export function ModelEvaluation({
  name,
  threshold,
  evaluation,
  canRun,
  datasets,
}: {
  name: string;
  threshold: number;
  evaluation: EvalFigures[];
  canRun: boolean;
  datasets: readonly { id: string; name: string; goldPairs: number }[];
}) {
  if (evaluation.length === 0) {
    return (
      <span className="flex flex-wrap items-center gap-2" data-testid="model-evaluation-none">
        <span>no evaluation report found.</span>
        {canRun ? <ModelEvalButton model={name} datasets={datasets} /> : <span className="text-slate-500">A researcher can run one here.</span>}
      </span>
    );
  }
  return (
    <span className="block" data-testid="model-evaluation">
      {evaluation.map((e) => (
        <span key={e.source} className="block" data-testid="model-evaluation-row" data-dataset={e.dataset}>
          {figureLabel(e)}: {fmt(e.value)}
          {e.queries !== null ? ` over ${e.queries} queries` : ""}
          {e.tokensPerQuery !== null ? `, ${e.tokensPerQuery} tokens/query` : ""}
          {e.atDefaultThreshold
            ? `; at threshold ${threshold}: recall ${fmt(e.atDefaultThreshold.evidenceRecall)}, ${e.atDefaultThreshold.tokensPerQuery} tokens/query`
            : ""}{" "}
          <span className="text-slate-500">({provenanceText(e)})</span>
        </span>
      ))}
    </span>
  );
}
