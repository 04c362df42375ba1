import type { EvalRow, QueryMetrics } from "./types";

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Averages per-query metrics into the numeric fields of an EvalRow (see EvalRow for definitions). */
export function summarizeQueryMetrics(
  metrics: readonly QueryMetrics[],
): Pick<EvalRow, "evidenceRecall" | "allEvidenceKept" | "answerKept" | "tokensPerQuery" | "compressionRatio"> {
  let withEvidence = 0;
  let recall = 0;
  let all = 0;
  let withAnswers = 0;
  let answers = 0;
  let tokens = 0;
  let withTokens = 0;
  let ratio = 0;
  for (const m of metrics) {
    if (m.evidenceTotal > 0) {
      withEvidence++;
      recall += m.evidenceKept / m.evidenceTotal;
      if (m.evidenceKept === m.evidenceTotal) all++;
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
  }
  return {
    evidenceRecall: withEvidence ? round(recall / withEvidence, 4) : 0,
    allEvidenceKept: withEvidence ? round(all / withEvidence, 4) : 0,
    answerKept: withAnswers ? round(answers / withAnswers, 4) : null,
    tokensPerQuery: metrics.length ? round(tokens / metrics.length, 1) : 0,
    compressionRatio: withTokens ? round(ratio / withTokens, 4) : 0,
  };
}
