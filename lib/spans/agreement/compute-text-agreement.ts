import type { SpanCategory } from "../categories";
import type { Span } from "../schemas";
import { computeAgreement, type AgreementReport } from "./compute-agreement";
import type { TokenOffsets } from "./token-kappa";
import { wordTokenOffsets } from "./word-token-offsets";

export interface TextAgreementPair {
  pairId: string;
  documents: readonly { id: string; text: string; lang?: string | null }[];
  annotations: readonly { annotator: string; spans: readonly Span[] }[];
}

export interface ComputeTextAgreementOptions {
  pairs: readonly TextAgreementPair[];
  categories?: readonly SpanCategory[];
  /** Token offsets per document id; documents missing here get word tokens (wordTokenOffsets). */
  tokens?: ReadonlyMap<string, TokenOffsets>;
}

/** computeAgreement over documents given by their text: kappa counts word tokens unless token offsets are passed. */
export function computeTextAgreement(opts: ComputeTextAgreementOptions): AgreementReport {
  const tokens = new Map<string, TokenOffsets>(opts.tokens ?? []);
  for (const p of opts.pairs) {
    for (const d of p.documents) if (!tokens.has(d.id)) tokens.set(d.id, wordTokenOffsets({ text: d.text, locale: d.lang ?? "en" }));
  }
  return computeAgreement({
    tokens,
    ...(opts.categories ? { categories: opts.categories } : {}),
    pairs: opts.pairs.map((p) => ({ pairId: p.pairId, documentIds: p.documents.map((d) => d.id), annotations: p.annotations })),
  });
}
