import { categorySpansFromTokens } from "./category-spans-from-tokens";
import type { Span } from "./schemas";

export type CategoryScoredResult = {
  id: string;
  text: string;
  tokenScores?: { starts: ArrayLike<number>; ends: ArrayLike<number>; categories?: ArrayLike<number> | undefined } | null | undefined;
};

/**
 * The model's category of every token of each scored result (models with a category head) as runs with ids
 * (`cat-<document>-<k>`), on word edges: the workspace's categories layer, why the model keeps or drops text.
 */
export function resultCategorySpans(results: readonly CategoryScoredResult[]): (Span & { id: string })[] {
  return results.flatMap((r) =>
    r.tokenScores?.categories
      ? categorySpansFromTokens({
          documentId: r.id,
          text: r.text,
          starts: r.tokenScores.starts,
          ends: r.tokenScores.ends,
          categories: r.tokenScores.categories,
          // Marks a person reads: never "doc|s" or "AbortS|ignal" (a word's sub-word tokens in two categories).
          wordEdges: true,
        }).map((s, k) => ({ ...s, id: `cat-${r.id}-${k}` }))
      : [],
  );
}
