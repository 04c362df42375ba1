import type { Metadata } from "next";
import Link from "next/link";
import { JudgeEvalEmpty } from "@/components/research/judge-eval/judge-eval-empty";
import { JudgeEvalView } from "@/components/research/judge-eval/judge-eval-view";
import { GoldDatasetPicker } from "@/components/research/gold-dataset-picker";
import { isAppError } from "@/lib/errors";
import { type JudgeEvalReport, parseJudgeConfigKey } from "@/lib/schemas/judge";
import { requireUser } from "@/lib/server/auth/require-user";
import { listDatasets } from "@/lib/server/db/datasets/list-datasets";
import { computeJudgeEval } from "@/lib/server/research/judge-eval";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Judging the judge · Research · Snippet Lab" };
export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** `configs` as a comma list (links, the API's form) or repeated (the chooser's checkboxes), deduplicated. */
function askedConfigs(v: string | string[] | undefined): string[] {
  const all = (Array.isArray(v) ? v : v ? [v] : []).flatMap((s) => s.split(",")).map((s) => s.trim());
  return [...new Set(all.filter(Boolean))];
}

/**
 * Judging the judge: each LLM-judge configuration's span labels against the adjudicated gold of a dataset, per
 * category at span and token level, side by side (lib/server/research/judge-eval.ts, as GET /api/v1/research/judge and
 * `snippet-lab judge-eval`). Opens on the asked dataset, else the first with gold. research:read roles may view.
 */
export default async function JudgeEvalPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const asked = first(sp.datasetId);
  const configs = askedConfigs(sp.configs);
  const query = new URLSearchParams();
  if (asked) query.set("datasetId", asked);
  if (configs.length > 0) query.set("configs", configs.join(","));
  await requireUser({ permission: "research:read", next: `/research/judge${query.size ? `?${query}` : ""}` });

  const datasets = await listDatasets();
  const datasetId = asked ?? (datasets.find((d) => d.goldPairs > 0) ?? datasets[0])?.id;
  // Malformed keys are named and dropped here: passed on, they would leave nothing to compare.
  const valid = configs.filter((c) => parseJudgeConfigKey(c) !== null);
  const invalid = configs.filter((c) => parseJudgeConfigKey(c) === null);
  let report: JudgeEvalReport | null = null;
  let error: string | null = null;
  if (datasetId) {
    try {
      report = await computeJudgeEval({ datasetId, ...(valid.length > 0 ? { configs: valid } : {}) });
    } catch (e) {
      if (!isAppError(e)) throw e;
      error = e.code === "NOT_FOUND" ? `There is no dataset with id “${datasetId}”: pick one from the list.` : e.message;
    }
  }
  const pairs = datasets.find((d) => d.id === datasetId)?.pairs ?? 0;

  return (
    <div className="space-y-6" data-testid="judge-eval-page">
      <PageHeader
        title="Judging the judge"
        description="How well an LLM judge labels spans: each judge configuration (model, prompt version, variant) against the adjudicated gold, per category, span by span and token by token, side by side, with the pairs where judge and gold disagree most."
      />

      <GoldDatasetPicker action="/research/judge" datasetId={datasetId} datasets={datasets} testId="judge-eval-dataset" />

      {invalid.length > 0 && (
        <JudgeEvalEmpty reason="bad-configs" tone="warn">
          Ignored {invalid.map((c) => `“${c}”`).join(", ")}: a configuration is written “model|promptVersion|variant”, the variant two-stage or
          one-stage.
        </JudgeEvalEmpty>
      )}
      {!datasetId && (
        <JudgeEvalEmpty reason="no-datasets">
          No datasets yet: create one at <Link href="/datasets">Datasets</Link>, adjudicate gold on some pairs and run the judge over it, then come
          back.
        </JudgeEvalEmpty>
      )}
      {error && (
        <JudgeEvalEmpty reason="error" tone="error">
          {error}
        </JudgeEvalEmpty>
      )}
      {report && <ReportOrEmpty report={report} pairs={pairs} asked={valid} />}
    </div>
  );
}

/** The comparison, or why there is none yet: no gold to compare against, or no judgments on the gold pairs. */
function ReportOrEmpty({ report, pairs, asked }: { report: JudgeEvalReport; pairs: number; asked: readonly string[] }) {
  const datasetLink = (
    <Link href={`/datasets/${encodeURIComponent(report.datasetId)}`} className="underline">
      its dataset page
    </Link>
  );
  if (report.goldPairs === 0) {
    return (
      <JudgeEvalEmpty reason="no-gold" tone="warn">
        {report.datasetName} {pairs === 0 ? "has no pairs yet" : "has no adjudicated gold yet"}: the judge is measured against gold. Adjudicate some
        pairs (review), or import a file with its evidence as gold, from {datasetLink}.
      </JudgeEvalEmpty>
    );
  }
  if (report.available.length === 0) {
    return (
      <JudgeEvalEmpty reason="no-judgments" tone="warn">
        {report.datasetName} has {report.goldPairs.toLocaleString("en")} gold pair{report.goldPairs === 1 ? "" : "s"} but no judgments yet: run the
        judge over this dataset — {datasetLink},{" "}
        <code>npx snippet-lab judge --dataset {/\s/.test(report.datasetName) ? `"${report.datasetName}"` : report.datasetName}</code>, or{" "}
        <code>POST /api/v1/jobs</code> with kind <code>judge-run</code> — then come back.
      </JudgeEvalEmpty>
    );
  }
  return <JudgeEvalView report={report} asked={asked} />;
}
