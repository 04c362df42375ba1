import "server-only";
import { z } from "zod";
import { canReachGold, type PolicyUser, UNBLINDING_STATUSES } from "@/lib/auth/policy";
import { AppError } from "@/lib/errors";
import { SPAN_CATEGORIES } from "@/lib/spans/categories";
import type { PairAgreement } from "@/lib/spans/agreement/compute-agreement";
import { computeTextAgreement } from "@/lib/spans/agreement/compute-text-agreement";
import { meanPairwiseAgreement } from "@/lib/spans/agreement/mean-pairwise-agreement";
import { pairMetric, rankPairsByAgreement } from "@/lib/spans/agreement/rank-pairs";
import type { Span } from "@/lib/spans/schemas";
import { type Db, getDb } from "../client";
import {
  AGREEMENT_METRICS,
  zAgreementCategory,
  type AgreementCategory,
  type AgreementMetric,
  type DatasetAgreement,
  type PairAgreementRow,
} from "@/lib/schemas/agreement";
import { type AnnotationStatus, zAnnotationStatus, zPairStatus, zSpanCategory } from "@/lib/schemas/enums";
import { parseOptions } from "../annotations/parse-options";
import { zId } from "@/lib/schemas/ids";

/** Annotations compared by default: submitted work and reviewed work; in-progress drafts would only add noise. */
export const AGREEMENT_STATUSES: readonly AnnotationStatus[] = ["submitted", "accepted", "rejected"];

export type ComputeDatasetAgreementOptions = {
  datasetId: string;
  /** Annotation statuses to compare (default AGREEMENT_STATUSES). */
  statuses?: AnnotationStatus[];
  /** Ranking of the pair list: kappa (default) or char F1, on one category or "micro" (default). */
  rankBy?: { metric?: AgreementMetric; category?: AgreementCategory };
  /**
   * Who asks (routes and pages pass the signed-in user): on a blind dataset, a viewer who cannot otherwise reach the
   * gold sees figures over only the pairs they have submitted (or had accepted) an annotation of. Scripts omit it.
   */
  viewer?: PolicyUser;
  db?: Db;
};

const schema = z.object({
  datasetId: zId,
  statuses: z
    .array(zAnnotationStatus)
    .min(1)
    .default([...AGREEMENT_STATUSES]),
  rankBy: z
    .object({ metric: z.enum(AGREEMENT_METRICS).default("kappa"), category: zAgreementCategory.default("micro") })
    .default({ metric: "kappa", category: "micro" }),
});

/**
 * Inter-annotator agreement of one dataset: loads every pair's annotations (of `statuses`) with their live human
 * spans and the documents' canonical text, and computes per-category char F1 and token kappa (word tokens) with
 * lib/spans. Loads the whole dataset's texts: fine for thousands of pairs, not for millions.
 * Only blind annotations are compared (Annotation.blind); the others are counted as excluded. A blinded `viewer` gets
 * the figures of the pairs they have submitted only. NOT_FOUND for an unknown dataset.
 */
export async function computeDatasetAgreement(options: ComputeDatasetAgreementOptions): Promise<DatasetAgreement> {
  const { db = getDb(), ...rest } = options;
  const { datasetId, statuses, rankBy } = parseOptions(schema, rest);
  const { viewer } = rest;
  const found = await db.dataset.findUnique({ where: { id: datasetId }, select: { id: true, name: true, blindAnnotation: true } });
  if (!found) throw new AppError("NOT_FOUND", `Dataset ${datasetId} not found`);
  const dataset = { id: found.id, name: found.name };
  const onlyViewerSubmitted = !!viewer && found.blindAnnotation && !canReachGold(viewer.role);

  const rows = await db.pair.findMany({
    where: {
      datasetId,
      annotations: { some: { status: { in: statuses } } },
      ...(onlyViewerSubmitted && viewer
        ? { AND: [{ annotations: { some: { annotatorId: viewer.id, status: { in: [...UNBLINDING_STATUSES] } } } }] }
        : {}),
    },
    orderBy: { id: "asc" },
    select: {
      id: true,
      status: true,
      query: { select: { text: true } },
      documents: { orderBy: { position: "asc" }, select: { document: { select: { id: true, text: true, lang: true } } } },
      annotations: {
        where: { status: { in: statuses } },
        select: {
          blind: true,
          annotator: { select: { email: true } },
          spans: {
            where: { deletedAt: null },
            select: { documentId: true, start: true, end: true, text: true, category: true, source: true },
          },
        },
      },
    },
  });
  // Agreement means something only between annotations made independently: blind ones (Annotation.blind).
  const blindRows = rows.map((r) => ({ ...r, annotations: r.annotations.filter((a) => a.blind) }));
  const blindAnnotations = blindRows.reduce((n, r) => n + r.annotations.length, 0);
  const notBlindExcluded = rows.reduce((n, r) => n + r.annotations.length, 0) - blindAnnotations;
  const compared = blindRows.filter((r) => r.annotations.length >= 2);
  const report = computeTextAgreement({
    pairs: compared.map((r) => ({
      pairId: r.id,
      documents: r.documents.map((d) => d.document),
      annotations: r.annotations.map((a) => ({
        annotator: a.annotator.email,
        spans: a.spans.map((s): Span => ({ ...s, category: zSpanCategory.parse(s.category), source: "human" })),
      })),
    })),
  });
  const byId = new Map(compared.map((r) => [r.id, r]));
  const kappaOf = (t: { kappa: number | null; degenerate: boolean }) => (t.degenerate ? null : t.kappa);
  const toRow = (p: PairAgreement): PairAgreementRow => {
    const r = byId.get(p.pairId)!;
    const perCategory = {} as PairAgreementRow["perCategory"];
    for (const c of SPAN_CATEGORIES) perCategory[c] = { charF1: p.perCategory[c].chars.f1, kappa: kappaOf(p.perCategory[c].tokens) };
    return {
      pairId: p.pairId,
      query: r.query.text,
      status: zPairStatus.parse(r.status),
      annotators: p.annotators,
      comparisons: p.comparisons,
      value: pairMetric(p, rankBy),
      microCharF1: p.micro.chars.f1,
      microKappa: kappaOf(p.micro.tokens),
      perCategory,
    };
  };
  return {
    dataset,
    statuses,
    blindAnnotations,
    notBlindExcluded,
    onlyViewerSubmitted,
    pairsCompared: compared.length,
    pairsWithOneAnnotation: blindRows.filter((r) => r.annotations.length === 1).length,
    pooled: report.dataset,
    mean: meanPairwiseAgreement({ comparisons: report.pairs.flatMap((p) => p.annotatorPairs) }),
    pairs: rankPairsByAgreement(report.pairs, rankBy).map(toRow),
    rankBy,
  };
}
