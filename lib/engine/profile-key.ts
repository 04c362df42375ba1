// Client-safe and pure: what a stored stage's output depends on, read off the profile by stage rather than field by
// field, so a new setting of a stage is part of its key without being listed anywhere (lib/server/scoring/unit-scores-key.ts
// adds the similarity sources' fingerprints and hashes it).
import { AGGREGATION_FORMULA } from "./compute-unit-scores";
import type { SelectionProfile, SimilarityStage } from "./profile";
import { DEFAULT_FLOOR } from "./select-spans";

/** JSON with every object's keys sorted (undefined values dropped): the same settings give the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[key];
    if (v !== undefined) out[key] = sortKeys(v);
  }
  return out;
}

/**
 * Everything stage 1 (scoreResultUnits) reads of a profile: the units and similarity stages whole, the formula of
 * computeUnitScores, and the selection floor when an answer gate scales the scores above it. The threshold and the
 * other selection settings are not in it: a calibration leaves stored unit scores valid.
 */
export function unitStageSettings(profile: SelectionProfile): Record<string, unknown> {
  return {
    formula: AGGREGATION_FORMULA,
    units: profile.units,
    ...(profile.similarity ? { similarity: profile.similarity } : {}),
    ...(profile.similarity?.passage?.gate ? { gateFloor: profile.selection.floor ?? DEFAULT_FLOOR } : {}),
  };
}

/** What a similarity stage reads beyond its settings: the word vectors, or these sentence encoders (folders under models/). */
export function similaritySources(similarity: SimilarityStage | undefined): { wordVectors: boolean; encoders: string[] } {
  if (!similarity?.weight) return { wordVectors: false, encoders: [] };
  if (similarity.source !== "sentence-encoder") return { wordVectors: true, encoders: [] };
  const names = [undefined, similarity.passage?.encoder, similarity.document?.encoder].map((name) => name ?? DEFAULT_ENCODER);
  return { wordVectors: false, encoders: [...new Set(names)].sort() };
}

/** The sentence encoder a similarity reads where its tier names none: the release's weights. */
export const DEFAULT_ENCODER = "sentence-encoder";
