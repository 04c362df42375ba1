import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CreatePairForm } from "@/components/datasets/create-pair-form";
import { DatasetSettingsForm } from "@/components/datasets/dataset-settings-form";
import { DeleteDatasetForm } from "@/components/datasets/delete-dataset-form";
import { SETTING_TEXT } from "@/components/datasets/dataset-settings-text";
import { ImportForm } from "@/components/datasets/import-form";
import { JudgeRunsPanel } from "@/components/datasets/judge-runs/judge-runs-panel";
import { canChangeDataset, hasPermission } from "@/lib/auth/policy";
import { isAppError } from "@/lib/errors";
import { EXPORT_FORMATS, type ExportFormat } from "@/lib/schemas/datasets";
import { requireUser } from "@/lib/server/auth/require-user";
import { getDataset, type DatasetDetail } from "@/lib/server/db/datasets/get-dataset";
import { listJudgeConfigs } from "@/lib/server/db/judge/list-judge-configs";
import { isJudgeConfigured } from "@/lib/server/judge/judge-config";
import { hideBlindJudgeQuotes } from "@/lib/server/judge/hide-blind-judge-quotes";
import { readJudgeRuns } from "@/lib/server/judge/judge-runs-api";
import { judgeConfigKeyString } from "@/lib/schemas/judge";
import { PAIR_STATUSES } from "@/lib/schemas/enums";
import { Card } from "@/components/ui/card";
import { PageHeader, TrailLink } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Dataset · Snippet Lab" };
export const dynamic = "force-dynamic";

const EXPORT_LABELS: Record<ExportFormat, { label: string; hint: string }> = {
  "gold-jsonl": { label: "Gold JSONL", hint: "gold spans + token keep labels, for training" },
  "label-studio": { label: "Label Studio JSON", hint: "gold as ground truth, model/judge as predictions" },
  prodigy: { label: "Prodigy JSONL", hint: "gold spans with token indices" },
  "judge-jsonl": { label: "Judge token labels", hint: "an LLM judge's spans and one category per token, in the gold JSONL format" },
};

