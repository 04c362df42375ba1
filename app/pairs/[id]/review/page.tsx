import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { isAppError } from "@/lib/errors";
import { StatusBadge } from "@/components/ui/status-badge";
import { ReviewWorkspace } from "@/components/review/review-workspace";
import { GoldAuditPanel } from "@/components/review/gold-audit-panel";
import type { AgreementFigures, ReviewAnnotation, ReviewDocument, ReviewGold, ReviewSpan, ReviewSuggestionLayer } from "@/components/review/types";
import { votingAnnotations } from "@/lib/spans/review/review-voters";
import { computeTextAgreement } from "@/lib/spans/agreement/compute-text-agreement";
import { meanPairwiseAgreement } from "@/lib/spans/agreement/mean-pairwise-agreement";
import { SPAN_CATEGORIES } from "@/lib/spans/categories";
import { documentLabel } from "@/lib/text/document-label";
import { requireUser } from "@/lib/server/auth/require-user";
import { getGoldSpans } from "@/lib/server/db/annotations/get-gold-spans";
import { listPairAnnotations } from "@/lib/server/db/annotations/list-pair-annotations";
import { listSuggestions } from "@/lib/server/db/annotations/list-suggestions";
import { getPair } from "@/lib/server/db/get-pair";
import { listPairGoldHistory } from "@/lib/server/db/audit/list-pair-gold-history";
import { toGoldHistoryJson } from "@/lib/spans/audit/gold-history-json";
import { queueFilterQuery, withQuery } from "@/lib/schemas/queue";
import type { StoredSpan } from "@/lib/schemas/spans";
import { PageHeader, TrailLink } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Review · Snippet Lab" };
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const asSpan = (s: StoredSpan) => ({
  documentId: s.documentId,
  start: s.start,
  end: s.end,
  text: s.text,
  category: s.category,
  source: "human" as const,
});

/** What the review panes and regions need of a stored span (drifted ones cannot be compared or merged). */
const reviewSpan = ({ id, documentId, start, end, text, category, exact }: StoredSpan): ReviewSpan => ({
  id,
  documentId,
  start,
  end,
  text,
  category,
  ...(exact ? { exact } : {}),
});

