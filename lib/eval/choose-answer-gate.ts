/** What one answer-gate cosine does to one validation set at the model's default threshold, no budget. */
export interface AnswerGateSetFigures {
  /** Answerable queries, and the share of them that keep nothing. */
  answerable: number;
  answerableNothing: number;
  /** Mean evidence recall of the answerable queries. */
  recall: number;
  /** Unanswerable queries, and the share of them that keep nothing (0 queries: the set has none). */
  unanswerable: number;
  unanswerableNothing: number;
}

export interface AnswerGateCandidate {
  /** The gate's cosine (null: no gate, the model as it is). */
  cosine: number | null;
  /** The paragraph rule beside it (AnswerGate.paragraphs): candidates that have it are ranked by its cosine. */
  paragraphs?: { others: number; cosine: number } | undefined;
  sets: Record<string, AnswerGateSetFigures>;
}

export interface ChooseAnswerGateOptions {
  /** The model without a gate, then one entry per cosine tried. */
  base: AnswerGateCandidate;
  candidates: readonly AnswerGateCandidate[];
  /** The most a gate may add to any set's share of answerable queries that keep nothing. */
  maxAbstained: number;
}

const rank = (c: AnswerGateCandidate) => c.paragraphs?.cosine ?? c.cosine!;

/**
 * The highest gate cosine (among candidates with a paragraph rule, the highest paragraph cosine): the one that keeps
 * nothing for the most unanswerable queries, under which no validation
 * set's share of answerable queries keeping nothing grows by more than `maxAbstained` over the model without a gate
 * (the fallback floor's own rule: a RAG system that loses an answer pays more than one that keeps a few tokens too
 * many). Undefined when no cosine passes.
 */
export function chooseAnswerGate({ base, candidates, maxAbstained }: ChooseAnswerGateOptions): AnswerGateCandidate | undefined {
  let chosen: AnswerGateCandidate | undefined;
  for (const c of candidates) {
    if (c.cosine === null) continue;
    const ok = Object.entries(c.sets).every(([name, f]) => {
      const before = base.sets[name];
      return f.answerable === 0 || !before || f.answerableNothing - before.answerableNothing <= maxAbstained + 1e-12;
    });
    if (ok && (!chosen || rank(c) > rank(chosen))) chosen = c;
  }
  return chosen;
}
