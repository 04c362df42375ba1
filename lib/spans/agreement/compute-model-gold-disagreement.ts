import { modelSpansFromScores } from "../model-spans-from-scores";
import type { Span } from "../schemas";
import { countCharOverlap, scoreCharCounts, type CharScore } from "./char-f1";

export interface ScoredDocument {
  documentId: string;
  text: string;
  /** Token (or unit) offsets and their keep probabilities. */
  starts: ArrayLike<number>;
  ends: ArrayLike<number>;
  probs: ArrayLike<number>;
}

export type ModelGoldDisagreementOptions =
  | { gold: readonly Span[]; /** Model spans already thresholded (e.g. modelSpansFromScores). */ model: readonly Span[] }
  | { gold: readonly Span[]; documents: readonly ScoredDocument[]; threshold: number };

export interface ModelGoldDisagreement {
  /** 1 - char-F1 on "vital"; 0 when neither side marks anything. */
  disagreement: number;
  /** Char-level scores with gold as reference (recall = gold chars the model keeps). */
  chars: CharScore;
}

/** How far the model's kept text (probability ≥ threshold) is from the gold "vital" spans, for queue sorting. */
export function computeModelGoldDisagreement(opts: ModelGoldDisagreementOptions): ModelGoldDisagreement {
  const model =
    "model" in opts
      ? opts.model
      : opts.documents.flatMap((d) =>
          modelSpansFromScores({
            documentId: d.documentId,
            text: d.text,
            starts: d.starts,
            ends: d.ends,
            scores: d.probs,
            threshold: opts.threshold,
          }),
        );
  // The model only predicts "keep": compare it as vital against gold vital.
  const counts = countCharOverlap({
    a: opts.gold.filter((s) => s.category === "vital"),
    b: model.map((s) => ({ ...s, category: "vital" as const })),
    categories: ["vital"],
  });
  const chars = scoreCharCounts(counts.micro);
  return { disagreement: chars.f1 === null ? 0 : 1 - chars.f1, chars };
}
