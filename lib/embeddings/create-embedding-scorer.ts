import type { Scorer, UnitScores } from "../engine/types";
import { computeEmbeddingUnitScores, type EmbeddingMode } from "./embedding-unit-scores";
import type { WordVectors } from "./word-vectors";

/** The "embedding" baseline: query–sentence similarity of subword word vectors (see computeEmbeddingUnitScores). */
export function createEmbeddingScorer(opts: { vectors: WordVectors; mode?: EmbeddingMode; floor?: number }): Scorer {
  return {
    name: "embedding",
    async scoreUnits({ query, results }): Promise<UnitScores> {
      return {
        unitScores: computeEmbeddingUnitScores({
          query,
          docs: results.map((r) => ({ text: r.doc.text, units: r.units })),
          vectors: opts.vectors,
          ...(opts.mode ? { mode: opts.mode } : {}),
          ...(opts.floor !== undefined ? { floor: opts.floor } : {}),
        }),
      };
    },
  };
}
