// What the default model blends as it is served, for bench-research: the benchmark must time the model with every
// stage of its unit scores, or its figures say nothing about the research views a researcher opens.
import type { SelectionProfile } from "../../lib/schemas/selection-profile";
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
  const encoders = new Set<string>();
  if (profile.focusWeight) stages.push(`focus ${profile.focusWeight}`);
  if (profile.similarityWeight) {
    if (profile.similaritySource === "sentence-encoder") {
      encoders.add(profile.similarityEncoder ?? "sentence-encoder");
      if (profile.similarityPassage?.encoder) encoders.add(profile.similarityPassage.encoder);
      if (profile.similarityDocument?.encoder) encoders.add(profile.similarityDocument.encoder);
      const tiers = [profile.similarityPassage ? "passage" : "", profile.similarityDocument ? "document" : ""].filter(Boolean);
      stages.push(
        `sentence-encoder similarity ${profile.similarityWeight} (${[...encoders].join(", ")}${tiers.length ? `; ${tiers.join(" and ")} tiers` : ""})`,
      );
      for (const name of encoders) if (!sentenceEncoderFingerprint(sentenceEncoderDir(name))) missing.push(`sentence encoder ${name}`);
    } else {
      stages.push(`word-vector similarity ${profile.similarityWeight}`);
      try {
        wordVectorsFingerprint();
      } catch {
        missing.push("word vectors");
      }
    }
  }
  if (profile.searchRerank) stages.push(`search rerank ${profile.searchRerank.weight}`);
  return { stages, encoders: [...encoders], missing };
}
