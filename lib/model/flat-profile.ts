// Client-safe and pure. API 1.x sends a method's selection profile in the flat layout of API 1.1.0 (one object,
// similarity settings prefixed `similarity…`), while the code holds it grouped by stage (lib/engine/profile.ts). The
// API edge converts with toFlatProfile; a browser view that re-selects from a response reads it back with
// fromFlatProfile. API 2.0.0 will send the grouped profile and this file goes.
import { z } from "zod";
import { selectionProfileSchema, selectionStageSchema, similarityStageSchema, unitsStageSchema } from "../engine/profile";
import type { SelectionProfile } from "../engine/profile";
import { FLAT_PROFILE_FIELDS, fromFlatLayout } from "./flat-config";
import type { FlatSimilarityName } from "./flat-config";

// Every similarity setting is optional in the flat layout: the stage is (none is sent without `similarityWeight`).
const similarityShape = similarityStageSchema.partial().shape;
type SimilarityShape = typeof similarityShape;
type FlatShape = typeof unitsStageSchema.shape & {
  [K in keyof SimilarityShape & string as FlatSimilarityName<K>]: SimilarityShape[K];
} & typeof selectionStageSchema.shape;
const STAGE_SHAPES: Record<keyof SelectionProfile, Record<string, z.ZodType>> = {
  units: unitsStageSchema.shape,
  similarity: similarityShape,
  selection: selectionStageSchema.shape,
};

/**
 * The profile as API 1.x sends it: the stage schemas' settings (their descriptions included) under their flat names
 * (lib/model/flat-config.ts), in the profile's stage order. The settings measured and removed from the served code
 * (flat-config.ts removedSettings) are not among them.
 */
export const flatProfileSchema = z.object(Object.fromEntries(FLAT_PROFILE_FIELDS.map((f) => [f.flat, STAGE_SHAPES[f.stage][f.name]!])) as FlatShape);
export type FlatProfile = z.output<typeof flatProfileSchema>;

/** A profile grouped by stage in API 1.x's flat layout (the inverse of lib/model/flat-config.ts's conversion). */
export function toFlatProfile(profile: SelectionProfile): FlatProfile {
  const flat: Record<string, unknown> = {};
  for (const f of FLAT_PROFILE_FIELDS) {
    const value = (profile[f.stage] as Record<string, unknown> | undefined)?.[f.name];
    if (value !== undefined) flat[f.flat] = value; // a flat profile never holds `undefined`
  }
  return flat as FlatProfile;
}

/** A flat profile (an API 1.x response's `profile`) grouped by stage, as the engine's stages read it. */
export function fromFlatProfile(flat: FlatProfile): SelectionProfile {
  const { profile } = fromFlatLayout(flat) as { profile: unknown };
  return selectionProfileSchema.parse(profile);
}
