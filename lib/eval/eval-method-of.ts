import type { EvalExample } from "../data/types";
import type { Method } from "../engine/method";
import { createOracleScorer } from "../engine/scorers/oracle";
import type { TokenScores } from "../engine/types";
import { AppError } from "../errors";
import type { EvalMethod } from "./run-eval";

/**
 * The eval method of a resolved method (`snippet-lab eval`, `eval-all`, `calibrate`, the research views): its name
 * and profile, and its scorer — the oracle's built per example from its gold evidence; a token model's, given cached
 * probabilities per example (`cached`, keyed by example id = pair id), aggregated exactly as its own scorer does, so
 * the numbers equal a fresh run's.
 */
export function evalMethodOf(method: Method, cached?: ReadonlyMap<string, readonly TokenScores[]>): EvalMethod {
  const base = { name: method.id, profile: method.profile };
  if (method.kind === "oracle") return { ...base, createScorer: (example) => createOracleScorer({ evidence: groupEvidence(example) }) };
  const { cachedScorer } = method;
  if (cached && cachedScorer) {
    return {
      ...base,
      createScorer(example) {
        const tokenScores = cached.get(example.id);
        if (!tokenScores) throw new AppError("UNPROCESSABLE", `pair ${example.id} has no cached ${method.id} scores`);
        return cachedScorer(tokenScores);
      },
    };
  }
  return { ...base, createScorer: () => method.scorer() };
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