export default async function ReviewPage({ params, searchParams }: Props) {
  const { id } = await params;
  const filters = queueFilterQuery(await searchParams);
  const me = await requireUser({ permission: "pair:review", next: withQuery(`/pairs/${encodeURIComponent(id)}/review`, filters) });
  const found = await Promise.all([
    listPairAnnotations({ pairId: id }),
    getGoldSpans({ pairId: id }),
    getPair({ id }),
    listSuggestions({ pairId: id }),
  ]).catch((e: unknown) => {
    if (isAppError(e) && (e.code === "NOT_FOUND" || e.code === "UNPROCESSABLE")) return null;
    throw e;
  });
  if (!found || !found[2]) notFound();
  const [data, gold, detail, stored] = found;
  const goldHistory = toGoldHistoryJson(await listPairGoldHistory({ pairId: id }));
  // The panes render each document's blocks as the workspace does.
  const blocksOf = new Map(detail.documents.map((d) => [d.id, d.blocks]));
  const documents: ReviewDocument[] = data.documents.map((d) => {
    const blocks = blocksOf.get(d.id) ?? [{ start: 0, end: d.text.length, kind: "paragraph" as const, role: "main" as const }];
    return { ...d, blocks, label: documentLabel({ title: d.title, text: d.text, blocks }) };
  });

  // Spans that drifted from their text cannot be compared or merged; they are still listed on the cards.
  const clean = (spans: StoredSpan[]) => spans.filter((s) => !s.drift).map(asSpan);
  // Agreement only between blind annotations (made without seeing the gold or others' work: Annotation.blind).
  const blindOnes = data.annotations.filter((a) => a.blind);
  const report =
    blindOnes.length >= 2
      ? computeTextAgreement({
          pairs: [
            {
              pairId: id,
              documents: data.documents,
              annotations: blindOnes.map((a) => ({ annotator: a.annotator.email, spans: clean(a.spans) })),
            },
          ],
        })
      : null;
  const comparisons = report?.pairs[0]?.annotatorPairs ?? [];
  const agreementOf = (email: string): AgreementFigures | null => {
    if (!report) return null;
    const m = meanPairwiseAgreement({ comparisons, annotator: email });
    const perCategory = {} as AgreementFigures["perCategory"];
    for (const c of SPAN_CATEGORIES) perCategory[c] = { charF1: m.perCategory[c].charF1.mean, kappa: m.perCategory[c].kappa.mean };
    return { perCategory, micro: { charF1: m.micro.charF1.mean, kappa: m.micro.kappa.mean }, comparisons: m.comparisons };
  };

  const voterIds = new Set(votingAnnotations(data.annotations).map((a) => a.id));
  // Machine pre-annotations offer versions in the regions (one layer per source and model); they never vote.
  const layers = new Map<string, ReviewSuggestionLayer>();
  for (const sg of stored) {
    const layerId = `${sg.source}:${sg.modelName}`;
    let layer = layers.get(layerId);
    if (!layer) layers.set(layerId, (layer = { id: layerId, label: `${sg.source === "judge" ? "LLM judge" : "model"} ${sg.modelName}`, spans: [] }));
    layer.spans.push({ documentId: sg.documentId, start: sg.start, end: sg.end, text: sg.text, category: sg.category });
  }

  const annotations: ReviewAnnotation[] = data.annotations.map((a) => ({
    id: a.id,
    annotatorId: a.annotator.id,
    annotatorEmail: a.annotator.email,
    annotatorName: a.annotator.name,
    status: a.status,
    version: a.version,
    comment: a.comment,
    submittedAt: a.submittedAt?.toISOString() ?? null,
    noVital: a.noVital,
    reviewerEmail: a.reviewer?.email ?? null,
    reviewComment: a.reviewComment,
    reviewedAt: a.reviewedAt?.toISOString() ?? null,
    spans: a.spans.filter((sp) => !sp.drift).map(reviewSpan),
    agreement: a.blind ? agreementOf(a.annotator.email) : null,
    votes: voterIds.has(a.id),
  }));
  const goldProps: ReviewGold = {
    status: gold.status,
    version: gold.version,
    spans: gold.spans.filter((sp) => !sp.drift).map((sp) => ({ ...reviewSpan(sp), id: sp.id })),
    adjudicatedAt: data.pair.adjudicatedAt?.toISOString() ?? null,
    adjudicatedBy: data.pair.adjudicatedBy?.email ?? null,
    noVital: gold.noVital,
  };

  return (
    <div className="space-y-6">
      <PageHeader
        trail={
          <>
            <TrailLink href={withQuery("/pairs", filters)}>Queue</TrailLink> / {data.pair.dataset} /{" "}
            <TrailLink href={withQuery(`/pairs/${encodeURIComponent(id)}`, filters)}>workspace</TrailLink>
          </>
        }
        title={data.pair.query}
        titleTestId="review-query"
      >
        <p className="flex items-center gap-2 text-sm text-slate-600">
          Review · pair status <StatusBadge status={gold.status} testId="review-pair-status" />
        </p>
        <p className="text-xs text-slate-500" data-testid="review-agreement-blind">
          Agreement between {blindOnes.length} blind annotation{blindOnes.length === 1 ? "" : "s"} ({data.annotations.length - blindOnes.length} not
          blind excluded).
        </p>
      </PageHeader>
      <ReviewWorkspace
        pairId={id}
        me={{ id: me.id, role: me.role, email: me.email }}
        documents={documents}
        annotations={annotations}
        suggestions={[...layers.values()]}
        gold={goldProps}
      />
      <GoldAuditPanel pairId={id} documents={documents.map((d) => ({ id: d.id, position: d.position }))} initial={goldHistory} />
    </div>
  );
}
