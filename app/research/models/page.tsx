import type { Metadata } from "next";
import { Markdown } from "@/components/docs/markdown";
import { ModelEvaluation } from "@/components/research/model-evaluation";
import { type ModelPoint, ModelsChart } from "@/components/research/models-chart";
import { Badge } from "@/components/ui/badge";
import { Card, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableHead, Td, Th } from "@/components/ui/table";
import { hasPermission } from "@/lib/auth/policy";
import { chartFigures } from "@/lib/eval/report-figures";
import { requireUser } from "@/lib/server/auth/require-user";
import { listDatasets } from "@/lib/server/db/datasets/list-datasets";
import { describeModels } from "@/lib/server/model/describe-models";
import { readModelEvals } from "@/lib/server/research/read-model-evals";
import { PageHeader } from "@/components/ui/page-header";
import { Notice } from "@/components/ui/notice";

export const metadata: Metadata = { title: "Models · Research · Snippet Lab" };
export const dynamic = "force-dynamic";

const fmt = (v: number | null | undefined, digits = 3) => (v === null || v === undefined ? "—" : v.toFixed(digits));
const mb = (bytes: number | null) => (bytes === null ? "—" : `${(bytes / 1024 / 1024).toFixed(1)} MB`);
const params = (n: number | null) => (n === null ? "—" : n >= 1e6 ? `${(n / 1e6).toFixed(2)} M` : `${Math.round(n / 1e3)} k`);

/**
 * Every model in models/ — the ones the compress API, the CLI and the inspector offer — with its architecture,
 * tokenizer, window, default threshold, training data, card, measured latency and evaluation figures, and a chart of
 * the teachers and students by latency and quality.
 */
