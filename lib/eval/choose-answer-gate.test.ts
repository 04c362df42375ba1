import { describe, expect, it } from "vitest";
import { chooseAnswerGate, type AnswerGateCandidate, type AnswerGateSetFigures } from "./choose-answer-gate";

const fig = (answerableNothing: number, unanswerableNothing = 0): AnswerGateSetFigures => ({
  answerable: 100,
  answerableNothing,
  recall: 0.7,
  unanswerable: 100,
  unanswerableNothing,
});
const at = (cosine: number | null, nq: number, policy: number, search: number): AnswerGateCandidate => ({
  cosine,
  sets: { nq: fig(nq), policyqa: fig(policy), "unanswerable-search": fig(0.02, search) },
});

describe("chooseAnswerGate", () => {
  const base = at(null, 0.01, 0.1, 0.01);
  it("takes the highest cosine under which no set loses more than maxAbstained of its answerable queries", () => {
    const candidates = [at(0.3, 0.01, 0.1, 0.02), at(0.4, 0.02, 0.14, 0.1), at(0.45, 0.03, 0.16, 0.2), at(0.5, 0.05, 0.3, 0.3)];
    expect(chooseAnswerGate({ base, candidates, maxAbstained: 0.05 })?.cosine).toBe(0.4);
    expect(chooseAnswerGate({ base, candidates, maxAbstained: 0.06 })?.cosine).toBe(0.45);
    // The order tried does not matter.
    expect(chooseAnswerGate({ base, candidates: [...candidates].reverse(), maxAbstained: 0.05 })?.cosine).toBe(0.4);
  });

  it("is undefined when every cosine costs a set too much", () => {
    expect(chooseAnswerGate({ base, candidates: [at(0.5, 0.05, 0.3, 0.3)], maxAbstained: 0.05 })).toBeUndefined();
    expect(chooseAnswerGate({ base, candidates: [], maxAbstained: 0.05 })).toBeUndefined();
  });

  it("ranks candidates with a paragraph rule by the rule's cosine", () => {
    const rule = (t: number, search: number, nq: number): AnswerGateCandidate => ({
      ...at(0.4, nq, 0.14, search),
      paragraphs: { others: 0.5, cosine: t },
    });
    const candidates = [rule(0.1, 0.15, 0.02), rule(0.3, 0.3, 0.05), rule(0.2, 0.2, 0.03), rule(0.4, 0.4, 0.07)];
    const chosen = chooseAnswerGate({ base, candidates, maxAbstained: 0.05 });
    expect(chosen?.paragraphs?.cosine).toBe(0.3);
    expect(chosen?.cosine).toBe(0.4);
  });

  it("does not guard a set with no answerable queries", () => {
    const only = (n: number): AnswerGateCandidate => ({ cosine: n, sets: { unanswerable: { ...fig(0, 0.9), answerable: 0, answerableNothing: 0 } } });
    expect(chooseAnswerGate({ base: { cosine: null, sets: {} }, candidates: [only(0.3), only(0.6)], maxAbstained: 0 })?.cosine).toBe(0.6);
  });
});
