import type { SelectionProfile } from "../../schemas/selection-profile";
import { countSimilarityParts } from "../../features/split-sections";
import { scoreResultUnits } from "../select-with-profile";
import type { PreparedResult, Scorer, TokenScores } from "../types";

/**
 * A token model's scorer over token probabilities it gave before (the ModelRun cache): each result's unit scores
 * aggregated with the model's profile exactly as its live scorer does, so a cached run selects what a fresh one does.
 */
export function createCachedScorer({
  name,
  profile,
  tokenScores,
  similarity,
}: {
  name: string;
  profile: SelectionProfile;
  tokenScores: readonly TokenScores[];
  /** The live scorer's unit similarity (profiles with a `similarityWeight`; the server's word vectors or sentence encoder compute it). */
  similarity?: (query: string, results: readonly PreparedResult[], parts: number) => Promise<number[][] | undefined>;
}): Scorer {
  return {
    name,
    async scoreUnits({ query, results, aggregation }) {
      const resultCount = countSimilarityParts(query, results);
      const sims = await similarity?.(query, results, resultCount);
      return {
        unitScores: results.map((result, i) =>
          scoreResultUnits({ query, result, resultCount, tokenScores: tokenScores[i]!, profile, aggregation, similarity: sims?.[i] }),
        ),
        tokenScores: [...tokenScores],
        ...(sims ? { similarity: sims } : {}),
      };
    },
  };
}
