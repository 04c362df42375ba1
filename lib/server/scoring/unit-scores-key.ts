import "server-only";
import { createHash } from "node:crypto";
import { canonicalJson, similaritySources, unitStageSettings } from "../../engine/profile-key";
import type { SelectionProfile, SimilarityStage } from "../../engine/profile";
import { wordVectorsFingerprint } from "../embeddings/load-word-vectors";
import { sentenceEncoderDir, sentenceEncoderFingerprint } from "../sentence-encoder/load-sentence-encoder";

/**
 * The fingerprints of what a similarity stage reads (the word vectors, or each sentence encoder's weights, "none"
 * where missing): scores blended with retrained weights are not read through old rows. From the files: no session
 * starts for a key.
 */
function sourceFingerprints(similarity: SimilarityStage | undefined): Record<string, string> {
  const { wordVectors, encoders } = similaritySources(similarity);
  return Object.fromEntries([
    ...(wordVectors ? [["word-vectors", wordVectorsFingerprint()]] : []),
    ...encoders.map((name) => [name, sentenceEncoderFingerprint(sentenceEncoderDir(name)) ?? "none"]),
  ]);
}

const sha = (value: unknown) => createHash("sha256").update(canonicalJson(value)).digest("hex").slice(0, 32);

/**
 * The key of a profile's unit scores given the same token probabilities (ModelRunUnits.key after the units' key,
 * PairBreakdownSums' models): stage 1's settings as canonical JSON (unitStageSettings) with its similarity sources'
 * fingerprints. A threshold or a fallback floor is not in it; every units or similarity setting is, new ones included.
 * Rows stored under an older key format simply miss and are computed again.
 */
export function unitScoresKey(profile: SelectionProfile): string {
  return `units:${sha({ stage: unitStageSettings(profile), sources: sourceFingerprints(profile.similarity) })}`;
}

/**
 * The key of a similarity stage's unit similarities (UnitSimilarity.key's fingerprint): the stage as canonical JSON
 * with its sources' fingerprints. Its blend settings are in it although the raw similarities do not depend on them:
 * a changed stage computes them again, never reads another's.
 */
export function similarityKey(similarity: SimilarityStage | undefined): string {
  return `similarity:${sha({ similarity: similarity ?? null, sources: sourceFingerprints(similarity) })}`;
}
