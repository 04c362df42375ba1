import "server-only";
import { blendsSimilarity } from "../../engine/blend-similarity";
import { computeEmbeddingUnitScores } from "../../embeddings/embedding-unit-scores";
import type { WordVectors } from "../../embeddings/word-vectors";
import type { SelectionProfile } from "../../schemas/selection-profile";
import { loadWordVectors } from "./load-word-vectors";

let warned = false;

function vectorsOrWarn(): WordVectors | undefined {
  try {
    return loadWordVectors();
  } catch (e) {
    if (!warned) console.warn(`[embeddings] word vectors unavailable, model scores without similarityWeight: ${(e as Error).message}`);
    warned = true;
    return undefined;
  }
}

/**
 * Each result's query–unit similarity (word vectors, normalised within the result; empty for a result too long to
 * be blended) for a profile with a
 * `similarityWeight`; undefined for any other profile, or when the vectors are missing (logged once: the model's
 * scores then stand alone).
 */
export function computeResultSimilarity(
  profile: Pick<SelectionProfile, "similarityWeight">,
  query: string,
  results: ReadonlyArray<{ doc: { text: string }; units: ReadonlyArray<{ start: number; end: number }> }>,
): number[][] | undefined {
  if (!profile.similarityWeight) return undefined;
  const vectors = vectorsOrWarn();
  if (!vectors) return undefined;
  // A long result is not blended (blendsSimilarity): nothing to compute, and no `similarity` in its units.
  return results.map((r) =>
    blendsSimilarity(r.units.length) ? computeEmbeddingUnitScores({ query, docs: [{ text: r.doc.text, units: r.units }], vectors })[0]! : [],
  );
}
