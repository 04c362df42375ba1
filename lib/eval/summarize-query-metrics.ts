import type { EvalRow, QueryMetrics } from "./types";

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

type Summary = Omit<EvalRow, "method" | "ratio" | "budget" | "threshold">;

/**
 * Averages per-query metrics into the numeric fields of an EvalRow (see EvalRow for definitions). Queries
 * without evidence are counted apart (`unanswerable`): they have no recall, only "kept nothing" or waste.
 */
export function summarizeQueryMetrics(metrics: readonly QueryMetrics[]): Summary {
  let withEvidence = 0;
  let recall = 0;
  let all = 0;
  let withAnswers = 0;
  let answers = 0;
  let tokens = 0;
  let withTokens = 0;
  let ratio = 0;
  let charRecall = 0;
  let precision = 0;
  let withKept = 0;
  let unanswerable = 0;
  let keptNothing = 0;
  let wasted = 0;
  const cats: Record<string, [number, number, number, number]> = {};
  for (const m of metrics) {
    if (m.evidenceTotal > 0) {
      withEvidence++;
      recall += m.evidenceKept / m.evidenceTotal;
      if (m.evidenceKept === m.evidenceTotal) all++;
      charRecall += m.evidenceChars > 0 ? m.evidenceCharsKept / m.evidenceChars : 0;
      if (m.keptChars > 0) {
        withKept++;
        precision += m.evidenceCharsKept / m.keptChars;
      }
    } else {
      unanswerable++;
      if (m.tokensOut === 0) keptNothing++;
      wasted += m.tokensOut;
    }
    if (m.answerKept !== null) {
      withAnswers++;
      if (m.answerKept) answers++;
    }
    tokens += m.tokensOut;
    if (m.tokensIn > 0) {
      withTokens++;
      ratio += m.tokensOut / m.tokensIn;
    }
    for (const [c, v] of Object.entries(m.categories ?? {})) {
      const row = (cats[c] ??= [0, 0, 0, 0]);
      for (let i = 0; i < 4; i++) row[i]! += v[i]!;
    }
  }
  const out: Summary = {
    evidenceRecall: withEvidence ? round(recall / withEvidence, 4) : 0,
    allEvidenceKept: withEvidence ? round(all / withEvidence, 4) : 0,
    answerKept: withAnswers ? round(answers / withAnswers, 4) : null,
    tokensPerQuery: metrics.length ? round(tokens / metrics.length, 1) : 0,
    compressionRatio: withTokens ? round(ratio / withTokens, 4) : 0,
    evidenceCharRecall: withEvidence ? round(charRecall / withEvidence, 4) : 0,
    keptPrecision: withKept ? round(precision / withKept, 4) : 0,
  };
  if (unanswerable > 0) {
    out.unanswerable = { queries: unanswerable, keptNothing: round(keptNothing / unanswerable, 4), tokensPerQuery: round(wasted / unanswerable, 1) };
  }
  if (Object.keys(cats).length > 0) {
    out.categories = Object.fromEntries(
      Object.entries(cats).map(([c, [chars, kept, tokens, agree]]) => {
        const v: { chars: number; keptShare: number; modelAgreement?: number } = { chars, keptShare: chars ? round(kept / chars, 4) : 0 };
        if (tokens > 0) v.modelAgreement = round(agree / tokens, 4);
        return [c, v];
      }),
    );
  }
  return out;
}