export default async function ModelsPage() {
  const user = await requireUser({ permission: "research:read", next: "/research/models" });
  const described = await describeModels();
  // The shipped reports' figures, then each model's latest evaluation run from this page (a model-eval job).
  const [appEvals, datasets] = await Promise.all([readModelEvals({ models: described }), listDatasets()]);
  const models = described.map((m) => {
    const own = appEvals.get(m.name);
    return own ? { ...m, evaluation: [...m.evaluation, own] } : m;
  });
  const canRun = hasPermission(user.role, "model:run");
  // Every model: the chart places those with a latency and a figure at the chosen measure, the CSV has them all.
  const points: ModelPoint[] = models.map((m) => ({
    name: m.name,
    teacher: m.training.teacher,
    p50: m.bench?.batch1.p50Ms ?? null,
    p99: m.bench?.batch1.p99Ms ?? null,
    quality: {
      ...chartFigures(m.evaluation),
      ...(m.training.devF1 !== null ? { "Token F1 on the training dev windows": m.training.devF1 } : {}),
    },
  }));

  return (
    <div className="space-y-6">
      <PageHeader
        title="Models"
        description={
          <>
            The models in the models folder: the compress API (<code>model: &quot;model:&lt;name&gt;&quot;</code>), <code>snippet-lab compress</code> and
            the inspector offer exactly these. Latency from <code>npx snippet-lab bench --model NAME --json models/NAME/bench.json</code>; evaluation
            from <code>snippet-lab eval --json</code> reports.
          </>
        }
      />
      {models.length === 0 && (
        <Notice tone="warn" testId="models-none">
          No model is installed: compression falls back to bm25 and lead. See the README for training or installing one.
        </Notice>
      )}
      {points.length > 0 && <ModelsChart models={points} />}
      {models.length > 0 && (
        <Table data-testid="models-table">
          <TableHead>
            <Th>Model</Th>
            <Th align="right">Layers / width / heads / FFN</Th>
            <Th align="right">Parameters</Th>
            <Th>Tokenizer</Th>
            <Th align="right">Window</Th>
            <Th align="right">Threshold</Th>
            <Th align="right">p50 / p99 (batch 1)</Th>
            <Th align="right">Windows/s</Th>
          </TableHead>
          <TableBody>
            {models.map((m) => (
              <tr key={m.name} data-testid="model-row" data-model={m.name}>
                <Td>
                  <a href={`#model-${m.name}`} className="font-medium text-blue-800 hover:underline">
                    {m.name}
                  </a>{" "}
                  {m.default && <Badge tone="green">default</Badge>} {m.training.teacher && <Badge tone="slate">student of {m.training.teacher}</Badge>}
                </Td>
                <Td align="right">
                  {[m.architecture.layers, m.architecture.width, m.architecture.heads, m.architecture.ffn].map((v) => v ?? "—").join(" / ")}
                </Td>
                <Td align="right">{params(m.parameters)}</Td>
                <Td className="text-xs">
                  {m.tokenizer.type}, {m.tokenizer.vocabSize?.toLocaleString("en") ?? "?"} words{m.tokenizer.lowercase ? ", lowercased" : ""}
                </Td>
                <Td align="right">
                  {m.window} ({m.overlap} overlap)
                </Td>
                <Td align="right">{m.threshold}</Td>
                <Td align="right" data-testid="model-latency">
                  {m.bench ? `${m.bench.batch1.p50Ms} / ${m.bench.batch1.p99Ms} ms` : "not measured"}
                </Td>
                <Td align="right">{m.bench?.windowsPerSec ?? "—"}</Td>
              </tr>
            ))}
          </TableBody>
        </Table>
      )}
      {models.map((m) => (
        <Card key={m.name} id={`model-${m.name}`} className="space-y-3" data-testid="model-card">
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle className="mr-auto text-base">
              {m.name} <span className="font-normal text-slate-500">({m.method})</span>
            </CardTitle>
            {m.categoryHead && <Badge tone="indigo">category head</Badge>}
            <Badge tone="slate">{mb(m.modelBytes)}</Badge>
          </div>
          <p className="text-sm text-slate-700">{m.description}</p>
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
            <dt className="text-slate-500">Architecture</dt>
            <dd>
              {m.architecture.layers ?? "?"} layers, width {m.architecture.width ?? "?"}, {m.architecture.heads ?? "?"} heads, FFN {m.architecture.ffn ?? "?"}
              {m.architecture.quantization ? ` · ${m.architecture.quantization}` : ""} · ≈ {params(m.parameters)} parameters
            </dd>
            <dt className="text-slate-500">Tokenizer and inputs</dt>
            <dd>
              {m.tokenizer.type} ({m.tokenizer.vocabSize?.toLocaleString("en") ?? "?"} entries{m.tokenizer.stripAccents ? ", accents stripped" : ""}{m.tokenizer.spelledWordsAsUnknown ? ", letter-only words as [UNK]" : ""}) ·{" "}
              {m.tokenizer.inputs} · window {m.window}, overlap {m.overlap}, query ≤ {m.maxQueryTokens} tokens
            </dd>
            <dt className="text-slate-500">Selection defaults</dt>
            <dd>
              threshold {m.threshold}
              {m.fallbackFloor !== null ? `, fallback floor ${m.fallbackFloor}` : ""}
              {m.floor !== null ? `, floor ${m.floor}` : ""}, {m.aggregation} aggregation
              {m.calibration ? ` · calibrated: ${m.calibration}` : ""}
            </dd>
            <dt className="text-slate-500">Training</dt>
            <dd>
              {m.training.data ?? "—"}
              {m.training.steps !== null ? ` · ${m.training.steps.toLocaleString("en")} steps` : ""}
              {m.training.minutes !== null ? `, ${m.training.minutes} min` : ""}
              {m.training.devF1 !== null ? ` · dev token F1 ${fmt(m.training.devF1)}` : ""}
            </dd>
            <dt className="text-slate-500">Latency</dt>
            <dd>
              {m.bench
                ? `batch 1: p50 ${m.bench.batch1.p50Ms} ms, p99 ${m.bench.batch1.p99Ms} ms · batch 8: p50 ${m.bench.batch8.p50Ms} ms, p99 ${m.bench.batch8.p99Ms} ms${m.bench.windowsPerSec ? ` · ${m.bench.windowsPerSec} windows/s` : ""} (${m.bench.source})`
                : `not measured: npx snippet-lab bench --model ${m.name} --json models/${m.name}/bench.json`}
            </dd>
            <dt className="text-slate-500">Evaluation</dt>
            <dd>
              <ModelEvaluation name={m.name} threshold={m.threshold} evaluation={m.evaluation} canRun={canRun} datasets={datasets} />
            </dd>
            {m.license && (
              <>
                <dt className="text-slate-500">Licence</dt>
                <dd>{m.license}</dd>
              </>
            )}
          </dl>
          {m.card && (
            <details className="rounded-md border border-slate-200 p-3" data-testid="model-card-text">
              <summary className="cursor-pointer text-sm font-medium text-slate-800">Model card</summary>
              <div className="prose-sm mt-2 max-w-none">
                <Markdown source={m.card} />
              </div>
            </details>
          )}
        </Card>
      ))}
    </div>
  );
}
