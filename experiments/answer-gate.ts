// The answer-gate probe's gate (answer-gate-probe.ts); measured on validation, not adopted (MODEL_CARD.md).
import { tokenizeTerms } from "../lib/engine/scorers/tokenize-terms";

/** A learned answerability gate (fitted by answer-gate-probe.ts). */
export interface AnswerGate {
  /** Logistic weights over ANSWER_GATE_FEATURES, in that order. */
  weights: number[];
  bias: number;
  /** With a threshold above the floor, a result set whose answerability is below it keeps nothing. */
  threshold: number;
}

/**
 * What the gate reads of one result, beside the model: its best and second-best unit scores, and how much of the
 * query's IDF mass (IDF over the result's units) the best-covering unit, the best-scoring unit and the whole result
 * hold. A page on the question's subject that does not answer it shares the subject's words with the question but
 * rarely the rest of it, in one sentence; the model's best score alone does not see that.
 */
export const ANSWER_GATE_FEATURES = ["bestScore", "secondScore", "maxCoverage", "bestUnitCoverage", "resultCoverage"] as const;

export interface AnswerGateFeaturesOptions {
  query: string;
  result: { doc: { text: string }; units: ReadonlyArray<{ start: number; end: number }> };
  scores: readonly number[];
}

/** The gate's features of one result (ANSWER_GATE_FEATURES order); undefined for a result without units. */
export function answerGateFeatures({ query, result, scores }: AnswerGateFeaturesOptions): number[] | undefined {
  const n = result.units.length;
  if (n === 0) return undefined;
  let best = 0;
  let second = 0;
  let bestUnit = 0;
  for (let i = 0; i < n; i++) {
    const s = scores[i] ?? 0;
    if (s > best) {
      second = best;
      best = s;
      bestUnit = i;
    } else if (s > second) second = s;
  }
  const terms = [...new Set(tokenizeTerms(query))];
  if (terms.length === 0) return [best, second, 0, 0, 0];
  const unitTerms = result.units.map((u) => new Set(tokenizeTerms(result.doc.text.slice(u.start, u.end))));
  const idf = terms.map((t) => {
    let df = 0;
    for (const set of unitTerms) if (set.has(t)) df++;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  });
  const total = idf.reduce((a, b) => a + b, 0) || 1;
  const coverage = (has: (t: string) => boolean) => terms.reduce((a, t, k) => a + (has(t) ? idf[k]! : 0), 0) / total;
  const covs = unitTerms.map((set) => coverage((t) => set.has(t)));
  return [best, second, Math.max(...covs), covs[bestUnit]!, coverage((t) => unitTerms.some((set) => set.has(t)))];
}

/** The gate's probability that the result answers, from its features. */
export function gateProbability(features: readonly number[], gate: Pick<AnswerGate, "weights" | "bias">): number {
  let z = gate.bias;
  for (let j = 0; j < features.length; j++) z += features[j]! * (gate.weights[j] ?? 0);
  return 1 / (1 + Math.exp(-z));
}

export interface AnswerabilityOptions {
  query: string;
  results: ReadonlyArray<AnswerGateFeaturesOptions["result"]>;
  unitScores: ReadonlyArray<readonly number[]>;
  gate: Pick<AnswerGate, "weights" | "bias">;
}

/** A result set's answerability: its most answering result's gate probability (0 with no units at all). */
export function answerability({ query, results, unitScores, gate }: AnswerabilityOptions): number {
  let best = 0;
  results.forEach((result, r) => {
    const f = answerGateFeatures({ query, result, scores: unitScores[r] ?? [] });
    if (f) best = Math.max(best, gateProbability(f, gate));
  });
  return best;
}
