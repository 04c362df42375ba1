// A model's figures in an evaluation report, whichever of the two shapes the project writes: `snippet-lab eval --json`
// (`{ dataset, queries, results: EvalRow[] }`) and `snippet-lab eval-all` (one file per dev set: `{ provenance, set,
// queries, measure, setting, rows }`, docs/results/report). The models page and its chart read both.

/** The run a figure comes from (eval-all's provenance). */
export type ReportProvenance = { commit: string | null; date: string | null; command: string | null; split: string | null };

export type ReportFigures = {
  /** The dev set or dataset evaluated. */
  dataset: string;
  queries: number | null;
  /** The report's headline measure (eval-all: `measure`; eval: evidence recall) and the setting it is read at. */
  measure: string;
  setting: string;
  /** The headline figure: the measure at the setting; null when the row lacks it. */
  value: number | null;
  /** Mean downstream tokens kept per query at that setting. */
  tokensPerQuery: number | null;
  /** Evidence recall at 20 % of each query's tokens, when the report has ratio 0.2. */
  recallAt20?: number;
  /** At the model's default threshold (no budget), when the report has it. */
  atDefaultThreshold?: { evidenceRecall: number; compressionRatio: number; tokensPerQuery: number };
  provenance: ReportProvenance | null;
};

type Row = Record<string, unknown>;
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v : null);
const obj = (v: unknown): Row => (v && typeof v === "object" && !Array.isArray(v) ? (v as Row) : {});

/** "ratio 0.2", "budget 200", "threshold 0.22" — the setting a row was measured at. */
export function describeRowSetting(row: Row): string {
  if (num(row.ratio) !== null) return `ratio ${num(row.ratio)}`;
  if (num(row.budget) !== null) return `budget ${num(row.budget)}`;
  if (num(row.threshold) !== null) return `threshold ${num(row.threshold)}`;
  return "—";
}

/** A report's figures of one method (`model:<name>`), or null when the report has no row of it. */
export function reportFigures({
  report,
  method,
  threshold,
  fallbackName,
}: {
  report: unknown;
  method: string;
  threshold: number;
  fallbackName: string;
}): ReportFigures | null {
  const r = obj(report);
  const list = Array.isArray(r.rows) ? r.rows : Array.isArray(r.results) ? r.results : null;
  if (!list) return null;
  const rows = list.map(obj).filter((x) => x.method === method);
  if (rows.length === 0) return null;
  // eval-all's unanswerable set headlines how often nothing was kept (evaluate-dev-set.ts).
  const measure = r.set === "unanswerable" ? "keptNothing" : (str(r.measure) ?? "evidenceRecall");
  const headlineRow = rows.find((x) => x.ratio === 0.2) ?? rows[0]!;
  const p = r.provenance === undefined ? null : obj(r.provenance);
  const out: ReportFigures = {
    dataset: str(r.set) ?? str(r.dataset) ?? fallbackName,
    queries: num(r.queries),
    measure,
    setting: describeRowSetting(headlineRow),
    value: num(headlineRow.headline) ?? num(headlineRow[measure]),
    tokensPerQuery: num(headlineRow.tokensPerQuery),
    provenance: p && { commit: str(p.commit), date: str(p.date), command: str(p.command), split: str(p.split) },
  };
  const at20 = rows.find((x) => x.ratio === 0.2);
  if (at20 && num(at20.evidenceRecall) !== null) out.recallAt20 = num(at20.evidenceRecall)!;
  const atT = rows.find((x) => x.threshold === threshold && x.budget === undefined && x.ratio === undefined);
  if (atT && num(atT.evidenceRecall) !== null) {
    out.atDefaultThreshold = {
      evidenceRecall: num(atT.evidenceRecall)!,
      compressionRatio: num(atT.compressionRatio) ?? 0,
      tokensPerQuery: num(atT.tokensPerQuery) ?? 0,
    };
  }
  return out;
}

const MEASURE_LABELS: Record<string, string> = {
  evidenceRecall: "Evidence recall",
  answerKept: "Answer kept",
  allEvidenceKept: "All evidence kept",
  evidenceCharRecall: "Evidence character recall",
  pages: "Article precision",
  keptNothing: "Kept nothing",
};

/** The chart's and CSV's name of a figure: "Evidence recall at ratio 0.2 (squad-en)". */
export function figureLabel(f: Pick<ReportFigures, "measure" | "setting" | "dataset">): string {
  return `${MEASURE_LABELS[f.measure] ?? f.measure} at ${f.setting} (${f.dataset})`;
}

/**
 * A model's figures for the models chart and its CSV, one per label: a split other than the report's is named in the
 * label ("…, val split"), so validation figures are never plotted as report figures; and where several reports of
 * one split have the same figure (a later full run beside an earlier run of a few sets), the newest run's is kept.
 * Before, the last report read won, whichever its split or date.
 */
export function chartFigures(
  evaluation: readonly Pick<ReportFigures, "measure" | "setting" | "dataset" | "value" | "provenance">[],
): Record<string, number> {
  const out = new Map<string, { value: number; date: string }>();
  for (const e of evaluation) {
    if (e.value === null) continue;
    const split = e.provenance?.split;
    const label = split && split !== "report" ? `${figureLabel(e)}, ${split} split` : figureLabel(e);
    // ISO dates order as strings; a report without one counts as the oldest.
    const date = e.provenance?.date ?? "";
    const seen = out.get(label);
    if (!seen || date > seen.date) out.set(label, { value: e.value, date });
  }
  return Object.fromEntries([...out].map(([label, { value }]) => [label, value]));
}

/**
 * A model's figures from an app evaluation (a model-eval or sweep job's result: the report rows of a dataset's gold
 * pairs), headlined at the medium preset's budget, as the shipped report's figures are at their set's setting.
 */
export function sweepFigures({
  result,
  method,
  threshold,
  jobId,
}: {
  result: { datasetName: string; pairs: number; presets: Record<string, number>; rows: readonly object[]; finishedAt: string };
  method: string;
  threshold: number;
  jobId: string;
}): ReportFigures | null {
  const medium = result.presets.medium;
  const rows = [...result.rows].sort((a, b) => Number(obj(b).budget === medium) - Number(obj(a).budget === medium));
  const f = reportFigures({
    report: { set: `${result.datasetName} (gold)`, queries: result.pairs, rows },
    method,
    threshold,
    fallbackName: result.datasetName,
  });
  return f && { ...f, provenance: { commit: null, date: result.finishedAt, command: `model-eval job ${jobId}`, split: null } };
}
