import { AppError } from "../../errors";
import { SPAN_CATEGORIES, type SpanCategory } from "../categories";
import type { Span } from "../schemas";
import { addCharCounts, countCharOverlap, scoreCharCounts, type CharCounts, type CharScore } from "./char-f1";
import {
  addConfusion,
  countTokenConfusion,
  EMPTY_CONFUSION,
  scoreConfusion,
  type KappaScore,
  type TokenConfusion,
  type TokenOffsets,
} from "./token-kappa";

/** One annotated pair (query + its documents) with every annotator's spans. */
export interface AnnotatedPair {
  pairId: string;
  documentIds: readonly string[];
  annotations: readonly { annotator: string; spans: readonly Span[] }[];
}

export interface ComputeAgreementOptions {
  pairs: readonly AnnotatedPair[];
  /** Token offsets per document id (for kappa). */
  tokens: ReadonlyMap<string, TokenOffsets>;
  categories?: readonly SpanCategory[];
}

export interface CategoryAgreement {
  chars: CharScore;
  tokens: KappaScore;
}

export interface AgreementSummary {
  perCategory: Record<SpanCategory, CategoryAgreement>;
  /** Counts summed over categories: micro char-F1 and pooled kappa. */
  micro: CategoryAgreement;
  /** Annotator-pair comparisons pooled into this summary. */
  comparisons: number;
}

export interface AnnotatorPairAgreement extends AgreementSummary {
  a: string;
  b: string;
}

export interface PairAgreement extends AgreementSummary {
  pairId: string;
  annotators: string[];
  /** One entry per annotator pair (a < b) on this pair. */
  annotatorPairs: AnnotatorPairAgreement[];
}

export interface AgreementReport {
  pairs: PairAgreement[];
  /** Pooled over every comparison of every pair. */
  dataset: AgreementSummary;
  /** Per annotator pair, pooled over the pairs both labelled (who disagrees with whom). */
  annotatorPairs: AnnotatorPairAgreement[];
}

/** Raw counts, pooled by addition: F1 and kappa of a group are computed from summed counts, never averaged. */
interface Counts {
  chars: Record<SpanCategory, CharCounts>;
  tokens: Record<SpanCategory, TokenConfusion>;
  microChars: CharCounts;
  pooledTokens: TokenConfusion;
  comparisons: number;
}

/**
 * Inter-annotator agreement for every pair with ≥ 2 annotators, comparing all annotator pairs: per category
 * character-level F1 and token-level Cohen's kappa, aggregated per pair, per annotator pair and per dataset.
 */
export function computeAgreement(opts: ComputeAgreementOptions): AgreementReport {
  const categories = opts.categories ?? SPAN_CATEGORIES;
  const dataset = emptyCounts();
  const byAnnotatorPair = new Map<string, { a: string; b: string; counts: Counts }>();
  const pairs: PairAgreement[] = [];

  for (const pair of opts.pairs) {
    const docSet = new Set(pair.documentIds);
    const names = pair.annotations.map((x) => x.annotator);
    if (new Set(names).size !== names.length) throw new AppError("BAD_REQUEST", `pair ${pair.pairId}: an annotator appears twice`);
    for (const ann of pair.annotations) {
      const stray = ann.spans.find((s) => !docSet.has(s.documentId));
      if (stray)
        throw new AppError(
          "BAD_REQUEST",
          `pair ${pair.pairId}: ${ann.annotator} has a span in document "${stray.documentId}" that is not part of the pair`,
        );
    }
    const sorted = pair.annotations.slice().sort((x, y) => (x.annotator < y.annotator ? -1 : x.annotator > y.annotator ? 1 : 0));
    const pairCounts = emptyCounts();
    const annotatorPairs: AnnotatorPairAgreement[] = [];
    for (let i = 0; i < sorted.length; i++) {
      for (let j = i + 1; j < sorted.length; j++) {
        const x = sorted[i]!;
        const y = sorted[j]!;
        const c = compare(x.spans, y.spans, pair.documentIds, opts.tokens, categories);
        annotatorPairs.push({ a: x.annotator, b: y.annotator, ...summarize(c) });
        addInto(pairCounts, c);
        addInto(dataset, c);
        const key = `${x.annotator}\u0000${y.annotator}`;
        let ap = byAnnotatorPair.get(key);
        if (!ap) byAnnotatorPair.set(key, (ap = { a: x.annotator, b: y.annotator, counts: emptyCounts() }));
        addInto(ap.counts, c);
      }
    }
    pairs.push({ pairId: pair.pairId, annotators: sorted.map((x) => x.annotator), annotatorPairs, ...summarize(pairCounts) });
  }
  return {
    pairs,
    dataset: summarize(dataset),
    annotatorPairs: [...byAnnotatorPair.values()].map(({ a, b, counts }) => ({ a, b, ...summarize(counts) })),
  };
}

function compare(
  a: readonly Span[],
  b: readonly Span[],
  documentIds: readonly string[],
  tokens: ReadonlyMap<string, TokenOffsets>,
  categories: readonly SpanCategory[],
): Counts {
  const chars = countCharOverlap({ a, b, categories });
  const tok = countTokenConfusion({ a, b, tokens, documentIds, categories });
  return { chars: chars.perCategory, tokens: tok.perCategory, microChars: chars.micro, pooledTokens: tok.pooled, comparisons: 1 };
}

function emptyCounts(): Counts {
  const chars = {} as Record<SpanCategory, CharCounts>;
  const tokens = {} as Record<SpanCategory, TokenConfusion>;
  for (const c of SPAN_CATEGORIES) {
    chars[c] = { a: 0, b: 0, both: 0 };
    tokens[c] = { ...EMPTY_CONFUSION };
  }
  return { chars, tokens, microChars: { a: 0, b: 0, both: 0 }, pooledTokens: { ...EMPTY_CONFUSION }, comparisons: 0 };
}

function addInto(into: Counts, c: Counts): void {
  for (const k of SPAN_CATEGORIES) {
    into.chars[k] = addCharCounts(into.chars[k], c.chars[k]);
    into.tokens[k] = addConfusion(into.tokens[k], c.tokens[k]);
  }
  into.microChars = addCharCounts(into.microChars, c.microChars);
  into.pooledTokens = addConfusion(into.pooledTokens, c.pooledTokens);
  into.comparisons += c.comparisons;
}

function summarize(c: Counts): AgreementSummary {
  const perCategory = {} as Record<SpanCategory, CategoryAgreement>;
  for (const k of SPAN_CATEGORIES) perCategory[k] = { chars: scoreCharCounts(c.chars[k]), tokens: scoreConfusion(c.tokens[k]) };
  return { perCategory, micro: { chars: scoreCharCounts(c.microChars), tokens: scoreConfusion(c.pooledTokens) }, comparisons: c.comparisons };
}
