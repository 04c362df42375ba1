// What the default model blends as it is served, for bench-research: the benchmark must time the model with every
// stage of its unit scores, or its figures say nothing about the research views a researcher opens.
import type { SelectionProfile } from "../../lib/engine/profile";
import { similaritySources } from "../../lib/engine/profile-key";
import { sentenceEncoderDir, sentenceEncoderFingerprint } from "../../lib/server/sentence-encoder/load-sentence-encoder";
import { wordVectorsFingerprint } from "../../lib/server/embeddings/load-word-vectors";

export type ServedModel = {
  /** The stages of its unit scores beyond the token probabilities, in words. */
  stages: string[];
  /** The sentence encoders its similarity reads (folders under models/). */
  encoders: string[];
  /** Stages it names that are not installed here: the benchmark would time less than is served. */
  missing: string[];
};

/** The blended stages of a model's profile and whether what they read is installed. */
export function describeServedModel(profile: SelectionProfile): ServedModel {
  const stages: string[] = [];
  const missing: string[] = [];
  const { focusWeight, searchRerank } = profile.units;
  const similarity = profile.similarity;
  const { wordVectors, encoders } = similaritySources(similarity);
  if (focusWeight) stages.push(`focus ${focusWeight}`);
  if (encoders.length > 0) {
    const tiers = [similarity?.passage ? "passage" : "", similarity?.document ? "document" : ""].filter(Boolean);
    stages.push(`sentence-encoder similarity ${similarity!.weight} (${encoders.join(", ")}${tiers.length ? `; ${tiers.join(" and ")} tiers` : ""})`);
    for (const name of encoders) if (!sentenceEncoderFingerprint(sentenceEncoderDir(name))) missing.push(`sentence encoder ${name}`);
  }
  if (wordVectors) {
    stages.push(`word-vector similarity ${similarity!.weight}`);
    if (wordVectorsFingerprint() === "none") missing.push("word vectors");
  }
  if (searchRerank) stages.push(`search rerank ${searchRerank.weight}`);
  return { stages, encoders, missing };
}
