import type { Metadata } from "next";
import Link from "next/link";
import { AgreementTable } from "@/components/agreement/agreement-table";
import { hasPermission } from "@/lib/auth/policy";
import { CATEGORY_META, SPAN_CATEGORIES } from "@/lib/spans/categories";
import { requireUser } from "@/lib/server/auth/require-user";
import { computeDatasetAgreement } from "@/lib/server/db/agreement/compute-dataset-agreement";
import { listAnnotatedDatasetIds } from "@/lib/server/db/agreement/list-annotated-datasets";
import { agreementQuerySchema } from "@/lib/schemas/agreement";
import { listQueueFilterOptions } from "@/lib/server/db/annotations/queue-filter-options";
import { Table, TableHead, TableBody, Th, Td } from "@/components/ui/table";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select } from "@/components/ui/select";
import { PageHeader } from "@/components/ui/page-header";
import { Notice } from "@/components/ui/notice";

export const metadata: Metadata = { title: "Agreement · Snippet Lab" };
export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const f = (v: number | null) => (v === null ? "—" : v.toFixed(3));

/**
 * Inter-annotator agreement per dataset. Open to every signed-in role (pair:read): the figures hold no span content
 * and help annotators see where labels diverge; the review links are shown to reviewers only.
 */
export default async function AgreementPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const asked = new URLSearchParams();
  for (const k of ["datasetId", "metric", "category"]) if (first(sp[k])) asked.set(k, first(sp[k])!);
  const user = await requireUser({ permission: "pair:read", next: `/agreement${asked.size ? `?${asked}` : ""}` });
  const [{ datasets }, annotated] = await Promise.all([listQueueFilterOptions(), listAnnotatedDatasetIds()]);
  // Without a choice: the first dataset with annotations to compare (by name), else the first with pairs.
  const withAnnotations = new Set(annotated);
  const fallback = datasets.find((d) => withAnnotations.has(d.id)) ?? datasets.find((d) => d.pairCount > 0) ?? datasets[0];
  const noneAnnotated = annotated.length === 0;
  const parsed = agreementQuerySchema.safeParse({
    datasetId: first(sp.datasetId) || fallback?.id,
    metric: first(sp.metric) || undefined,
    category: first(sp.category) || undefined,
  });
  const known = parsed.success && datasets.some((d) => d.id === parsed.data.datasetId);
  const agreement =
    parsed.success && known ? await computeDatasetAgreement({ datasetId: parsed.data.datasetId, rankBy: parsed.data, viewer: user }) : null;
  const canReview = hasPermission(user.role, "pair:review");

  return (
    <div className="space-y-6">
      <PageHeader
        title="Agreement"
        description={
          <>
            How closely annotators agree, per category: character-level F1 and token-level Cohen’s κ (word tokens), over submitted and reviewed
            annotations of pairs that at least two people labelled. Only blind annotations count: made on a blind-annotation dataset by an annotator
            who had not seen the pair&apos;s gold or anyone else&apos;s work, so that the figures measure independent judgements.
          </>
        }
      />

      <Card as="form" padding="sm" className="flex flex-wrap items-end gap-3" method="get" action="/agreement">
        <label className="space-y-1 text-xs font-medium text-slate-700">
          <span className="block">Dataset</span>
          <Select size="bar" name="datasetId" defaultValue={parsed.success ? parsed.data.datasetId : ""} data-testid="agreement-dataset">
            {datasets.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name} ({d.pairCount} pair{d.pairCount === 1 ? "" : "s"}
                {withAnnotations.has(d.id) ? "" : ", no annotations"})
              </option>
            ))}
          </Select>
        </label>
        <label className="space-y-1 text-xs font-medium text-slate-700">
          <span className="block">Rank pairs by</span>
          <Select size="bar" name="metric" defaultValue={parsed.success ? parsed.data.metric : "kappa"} data-testid="agreement-metric">
            <option value="kappa">Token κ</option>
            <option value="charF1">Char F1</option>
          </Select>
        </label>
        <label className="space-y-1 text-xs font-medium text-slate-700">
          <span className="block">On</span>
          <Select size="bar" name="category" defaultValue={parsed.success ? parsed.data.category : "micro"} data-testid="agreement-category">
            <option value="micro">All categories</option>
            {SPAN_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {CATEGORY_META[c].label}
              </option>
            ))}
          </Select>
        </label>
        <Button type="submit" size="sm" data-testid="agreement-apply">
          Show
        </Button>
      </Card>

      {datasets.length === 0 && <p className="text-sm text-slate-500">No datasets yet.</p>}
      {datasets.length > 0 && noneAnnotated && (
        <Notice testId="agreement-none">
          No dataset has submitted or reviewed annotations yet: agreement compares annotations once annotators submit them.
        </Notice>
      )}
      {datasets.length > 0 && !agreement && (
        <p className="text-sm text-red-700" role="alert">
          Unknown dataset or invalid options.{" "}
          <Link href="/agreement" className="underline">
            Start over
          </Link>
        </p>
      )}

      {agreement && (
        <>
          <p className="text-sm font-medium text-slate-800" data-testid="agreement-blind">
            Agreement between {agreement.blindAnnotations} blind annotation{agreement.blindAnnotations === 1 ? "" : "s"} ({agreement.notBlindExcluded}{" "}
            not blind excluded).
          </p>
          {agreement.onlyViewerSubmitted && (
            <Notice tone="note" role="note" testId="agreement-blind-viewer">
              Blind annotation: only the pairs you have submitted are counted here; the others stay hidden until you submit them.
            </Notice>
          )}
          <p className="text-sm text-slate-700" data-testid="agreement-summary">
            {agreement.dataset.name}: {agreement.pairsCompared} pair{agreement.pairsCompared === 1 ? "" : "s"} with two or more annotations,{" "}
            {agreement.mean.comparisons} annotator comparison{agreement.mean.comparisons === 1 ? "" : "s"}; {agreement.pairsWithOneAnnotation} pair
            {agreement.pairsWithOneAnnotation === 1 ? "" : "s"} with a single annotation (not compared).
          </p>
          <AgreementTable agreement={agreement} />

          <section className="space-y-2">
            <h2 className="text-sm font-semibold text-slate-900">Lowest agreement first</h2>
            <Table data-testid="agreement-pairs">
              <TableHead>
                <Th>Query</Th>
                <Th>Annotators</Th>
                <Th align="right">{agreement.rankBy.metric === "kappa" ? "κ" : "Char F1"} (ranked)</Th>
                <Th align="right">Char F1 (all)</Th>
                <Th align="right">κ (all)</Th>
              </TableHead>
              <TableBody>
                {agreement.pairs.length === 0 && (
                  <tr>
                    <td colSpan={5} className="px-3 py-6 text-center text-slate-500">
                      No pair has two compared annotations yet.
                    </td>
                  </tr>
                )}
                {agreement.pairs.map((p) => (
                  <tr key={p.pairId} data-testid="agreement-pair-row" data-pair-id={p.pairId}>
                    <Td className="max-w-md">
                      <Link
                        href={canReview ? `/pairs/${encodeURIComponent(p.pairId)}/review` : `/pairs/${encodeURIComponent(p.pairId)}`}
                        className="font-medium text-blue-800 hover:underline"
                      >
                        {p.query}
                      </Link>
                    </Td>
                    <Td className="text-xs text-slate-700">{p.annotators.join(", ")}</Td>
                    <Td align="right">{f(p.value)}</Td>
                    <Td align="right">{f(p.microCharF1)}</Td>
                    <Td align="right">{f(p.microKappa)}</Td>
                  </tr>
                ))}
              </TableBody>
            </Table>
          </section>
        </>
      )}
    </div>
  );
}
