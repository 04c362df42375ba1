// Inter-annotator agreement of a dataset: GET /api/v1/agreement and the agreement page. Client-safe (zod and types).
import { z } from "zod";
import type { AgreementSummary } from "../spans/agreement/compute-agreement";
import type { MeanPairwiseAgreement } from "../spans/agreement/mean-pairwise-agreement";
import { zAnnotationStatus, zPairStatus, zSpanCategory, type AnnotationStatus, type PairStatus, type SpanCategory } from "./enums";
import { zId } from "./ids";

/** What the pair list is ranked by. */
export const AGREEMENT_METRICS = ["kappa", "charF1"] as const;
export type AgreementMetric = (typeof AGREEMENT_METRICS)[number];
/** One category, or all of them pooled ("micro"). */
export const zAgreementCategory = z.union([zSpanCategory, z.literal("micro")]);
export type AgreementCategory = z.infer<typeof zAgreementCategory>;

/** GET /api/v1/agreement query. */
export const agreementQuerySchema = z.object({
  datasetId: zId,
  metric: z.enum(AGREEMENT_METRICS).default("kappa"),
  category: zAgreementCategory.default("micro"),
});

export type PairAgreementRow = {
  pairId: string;
  query: string;
  status: PairStatus;
  /** Emails of the compared annotators. */
  annotators: string[];
  comparisons: number;
  /** The ranking metric's value (null: no value, listed last). */
  value: number | null;
  microCharF1: number | null;
  microKappa: number | null;
  /** Per category: pooled char F1 and kappa of the pair (kappa null when degenerate). */
  perCategory: Record<SpanCategory, { charF1: number | null; kappa: number | null }>;
};

export type DatasetAgreement = {
  dataset: { id: string; name: string };
  statuses: AnnotationStatus[];
  /**
   * Only blind annotations are compared (made without seeing the pair's gold or others' work: Annotation.blind):
   * how many were, and how many annotations of these statuses were left out as not blind.
   */
  blindAnnotations: number;
  notBlindExcluded: number;
  /**
   * The viewer is blinded on this dataset (blind annotation): only the pairs they have submitted (or had accepted) are
   * counted, so the figures reveal nothing of the others.
   */
  onlyViewerSubmitted: boolean;
  /** Pairs with ≥ 2 compared (blind) annotations, and those with exactly one (no agreement possible yet). */
  pairsCompared: number;
  pairsWithOneAnnotation: number;
  /** Pooled counts over every comparison (F1/kappa from summed counts). */
  pooled: AgreementSummary;
  /** Plain mean over the annotator-pair comparisons (each comparison weighs the same). */
  mean: MeanPairwiseAgreement;
  /** Lowest agreement first (rankBy), pairs without a value last. */
  pairs: PairAgreementRow[];
  rankBy: { metric: AgreementMetric; category: AgreementCategory };
};

// ---------- the response (GET /api/v1/agreement) ----------

const score = z.number().nullable();

/** Char-level agreement of two annotations (pooled: summed counts). */
const charScoreSchema = z.strictObject({
  precision: score,
  recall: score,
  f1: score,
  a: z.int().describe("Characters the first annotation covers."),
  b: z.int().describe("Characters the second covers."),
  both: z.int(),
});

/** Token-level Cohen's kappa (word tokens); null values where it is degenerate. */
const kappaScoreSchema = z.strictObject({
  n: z.int(),
  observed: score,
  expected: score,
  kappa: score,
  degenerate: z.boolean(),
  both: z.int(),
  onlyA: z.int(),
  onlyB: z.int(),
  neither: z.int(),
});

const categoryAgreementSchema = z.strictObject({ chars: charScoreSchema, tokens: kappaScoreSchema });
const meanMetricSchema = z.strictObject({ mean: score, count: z.int() });
const meanAgreementSchema = z.strictObject({ charF1: meanMetricSchema, kappa: meanMetricSchema });

export const agreementResponseSchema = z.strictObject({
  dataset: z.strictObject({ id: zId, name: z.string() }),
  statuses: z.array(zAnnotationStatus).describe("The annotation statuses compared."),
  blindAnnotations: z.int().describe("Blind annotations compared (made without seeing the pair's gold or others' work)."),
  notBlindExcluded: z.int().describe("Annotations of these statuses left out as not blind."),
  onlyViewerSubmitted: z.boolean().describe("The caller is blinded on the dataset: only the pairs they have handed in are counted."),
  pairsCompared: z.int(),
  pairsWithOneAnnotation: z.int(),
  pooled: z
    .strictObject({ perCategory: z.record(zSpanCategory, categoryAgreementSchema), micro: categoryAgreementSchema, comparisons: z.int() })
    .describe("Pooled counts over every comparison (F1 and kappa from summed counts)."),
  mean: z
    .strictObject({ perCategory: z.record(zSpanCategory, meanAgreementSchema), micro: meanAgreementSchema, comparisons: z.int() })
    .describe("Plain mean over the annotator-pair comparisons."),
  pairs: z
    .array(
      z.strictObject({
        pairId: zId,
        query: z.string(),
        status: zPairStatus,
        annotators: z.array(z.string()).describe("Emails of the compared annotators."),
        comparisons: z.int(),
        value: score.describe("The ranking metric's value (null: none, listed last)."),
        microCharF1: score,
        microKappa: score,
        perCategory: z.record(zSpanCategory, z.strictObject({ charF1: score, kappa: score })),
      }),
    )
    .describe("Lowest agreement first (`rankBy`)."),
  rankBy: z.strictObject({ metric: z.enum(AGREEMENT_METRICS), category: zAgreementCategory }),
});
