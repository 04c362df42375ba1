import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { AppError } from "../../lib/errors";
import type { JudgeEvalReport } from "../../lib/schemas/judge";
import { defineCommand } from "../define-command";

const usage = `snippet-lab judge-eval --dataset NAME [--configs LIST] [--json OUT] [--csv OUT] [--worst N]

Judging the judge: every judge configuration (model, prompt version, one- or two-stage) with judgments on the
dataset's adjudicated gold pairs, against the gold, side by side — span-level (a judge span matches a gold span of
the same document and category with character IoU ≥ 0.5, one to one) and token-level (word tokens; a token carries
every category whose spans overlap it) precision, recall and F1 per category and over all categories, with the pairs
where judge and gold disagree most. The same numbers as /research/judge. Judge the dataset first
(snippet-lab judge --dataset NAME [--one-stage] [--model M]).

  --dataset NAME   the dataset (its adjudicated gold is the reference)
  --configs LIST   comma-separated "model|promptVersion|variant" (default: every configuration found)
  --json OUT       write the report as JSON
  --csv OUT        write the per-category figures as CSV
  --worst N        pairs listed per configuration (default 10)`;

const pct = (x: number | null) => (x === null ? "   —  " : `${(x * 100).toFixed(1).padStart(5)}%`);

/** The side-by-side table: per category, span and token F1 (with P/R) per configuration. */
export function formatJudgeEval(r: JudgeEvalReport, worst = 10): string {
  const lines = [`Judge vs gold on ${r.datasetName}: ${r.goldPairs} gold pair(s), ${r.configs.length} configuration(s)`];
  if (r.configs.length === 0) lines.push("  No judgments on the gold pairs yet: run snippet-lab judge --dataset NAME first.");
  for (const c of r.configs) {
    lines.push("", `${c.model} · ${c.variant} · prompt ${c.promptVersion} (${c.pairs} pair(s))`);
    lines.push(
      `  ${"category".padEnd(14)} ${"span P".padStart(7)} ${"span R".padStart(7)} ${"span F1".padStart(7)}   ${"tok P".padStart(7)} ${"tok R".padStart(7)} ${"tok F1".padStart(7)}`,
    );
    for (const cat of ["vital", "off_topic", "ads", "metadata", "ui_navigation", "duplicate", "all"] as const) {
      const s = c.span[cat];
      const t = c.token[cat];
      lines.push(`  ${cat.padEnd(14)} ${pct(s.precision)} ${pct(s.recall)} ${pct(s.f1)}   ${pct(t.precision)} ${pct(t.recall)} ${pct(t.f1)}`);
    }
    const w = c.worstPairs.slice(0, worst);
    if (w.length > 0) {
      lines.push("  most disagreement (token F1, pair, query):");
      for (const p of w) lines.push(`    ${pct(p.tokenF1)}  ${p.pairId}  ${JSON.stringify(p.query.slice(0, 60))}  (/pairs/${p.pairId})`);
    }
  }
  return lines.join("\n");
}

export const command = defineCommand({
  name: "judge-eval",
  summary: "judge the judge: span- and token-level P/R/F1 per category of judge configurations against the gold",
  usage,
  options: {
    dataset: { type: "string" },
    configs: { type: "string" },
    json: { type: "string" },
    csv: { type: "string" },
    worst: { type: "number", integer: true, min: 0, default: 10 },
  },
  async run({ values }) {
    if (!values.dataset) throw new AppError("BAD_REQUEST", "--dataset is required");
    const { worst } = values;
    const configs = values.configs
      ?.split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const { parseJudgeConfigKey } = await import("../../lib/schemas/judge");
    for (const c of configs ?? []) if (!parseJudgeConfigKey(c)) throw new AppError("BAD_REQUEST", `"${c}" is not model|promptVersion|variant`);
    const { disconnectDb } = await import("../../lib/server/db/client");
    const { findDatasetId } = await import("../../lib/server/db/datasets/find-dataset-id");
    const { computeJudgeEval } = await import("../../lib/server/research/judge-eval");
    try {
      const report = await computeJudgeEval({
        datasetId: await findDatasetId({ name: values.dataset }),
        ...(configs ? { configs } : {}),
        worst: Math.max(worst, 20),
      });
      // The files first: a closed stdout (`| head`) never costs them.
      for (const [file, body] of [
        [values.json, () => `${JSON.stringify(report, null, 2)}\n`],
        [values.csv, async () => (await import("../../lib/eval/research-csv")).judgeEvalToCsv(report.configs)],
      ] as const) {
        if (!file) continue;
        await mkdir(path.dirname(path.resolve(file)), { recursive: true });
        await writeFile(file, await body());
        console.error(`Wrote ${file}`);
      }
      console.log(formatJudgeEval(report, worst));
      return 0;
    } finally {
      await disconnectDb();
    }
  },
});
