import { FIDELITY_KINDS } from "../engine/fidelity/check-fidelity";
import { percentile } from "./percentile";
import type { EvalRow, MethodCost, QueryMetrics } from "./types";

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
  // Fidelity counts (integers: any order sums the same), in the same pass (a sweep summarises 660,000 queries).
  let withFidelity = 0;
  let checked = 0;
  let withAny = 0;
  const byKind = Object.fromEntries(FIDELITY_KINDS.map((k) => [k, 0])) as Record<(typeof FIDELITY_KINDS)[number], number>;
  for (const m of metrics) {
    const f = m.fidelity;
    if (f) {
      withFidelity++;
      checked += f.checked;
      for (const k of FIDELITY_KINDS) byKind[k] += f.violations[k] ?? 0;
      for (const k in f.violations) {
        if (f.violations[k]! > 0) {
          withAny++;
          break;
        }
      }
    }
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
    // for…in, not Object.entries: the same keys in the same order, without an array per query (sweeps sum millions).
    for (const c in m.categories) {
      const v = m.categories[c]!;
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
  if (withFidelity > 0) {
    const total = Object.values(byKind).reduce((a, b) => a + b, 0);
    out.fidelity = { checked, violations: total, queriesWithViolations: round(withAny / withFidelity, 4), byKind };
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

/** A method's cost over the queries: time per query, and LLM tokens and requests (LLM methods). */
export function summarizeMethodCost(
  perQuery: readonly { scoreMs: number; llm?: { promptTokens: number; completionTokens: number; requests: number; cachedRequests: number } }[],
): MethodCost {
  const times = perQuery.map((q) => q.scoreMs);
  const out: MethodCost = {
    latencyMs: times.length
      ? {
          mean: round(times.reduce((a, b) => a + b, 0) / times.length, 1),
          p50: round(percentile(times, 50), 1),
          p95: round(percentile(times, 95), 1),
        }
      : { mean: 0, p50: 0, p95: 0 },
  };
  const llm = perQuery.flatMap((q) => (q.llm ? [q.llm] : []));
  if (llm.length > 0) {
    const sum = (f: (x: (typeof llm)[number]) => number) => llm.reduce((a, x) => a + f(x), 0);
    const requests = sum((x) => x.requests + x.cachedRequests);
    out.llm = {
      promptTokensPerQuery: round(sum((x) => x.promptTokens) / llm.length, 1),
      completionTokensPerQuery: round(sum((x) => x.completionTokens) / llm.length, 1),
      requestsPerQuery: round(sum((x) => x.requests) / llm.length, 2),
      cachedShare: requests > 0 ? round(sum((x) => x.cachedRequests) / requests, 4) : 0,
    };
  }
  return out;
}
