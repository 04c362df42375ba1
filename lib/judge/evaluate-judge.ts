// Judging the judge (docs/judge.md#judging-the-judge): a judge's spans against the adjudicated gold, span by span and
// token by token, per category. Pure: /research/judge, its JSON route and `snippet-lab judge-eval` share it.
import { SPAN_CATEGORIES, type SpanCategory } from "../spans/categories";
import { labelTokens } from "../spans/label-tokens";
import { wordTokenOffsets } from "../spans/agreement/word-token-offsets";

/** A judge span matches a gold span of the same document and category when their character IoU reaches this. */
export const SPAN_MATCH_IOU = 0.5;

export type LabeledSpan = { documentId: string; start: number; end: number; category: SpanCategory };

export type JudgeEvalPair = {
  pairId: string;
  query: string;
  documents: readonly { documentId: string; text: string }[];
  gold: readonly LabeledSpan[];
  judge: readonly LabeledSpan[];
};

export type Prf = { tp: number; fp: number; fn: number; precision: number | null; recall: number | null; f1: number | null };
export type PrfTable = Record<SpanCategory | "all", Prf>;

export type JudgePairScore = {
  pairId: string;
  query: string;
  goldSpans: number;
  judgeSpans: number;
  /** Token-level micro F1 over the categories (null: neither labelled anything). */
  tokenF1: number | null;
  spanF1: number | null;
  /** Tokens whose category sets differ between judge and gold. */
  disagreeingTokens: number;
};

export type JudgeEvalResult = { pairs: number; span: PrfTable; token: PrfTable; perPair: JudgePairScore[] };

const round = (x: number | null) => (x === null ? null : Math.round(x * 10_000) / 10_000);

export function scorePrf(tp: number, fp: number, fn: number): Prf {
  return {
    tp,
    fp,
    fn,
    precision: tp + fp > 0 ? round(tp / (tp + fp)) : null,
    recall: tp + fn > 0 ? round(tp / (tp + fn)) : null,
    f1: 2 * tp + fp + fn > 0 ? round((2 * tp) / (2 * tp + fp + fn)) : null,
  };
}

type Counts = Record<SpanCategory, [number, number, number]>;
const zero = (): Counts => Object.fromEntries(SPAN_CATEGORIES.map((c) => [c, [0, 0, 0]])) as unknown as Counts;

function toTable(c: Counts): PrfTable {
  const out = {} as PrfTable;
  let [tp, fp, fn] = [0, 0, 0];
  for (const k of SPAN_CATEGORIES) {
    const [a, b, d] = c[k];
    out[k] = scorePrf(a, b, d);
    tp += a;
    fp += b;
    fn += d;
  }
  out.all = scorePrf(tp, fp, fn);
  return out;
}

/** One-to-one matches (IoU ≥ SPAN_MATCH_IOU, best pairs first) between judge and gold spans of one document and category. */
function matchSpans(judge: readonly LabeledSpan[], gold: readonly LabeledSpan[]): number {
  const candidates: [number, number, number][] = [];
  judge.forEach((j, a) =>
    gold.forEach((g, b) => {
      const inter = Math.max(0, Math.min(j.end, g.end) - Math.max(j.start, g.start));
      const union = Math.max(j.end, g.end) - Math.min(j.start, g.start);
      const iou = union > 0 ? inter / union : 0;
      if (iou >= SPAN_MATCH_IOU) candidates.push([iou, a, b]);
    }),
  );
  candidates.sort((x, y) => y[0] - x[0] || x[1] - y[1] || x[2] - y[2]);
  const usedJ = new Set<number>();
  const usedG = new Set<number>();
  for (const [, a, b] of candidates) {
    if (usedJ.has(a) || usedG.has(b)) continue;
    usedJ.add(a);
    usedG.add(b);
  }
  return usedJ.size;
}

/**
 * Precision, recall and F1 of the judge against gold, per category and over all categories (micro):
 * - span level: a judge span is right when it matches a gold span of the same document and category one to one with
 *   character IoU ≥ SPAN_MATCH_IOU;
 * - token level: word tokens (Intl word segments, punctuation included; the tokens of agreement's kappa) carry every
 *   category whose spans overlap them; each (token, category) counts once.
 * Per pair: the token- and span-level micro F1, to list the pairs where judge and gold disagree most.
 */
export function evaluateJudge({ pairs, locale }: { pairs: readonly JudgeEvalPair[]; locale?: string }): JudgeEvalResult {
  const spanCounts = zero();
  const tokenCounts = zero();
  const perPair: JudgePairScore[] = [];
  for (const pair of pairs) {
    const pSpan = zero();
    const pToken = zero();
    const disagree = new Set<string>();
    for (const doc of pair.documents) {
      const tokens = wordTokenOffsets({ text: doc.text, ...(locale ? { locale } : {}) });
      for (const category of SPAN_CATEGORIES) {
        const g = pair.gold.filter((s) => s.documentId === doc.documentId && s.category === category);
        const j = pair.judge.filter((s) => s.documentId === doc.documentId && s.category === category);
        if (g.length === 0 && j.length === 0) continue;
        const matched = matchSpans(j, g);
        pSpan[category][0] += matched;
        pSpan[category][1] += j.length - matched;
        pSpan[category][2] += g.length - matched;
        const gl = labelTokens({ ...tokens, spans: g });
        const jl = labelTokens({ ...tokens, spans: j });
        for (let t = 0; t < gl.length; t++) {
          if (gl[t] && jl[t]) pToken[category][0]++;
          else if (jl[t]) pToken[category][1]++;
          else if (gl[t]) pToken[category][2]++;
          if (gl[t] !== jl[t]) disagree.add(`${doc.documentId}:${t}`);
        }
      }
    }
    for (const c of SPAN_CATEGORIES) {
      for (let k = 0; k < 3; k++) {
        spanCounts[c][k]! += pSpan[c][k]!;
        tokenCounts[c][k]! += pToken[c][k]!;
      }
    }
    perPair.push({
      pairId: pair.pairId,
      query: pair.query,
      goldSpans: pair.gold.length,
      judgeSpans: pair.judge.length,
      tokenF1: toTable(pToken).all.f1,
      spanF1: toTable(pSpan).all.f1,
      disagreeingTokens: disagree.size,
    });
  }
  return { pairs: pairs.length, span: toTable(spanCounts), token: toTable(tokenCounts), perPair };
}

/** The pairs where judge and gold disagree most: lowest token F1 first (no labels at all last), then most tokens apart. */
export function mostDisagreeing(perPair: readonly JudgePairScore[], limit = 20): JudgePairScore[] {
  return [...perPair]
    .sort((a, b) => (a.tokenF1 ?? 2) - (b.tokenF1 ?? 2) || b.disagreeingTokens - a.disagreeingTokens || (a.pairId < b.pairId ? -1 : 1))
    .slice(0, limit);
}
