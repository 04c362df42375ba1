import type { Metadata } from "next";
import { CategoryBreakdownView } from "@/components/research/category-breakdown-view";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { methodOptions, PRESET_NAMES, PRESETS } from "@/lib/engine/methods";
import { isAppError } from "@/lib/errors";
import { categoriesQuerySchema } from "@/lib/schemas/research";
import { requireUser } from "@/lib/server/auth/require-user";
import { listDatasets } from "@/lib/server/db/datasets/list-datasets";
import { listModels } from "@/lib/server/model/list-models";
import { computeCategoryBreakdown } from "@/lib/server/research/compute-category-breakdown";
import { startJob } from "@/lib/server/jobs/jobs-api";
import { PendingScoresNotice } from "@/components/jobs/pending-scores-notice";
import { hasPermission } from "@/lib/auth/policy";
import type { JobOut } from "@/lib/schemas/jobs";
import { PageHeader } from "@/components/ui/page-header";
import { Notice } from "@/components/ui/notice";

export const metadata: Metadata = { title: "Categories · Research · Snippet Lab" };
export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const FILTERS = ["datasetId", "domain", "from", "to", "method", "preset", "threshold"] as const;

/**
 * Where the tokens go, over a chosen set of pairs: the share of each category in the pages and in the snippets of a
 * method at a preset or threshold. Reviewers, researchers and admins may view (research:read; the figures come from the score cache and baselines).
 */
export default async function CategoriesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const asked = new URLSearchParams();
  for (const k of FILTERS) if (first(sp[k])) asked.set(k, first(sp[k])!);
  const user = await requireUser({ permission: "research:read", next: `/research/categories${asked.size ? `?${asked}` : ""}` });
  const [datasets, models] = await Promise.all([listDatasets(), listModels()]);
  const parsed = categoriesQuerySchema.safeParse(Object.fromEntries(asked));
  let error: string | null = parsed.success ? null : parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join("; ");
  let breakdown = null;
  let pendingJob: JobOut | null = null;
  if (parsed.success) {
    const { format: _format, ...filters } = parsed.data;
    try {
      // New pairs' sentence-encoder work is a background job, never this request: their figures come when it is done.
      breakdown = (await computeCategoryBreakdown({ filters, deferSimilarity: true })).breakdown;
      if (breakdown.pending)
        pendingJob = (
          await startJob({
            kind: "unit-scores",
            payload: { ...(filters.datasetId ? { datasetId: filters.datasetId } : {}), ...(filters.method ? { model: filters.method } : {}) },
            createdById: user.id,
          })
        ).job;
    } catch (e) {
      if (!isAppError(e)) throw e;
      error = e.message;
    }
  }
  const v = (k: (typeof FILTERS)[number]) => first(sp[k]) ?? "";
  const methods = methodOptions(models);

  return (
    <div className="space-y-6">
      <PageHeader
        title="Category breakdown"
        description="The share of tokens in each category in the uncompressed pages and in the compressed snippets, and how it changes: what compression keeps and what it drops."
      />

      <Card
        as="form"
        padding="sm"
        className="flex flex-wrap items-end gap-3"
        method="get"
        action="/research/categories"
        data-testid="categories-filters"
      >
        <label className="space-y-1 text-xs font-medium text-slate-700">
          <span className="block">Dataset</span>
          <Select size="bar" name="datasetId" defaultValue={v("datasetId")} data-testid="categories-dataset">
            <option value="">All datasets</option>
            {datasets.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name} ({d.pairs} pairs)
              </option>
            ))}
          </Select>
        </label>
        <label className="space-y-1 text-xs font-medium text-slate-700">
          <span className="block">Domain</span>
          <Input name="domain" defaultValue={v("domain")} placeholder="example.org" className="w-40 py-1.5" data-testid="categories-domain" />
        </label>
        <label className="space-y-1 text-xs font-medium text-slate-700">
          <span className="block">From</span>
          <Input type="date" name="from" defaultValue={v("from")} className="py-1.5" data-testid="categories-from" />
        </label>
        <label className="space-y-1 text-xs font-medium text-slate-700">
          <span className="block">To</span>
          <Input type="date" name="to" defaultValue={v("to")} className="py-1.5" data-testid="categories-to" />
        </label>
        <label className="space-y-1 text-xs font-medium text-slate-700">
          <span className="block">Method</span>
          <Select size="bar" name="method" defaultValue={v("method")} data-testid="categories-method">
            <option value="">Default model</option>
            {methods.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </Select>
        </label>
        <label className="space-y-1 text-xs font-medium text-slate-700">
          <span className="block">Preset</span>
          <Select size="bar" name="preset" defaultValue={v("preset")} data-testid="categories-preset">
            <option value="">medium (default)</option>
            {PRESET_NAMES.map((p) => (
              <option key={p} value={p}>
                {p} · {PRESETS[p].toLocaleString("en")} tokens
              </option>
            ))}
          </Select>
        </label>
        <label className="space-y-1 text-xs font-medium text-slate-700">
          <span className="block">or threshold (no budget)</span>
          <Input
            name="threshold"
            type="number"
            min={0}
            max={1}
            step={0.01}
            defaultValue={v("threshold")}
            className="w-24 py-1.5"
            data-testid="categories-threshold"
          />
        </label>
        <Button type="submit" size="sm" data-testid="categories-apply">
          Show
        </Button>
      </Card>

      {error && (
        <Notice tone="error" role="alert" testId="categories-error">
          {error}
        </Notice>
      )}
      {breakdown?.pending && pendingJob ? (
        <PendingScoresNotice job={pendingJob} pending={breakdown.pending} canControl={hasPermission(user.role, "model:run")} />
      ) : null}
      {breakdown && breakdown.pairs === 0 && !breakdown.pending && (
        <Notice testId="categories-no-pairs">
          No pairs match these filters
          {breakdown.unscored > 0
            ? `: ${breakdown.unscored} pair(s) have no cached scores of ${breakdown.method} yet (score them from the queue, or pick bm25 or lead)`
            : ""}
          .
        </Notice>
      )}
      {breakdown && breakdown.pairs > 0 && (
        <>
          <p className="text-sm text-slate-700" data-testid="categories-summary">
            {breakdown.pairs.toLocaleString("en")} pair(s), snippets by {breakdown.method} at{" "}
            {breakdown.setting.kind === "preset"
              ? `the ${breakdown.setting.preset} preset (${breakdown.setting.budget.toLocaleString("en")} tokens, threshold ${breakdown.setting.threshold})`
              : `threshold ${breakdown.setting.threshold} without a budget`}
            {breakdown.unscored > 0 && ` · ${breakdown.unscored} pair(s) without cached scores left out`}.
          </p>
          <CategoryBreakdownView
            breakdown={breakdown}
            pairsQuery={asked.toString()}
            datasetName={datasets.find((d) => d.id === breakdown.filters.datasetId)?.name ?? null}
          />
        </>
      )}
    </div>
  );
}