export default async function DatasetPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireUser({ permission: "pair:read", next: `/datasets/${id}` });
  let dataset: DatasetDetail;
  try {
    dataset = await getDataset({ id });
  } catch (e) {
    if (isAppError(e) && e.code === "NOT_FOUND") notFound();
    throw e;
  }
  const base = `/api/v1/datasets/${encodeURIComponent(dataset.id)}`;
  const [judgeConfigs, judgeRuns] = await Promise.all([
    hasPermission(user.role, "export:read") ? listJudgeConfigs({ datasetId: dataset.id }) : [],
    readJudgeRuns({ datasetId: dataset.id }).then((runs) => hideBlindJudgeQuotes({ runs, viewer: user })),
  ]);
  return (
    <div className="space-y-6" data-testid="dataset-detail" data-dataset-id={dataset.id} data-dataset-name={dataset.name}>
      <PageHeader trail={<TrailLink href="/datasets">Datasets</TrailLink>} title={dataset.name} description={dataset.description} />

      <Card>
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 className="text-sm font-semibold text-slate-900">
            {dataset.pairs} pair(s), {dataset.documents} document(s), {dataset.goldPairs} with gold
          </h2>
          <Link
            href={`/pairs?datasetId=${encodeURIComponent(dataset.id)}`}
            className="text-sm font-medium text-blue-700 hover:underline"
            data-testid="dataset-queue-link"
          >
            Open the queue →
          </Link>
        </div>
        <dl className="mt-3 grid grid-cols-2 gap-2 text-sm sm:grid-cols-5" data-testid="dataset-status-counts">
          {PAIR_STATUSES.map((s) => (
            <div key={s} className="rounded-md bg-slate-50 px-3 py-2" data-testid="dataset-status-count" data-status={s}>
              <dt className="text-xs uppercase tracking-wide text-slate-500">{s.replace("_", " ")}</dt>
              <dd className="text-lg font-semibold tabular-nums">{dataset.byStatus[s]}</dd>
            </div>
          ))}
        </dl>
      </Card>

      <Card data-testid="dataset-settings">
        <h2 className="mb-3 text-sm font-semibold text-slate-900">Annotation settings</h2>
        {canChangeDataset({ user }) ? (
          <DatasetSettingsForm
            datasetId={dataset.id}
            initial={{ blindAnnotation: dataset.blindAnnotation, showPredictions: dataset.showPredictions }}
          />
        ) : (
          <dl className="space-y-1 text-sm">
            {(["blindAnnotation", "showPredictions"] as const).map((key) => (
              <div key={key} className="flex gap-2" data-testid={`dataset-setting-value-${key}`} title={SETTING_TEXT[key].hint}>
                <dt className="text-slate-600">{SETTING_TEXT[key].label}:</dt>
                <dd className="font-medium">{dataset[key] ? "on" : "off"}</dd>
              </div>
            ))}
          </dl>
        )}
      </Card>

      {hasPermission(user.role, "export:read") && (
        <Card>
          <h2 className="mb-3 text-sm font-semibold text-slate-900">Export</h2>
          <ul className="flex flex-wrap gap-4 text-sm">
            {EXPORT_FORMATS.filter((f) => f !== "judge-jsonl").map((f) => (
              <li key={f}>
                <a href={`${base}/export?format=${f}`} download className="font-medium text-blue-700 hover:underline" data-testid={`export-${f}`}>
                  {EXPORT_LABELS[f].label}
                </a>
                <span className="ml-1 text-xs text-slate-500">({EXPORT_LABELS[f].hint})</span>
              </li>
            ))}
          </ul>
          {judgeConfigs.length > 0 && (
            <div className="mt-3 text-sm" data-testid="export-judge-labels">
              <span className="font-medium text-slate-700">{EXPORT_LABELS["judge-jsonl"].label}</span>{" "}
              <span className="text-xs text-slate-500">({EXPORT_LABELS["judge-jsonl"].hint}; tokens no judge span covers count as off_topic):</span>
              <ul className="mt-1 flex flex-wrap gap-3">
                {judgeConfigs.map((c) => (
                  <li key={judgeConfigKeyString(c)}>
                    <a
                      href={`${base}/export?format=judge-jsonl&judge=${encodeURIComponent(judgeConfigKeyString(c))}`}
                      download
                      className="font-medium text-blue-700 hover:underline"
                      data-testid="export-judge-jsonl"
                    >
                      {c.model} · {c.variant} · {c.promptVersion}
                    </a>{" "}
                    <span className="text-xs text-slate-500">({c.pairs} pairs)</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </Card>
      )}

      {/* Starting runs needs model:run, like POST /api/v1/jobs; anyone who reads pairs sees them. */}
      <JudgeRunsPanel
        datasetId={dataset.id}
        initialRuns={judgeRuns}
        judgeConfigured={isJudgeConfigured()}
        canRun={hasPermission(user.role, "model:run")}
      />

      {canChangeDataset({ user }) && (
        <>
          <Card>
            <h2 className="mb-3 text-sm font-semibold text-slate-900">New pair</h2>
            <CreatePairForm datasetId={dataset.id} />
          </Card>
          <Card>
            <h2 className="mb-1 text-sm font-semibold text-slate-900">Import</h2>
            <p className="mb-3 text-xs text-slate-500">
              All or nothing: a file with any bad record imports nothing and lists every problem. Pairs already imported (same source id) are skipped.{" "}
              <Link href="/docs/data-formats" className="font-medium text-blue-700 hover:underline" data-testid="import-formats-link">
                The file formats
              </Link>
              .
            </p>
            <ImportForm datasetId={dataset.id} />
          </Card>
          <Card data-testid="dataset-delete">
            <h2 className="mb-3 text-sm font-semibold text-slate-900">Delete</h2>
            <DeleteDatasetForm datasetId={dataset.id} name={dataset.name} pairs={dataset.pairs} documents={dataset.documents} />
          </Card>
        </>
      )}
    </div>
  );
}
