import { AppError } from "../../errors";
import { SPAN_CATEGORIES, type SpanCategory } from "../categories";
import { labelTokens } from "../label-tokens";
import type { Span } from "../schemas";

export interface TokenOffsets {
  starts: ArrayLike<number>;
  ends: ArrayLike<number>;
}

/** 2×2 table of token labels (in/out of one category) by two annotators. */
export interface TokenConfusion {
  both: number;
  onlyA: number;
  onlyB: number;
  neither: number;
}

export interface KappaScore extends TokenConfusion {
  n: number;
  /** p_o: share of tokens both label the same. */
  observed: number | null;
  /** p_e = p_A·p_B + (1-p_A)(1-p_B). */
  expected: number | null;
  /** (p_o - p_e) / (1 - p_e); null without tokens; 1 when p_e = 1 (see `degenerate`). */
  kappa: number | null;
  /**
   * p_e = 1: both annotators put every token on the same side (typically: neither used the category). Kappa is 0/0
   * there; we report 1 (they agree completely) and flag it so tables can show "n/a" and callers can skip it.
   */
  degenerate: boolean;
}

export function scoreConfusion(c: TokenConfusion): KappaScore {
  const n = c.both + c.onlyA + c.onlyB + c.neither;
  if (n === 0) return { ...c, n, observed: null, expected: null, kappa: null, degenerate: false };
  const po = (c.both + c.neither) / n;
  const pa = (c.both + c.onlyA) / n;
  const pb = (c.both + c.onlyB) / n;
  const pe = pa * pb + (1 - pa) * (1 - pb);
  // Float-safe: pe is exactly 1 only for pa = pb ∈ {0, 1}.
  if (pe >= 1 - 1e-12) return { ...c, n, observed: po, expected: 1, kappa: 1, degenerate: true };
  return { ...c, n, observed: po, expected: pe, kappa: (po - pe) / (1 - pe), degenerate: false };
}

export function addConfusion(x: TokenConfusion, y: TokenConfusion): TokenConfusion {
  return { both: x.both + y.both, onlyA: x.onlyA + y.onlyA, onlyB: x.onlyB + y.onlyB, neither: x.neither + y.neither };
}

export const EMPTY_CONFUSION: TokenConfusion = Object.freeze({ both: 0, onlyA: 0, onlyB: 0, neither: 0 });

export interface TokenKappaOptions {
  a: readonly Span[];
  b: readonly Span[];
  /** Token offsets of every document compared (documents without spans still count: all their tokens are "out"). */
  tokens: ReadonlyMap<string, TokenOffsets>;
  /** Documents compared (default: every key of `tokens`). */
  documentIds?: readonly string[];
  categories?: readonly SpanCategory[];
}

export interface TokenKappaCounts {
  perCategory: Record<SpanCategory, TokenConfusion>;
  /** Confusions summed over categories (each token counted once per category). */
  pooled: TokenConfusion;
}

/** Token-level confusion tables per category: a token is "in" when it overlaps a span of that category. */
export function countTokenConfusion(opts: TokenKappaOptions): TokenKappaCounts {
  const categories = opts.categories ?? SPAN_CATEGORIES;
  const docs = opts.documentIds ?? [...opts.tokens.keys()];
  const docSet = new Set(docs);
  for (const s of [...opts.a, ...opts.b]) {
    if (!docSet.has(s.documentId))
      throw new AppError("BAD_REQUEST", `span [${s.start}, ${s.end}) points to document "${s.documentId}" outside the compared documents`);
  }
  const perCategory = {} as Record<SpanCategory, TokenConfusion>;
  for (const c of SPAN_CATEGORIES) perCategory[c] = { ...EMPTY_CONFUSION };
  let pooled: TokenConfusion = { ...EMPTY_CONFUSION };
  for (const doc of docs) {
    const tok = opts.tokens.get(doc);
    if (!tok) throw new AppError("BAD_REQUEST", `no token offsets for document "${doc}"`);
    for (const category of categories) {
      const pick = (l: readonly Span[]) => l.filter((s) => s.documentId === doc && s.category === category);
      const la = labelTokens({ ...tok, spans: pick(opts.a) });
      const lb = labelTokens({ ...tok, spans: pick(opts.b) });
      const c = perCategory[category];
      for (let i = 0; i < la.length; i++) {
        if (la[i]) {
          if (lb[i]) c.both++;
          else c.onlyA++;
        } else if (lb[i]) c.onlyB++;
        else c.neither++;
      }
    }
  }
  for (const category of categories) pooled = addConfusion(pooled, perCategory[category]);
  return { perCategory, pooled };
}

/** Token-level Cohen's kappa between two annotators, per category and pooled over `categories`. */
export function computeTokenKappa(opts: TokenKappaOptions): { perCategory: Record<SpanCategory, KappaScore>; pooled: KappaScore } {
  const counts = countTokenConfusion(opts);
  const perCategory = {} as Record<SpanCategory, KappaScore>;
  for (const c of SPAN_CATEGORIES) perCategory[c] = scoreConfusion(counts.perCategory[c]);
  return { perCategory, pooled: scoreConfusion(counts.pooled) };
}
