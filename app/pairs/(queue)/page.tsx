import type { Metadata } from "next";
import Link from "next/link";
import { ZodError } from "zod";
import { QueueFilters } from "@/components/queue/queue-filters";
import { QueueTable, type QueueRow } from "@/components/queue/queue-table";
import { ScoreUnscoredButton } from "@/components/queue/score-unscored-button";
import { canReachGold, hasPermission } from "@/lib/auth/policy";
import { requireUser } from "@/lib/server/auth/require-user";
import { computePairScores } from "@/lib/server/db/annotations/compute-pair-scores";
import { listBlindPairIds } from "@/lib/server/db/annotations/list-blind-pair-ids";
import { listPairs } from "@/lib/server/db/annotations/list-pairs";
import { listQueueAnnotators } from "@/lib/server/db/annotations/list-queue-annotators";
import { parseQueueSearchParams, queueFilterQuery, withQuery, type PairListPage } from "@/lib/schemas/queue";
import { listQueueFilterOptions } from "@/lib/server/db/annotations/queue-filter-options";
import { buttonClass } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { Notice } from "@/components/ui/notice";

export const metadata: Metadata = { title: "Queue · Snippet Lab" };
export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function QueuePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const filters = queueFilterQuery(sp);
  const user = await requireUser({ permission: "pair:read", next: withQuery("/pairs", filters) });
  const options = await listQueueFilterOptions();

  let search: ReturnType<typeof parseQueueSearchParams> | null = null;
  let invalid: string | null = null;
  try {
    search = parseQueueSearchParams(sp, { userId: user.id });
  } catch (e) {
    if (!(e instanceof ZodError)) throw e;
    invalid = e.issues.map((i) => `${i.path.join(".") || "(params)"}: ${i.message}`).join("; ");
  }

  // Blind annotation (lib/auth/policy.ts): who cannot otherwise reach the gold gets no gold-derived column or order of
  // the pairs they are blind to, and no model score where the dataset hides predictions.
  const blindViewerId = canReachGold(user.role) ? undefined : user.id;
  let page: PairListPage = { items: [], nextCursor: null };
  if (search) {
    const { todo: _todo, ...input } = search;
    page = await listPairs({ ...input, ...(blindViewerId ? { blindViewerId } : {}) });
  }
  const ids = page.items.map((i) => i.id);
  const annotators = await listQueueAnnotators({ pairIds: ids });
  // The updatedAt sort has no score of its own: show the model's uncertainty for the page so the column still helps.
  const sort = search?.sort ?? "updatedAt";
  const shown =
    sort === "updatedAt" ? await computePairScores({ pairIds: ids, kind: "uncertainty" }) : new Map(page.items.map((i) => [i.id, i.score]));
  if (sort === "updatedAt" && blindViewerId) {
    for (const id of await listBlindPairIds({ pairIds: ids, viewerId: blindViewerId, hidden: "predictions" })) shown.delete(id);
  }

  const rows: QueueRow[] = page.items.map((i) => ({
    id: i.id,
    query: i.query,
    dataset: i.dataset,
    status: i.status,
    goldNoVital: i.goldNoVital,
    documentCount: i.documentCount,
    annotators: annotators.get(i.id) ?? [],
    score: shown.get(i.id) ?? null,
    updatedAt: i.updatedAt.toISOString(),
    href: withQuery(`/pairs/${encodeURIComponent(i.id)}`, filters, `cursor=${encodeURIComponent(i.cursor)}`),
  }));
  const nextHref = withQuery("/pairs/next", filters, sp.todo ? null : "todo=1");
  const pageCursor = first(sp.cursor);

  return (
    <div className="space-y-4">
      <PageHeader
        title="Queue"
        description="Pairs to annotate and review. Filters and order live in the URL; press n for the next pair that needs your work (not accepted, and not yet submitted by you)."
        actions={
          <Link href={nextHref} className={buttonClass({ size: "sm" })} data-testid="queue-next">
            Next pair to work on (n)
          </Link>
        }
      />

      {first(sp.done) === "1" && (
        <Notice tone="success" role="status" testId="queue-done">
          No more pairs in this queue. Change the filters or come back later.
        </Notice>
      )}
      {invalid && (
        <Notice tone="error" role="alert" testId="queue-invalid">
          Invalid filter: {invalid}.{" "}
          <Link href="/pairs" className="font-medium underline">
            Reset the filters
          </Link>
        </Notice>
      )}

      <QueueFilters
        values={{
          datasetId: search?.datasetId,
          status: first(sp.status),
          annotatorId: search?.annotatorId,
          category: search?.category,
          sort,
          direction: search?.direction ?? "desc",
          todo: search?.todo ?? false,
        }}
        datasets={options.datasets}
        annotators={options.annotators}
      />

      {hasPermission(user.role, "model:run") && <ScoreUnscoredButton datasetId={search?.datasetId} />}

      <QueueTable
        key={`${filters}|${pageCursor ?? ""}`}
        rows={rows}
        nextHref={nextHref}
        scoreLabel={sort === "disagreement" ? "Model–gold disagreement" : "Model uncertainty"}
      />

      <nav className="flex items-center gap-4 text-sm" aria-label="Pages">
        {pageCursor && (
          <Link href={withQuery("/pairs", filters)} className="text-blue-700 hover:underline" data-testid="queue-first-page">
            ← First page
          </Link>
        )}
        {page.nextCursor && (
          <Link
            href={withQuery("/pairs", filters, `cursor=${encodeURIComponent(page.nextCursor)}`)}
            className="text-blue-700 hover:underline"
            data-testid="queue-next-page"
          >
            Next page →
          </Link>
        )}
      </nav>
    </div>
  );
}
