import type { EvalExample } from "../data/types";
import { createBm25Scorer } from "../engine/scorers/bm25";
import { createLeadScorer } from "../engine/scorers/lead";
import { createOracleScorer } from "../engine/scorers/oracle";
import type { EvalMethod } from "./run-eval";

/** The eval method of a baseline name, or undefined for anything else (e.g. model:<name>). */
export function createBaselineMethod(name: string): EvalMethod | undefined {
  switch (name) {
    case "bm25": {
      const scorer = createBm25Scorer();
      return { name, createScorer: () => scorer };
    }
    case "lead": {
      const scorer = createLeadScorer();
      return { name, createScorer: () => scorer };
    }
    case "oracle":
      return { name, createScorer: (example: EvalExample) => createOracleScorer({ evidence: groupEvidence(example) }) };
    default:
      return undefined;
  }
}

function groupEvidence(example: EvalExample): Map<string, { start: number; end: number }[]> {
  const map = new Map<string, { start: number; end: number }[]>();
  for (const e of example.evidence) {
    const list = map.get(e.resultId) ?? [];
    list.push({ start: e.start, end: e.end });
    map.set(e.resultId, list);
  }
  return map;
}
