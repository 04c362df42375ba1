import type { Metadata } from "next";
import { FrontierView } from "@/components/research/frontier-view";
import { GoldDatasetPicker } from "@/components/research/gold-dataset-picker";
import { hasPermission } from "@/lib/auth/policy";
import { methodOptions } from "@/lib/engine/methods";
import { requireUser } from "@/lib/server/auth/require-user";
import { listDatasets } from "@/lib/server/db/datasets/list-datasets";
import { readJobs } from "@/lib/server/jobs/jobs-api";
import { isJudgeConfigured } from "@/lib/server/judge/judge-config";
import { listModels } from "@/lib/server/model/list-models";
import { readFrontier } from "@/lib/server/research/read-frontier";
import { PageHeader } from "@/components/ui/page-header";
import { Notice } from "@/components/ui/notice";

export const metadata: Metadata = { title: "Frontier · Research · Snippet Lab" };
export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * The threshold and budget frontier of a dataset with gold (adjudicated spans, or evidence imported as gold). Opens on
 * the asked dataset, else the first with gold pairs. research:read roles may view; model:run roles run sweeps.
 */
export default async function FrontierPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const asked = first(sp.datasetId);
  const user = await requireUser({
    permission: "research:read",
    next: `/research/frontier${asked ? `?datasetId=${encodeURIComponent(asked)}` : ""}`,
  });
  const [datasets, models] = await Promise.all([listDatasets(), listModels()]);
  const dataset = datasets.find((d) => d.id === asked) ?? datasets.find((d) => d.goldPairs > 0) ?? datasets[0];
  const canRun = hasPermission(user.role, "model:run");
  const frontier = dataset ? await readFrontier({ datasetId: dataset.id }) : null;
  // The latest sweep: running, failed, cancelled, or the finished one whose result is shown. The view remounts when a
  // sweep finishes (its key is the shown result's job), so a finished sweep must still come with its state.
  const [latest] = dataset ? await readJobs({ kind: "frontier-sweep", scope: `dataset:${dataset.id}`, limit: 1 }) : [];
  const latestJob = latest ?? null;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Threshold and budget frontier"
        description={
          <>
            Mean downstream tokens per query against the share of gold evidence kept (a gold span counts when ≥ 90 % of its characters are in the
            snippet), per method, from the same code as <code>snippet-lab eval</code>. Click a point for the pairs behind it.
          </>
        }
      />

      <GoldDatasetPicker action="/research/frontier" datasetId={dataset?.id} datasets={datasets} testId="frontier-dataset" />

      {!dataset && (
        <Notice testId="frontier-no-datasets">
          No datasets yet: create one at Datasets, import pairs with evidence or adjudicate gold, then come back.
        </Notice>
      )}
      {dataset && dataset.pairs === 0 && <Notice testId="frontier-empty-dataset">{dataset.name} has no pairs yet.</Notice>}
      {dataset && dataset.pairs > 0 && dataset.goldPairs === 0 && (
        <Notice tone="warn" testId="frontier-no-gold">
          {dataset.name} has no gold yet: a frontier measures what each setting keeps of the gold evidence. Adjudicate some pairs (review), or import
          a file with its evidence as gold.
        </Notice>
      )}
      {dataset && frontier && dataset.goldPairs > 0 && (
        <FrontierView
          key={`${dataset.id}:${frontier.jobId ?? "none"}`}
          datasetId={dataset.id}
          datasetName={dataset.name}
          goldPairs={dataset.goldPairs}
          frontier={frontier}
          latestJob={latestJob}
          methodOptions={[...methodOptions(models, { llm: isJudgeConfigured() }), { value: "oracle", label: "Oracle (upper bound)" }]}
          canRun={canRun}
        />
      )}
    </div>
  );
}
