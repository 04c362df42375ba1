import type { EvalExample } from "../data/types";
import type { Method } from "../engine/method";
import { createOracleScorer } from "../engine/scorers/oracle";
import type { TokenScores } from "../engine/types";
import { AppError } from "../errors";
import type { EvalMethod } from "./run-eval";

/**
 * The eval method of a resolved method (`snippet-lab eval`, `eval-all`, `calibrate`, the research views): its name
 * and profile, and its evidence — the oracle's built per example from its gold evidence; a token model's, given cached
 * probabilities per example (`cached`, keyed by example id = pair id), read from them, so the numbers equal a fresh
 * run's (runEval applies the profile's unit stage to either).
 */
export function evalMethodOf(method: Method, cached?: ReadonlyMap<string, readonly TokenScores[]>): EvalMethod {
  const base = { name: method.id, profile: method.profile };
  if (method.kind === "oracle")
    return {
      ...base,
      score: (example, input) => createOracleScorer({ evidence: groupEvidence(example) }).scoreUnits({ ...input, results: [...input.results] }),
    };
  if (cached && method.kind === "model") {
    return {
      ...base,
      score(example, input) {
        const tokenScores = cached.get(example.id);
        if (!tokenScores) throw new AppError("UNPROCESSABLE", `pair ${example.id} has no cached ${method.id} scores`);
        return method.score({ ...input, cached: tokenScores });
      },
    };
  }
  return { ...base, ready: () => method.scorer(), score: (_, input) => method.score(input) };
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
