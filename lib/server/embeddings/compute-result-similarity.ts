import "server-only";
import { blendsSimilarity } from "../../engine/blend-similarity";
import { computeEmbeddingUnitScores } from "../../embeddings/embedding-unit-scores";
import type { WordVectors } from "../../embeddings/word-vectors";
import type { SelectionProfile } from "../../schemas/selection-profile";
import { computeEncoderSimilarity } from "../sentence-encoder/compute-encoder-similarity";
import { loadSentenceEncoder, type SentenceEncoder } from "../sentence-encoder/load-sentence-encoder";
import { loadWordVectors, wordVectorsFingerprint } from "./load-word-vectors";

const warned = new Set<string>();

function warnOnce(source: string, e: unknown): undefined {
  if (!warned.has(source)) console.warn(`[similarity] ${source} unavailable, model scores without similarityWeight: ${(e as Error).message}`);
  warned.add(source);
  return undefined;
}

function vectorsOrWarn(): WordVectors | undefined {
  try {
    return loadWordVectors();
  } catch (e) {
    return warnOnce("word vectors", e);
  }
}

async function encoderOrWarn(): Promise<SentenceEncoder | undefined> {
  return loadSentenceEncoder().catch((e: unknown) => warnOnce("sentence encoder", e));
}

type SimilarityProfile = Pick<SelectionProfile, "similarityWeight" | "similaritySource" | "similarityBlend" | "similarityMaxUnits">;

/**
 * Each result's query–unit similarity (normalised within the result; empty for a result too long to be blended) for
 * a profile with a `similarityWeight`, from its `similaritySource` (word vectors or the sentence encoder); undefined
 * for any other profile, when the source is missing (logged once: the model's scores then stand alone), or when the
 * sentence encoder does not read the query.
 */
export async function computeResultSimilarity(
  profile: SimilarityProfile,
  query: string,
  results: ReadonlyArray<{ doc: { text: string }; units: ReadonlyArray<{ start: number; end: number }> }>,
): Promise<number[][] | undefined> {
  if (!profile.similarityWeight) return undefined;
  // A long result is not blended (blendsSimilarity): nothing to compute, and no `similarity` in its units.
  const blends = (units: number) => blendsSimilarity(units, profile.similarityMaxUnits);
  if (profile.similaritySource === "sentence-encoder") {
    const encoder = await encoderOrWarn();
    return encoder ? computeEncoderSimilarity({ encoder, query, results, blends }) : undefined;
  }
  const vectors = vectorsOrWarn();
  if (!vectors) return undefined;
  return results.map((r) =>
    blends(r.units.length) ? computeEmbeddingUnitScores({ query, docs: [{ text: r.doc.text, units: r.units }], vectors })[0]! : [],
  );
}

/**
 * What a profile's similarity was computed from, for keys of stored unit scores: the source's fingerprint (word
 * vectors or sentence encoder), so scores blended with retrained weights are not read through old rows.
 */
export async function similarityFingerprint(profile: SimilarityProfile): Promise<string> {
  // The word vectors' key without the newer settings is the one stored rows were written under.
  const settings = `${profile.similarityBlend && profile.similarityBlend !== "mix" ? ` ${profile.similarityBlend}` : ""}${profile.similarityMaxUnits ? ` max ${profile.similarityMaxUnits}` : ""}`;
  if (profile.similaritySource === "sentence-encoder") {
    const encoder = await loadSentenceEncoder().catch(() => undefined);
    return `encoder ${encoder?.fingerprint ?? "none"}${settings}`;
  }
  return `${wordVectorsFingerprint()}${settings}`;
}
