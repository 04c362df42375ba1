// Client-safe and pure: what a command that chooses settings (calibrate, fit-answer-gate, fit-search-rerank, train)
// hands to updateModelProfile (lib/server/model/update-model-profile.ts), the one writer of a model's config.json.
import { z } from "zod";
import { documentTierSchema, passageTierSchema, selectionStageSchema, similarityStageSchema, unitsStageSchema } from "../engine/profile";

/**
 * A change of a model's profile, by stage: each stage's fields replace the config's (a tier's fields its tier's; a
 * gate or a reranker is replaced whole), and `calibration` adds to the record of how the settings were chosen.
 * Unknown fields are refused: a misspelt setting must not be written and then ignored.
 */
export const profilePatchSchema = z
  .object({
    units: unitsStageSchema.partial().strict().optional(),
    similarity: similarityStageSchema
      .extend({ passage: passageTierSchema.partial().strict().optional(), document: documentTierSchema.partial().strict().optional() })
      .partial()
      .strict()
      .optional(),
    selection: selectionStageSchema.partial().strict().optional(),
    calibration: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();
export type ProfilePatch = z.input<typeof profilePatchSchema>;

type Raw = Record<string, unknown>;
const objectOf = (x: unknown): Raw => (typeof x === "object" && x !== null && !Array.isArray(x) ? (x as Raw) : {});
const defined = (o: Raw): Raw => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** `patch` applied to a config in the `reader` + `profile` layout (as written: no defaults added). */
export function applyProfilePatch(config: Raw, patch: z.output<typeof profilePatchSchema>): Raw {
  const profile = objectOf(config.profile);
  const merge = (stage: Raw, change: Raw | undefined) => (change ? { ...stage, ...defined(change) } : stage);
  const similarity = objectOf(profile.similarity);
  const tiers = patch.similarity
    ? {
        ...(patch.similarity.passage ? { passage: merge(objectOf(similarity.passage), patch.similarity.passage) } : {}),
        ...(patch.similarity.document ? { document: merge(objectOf(similarity.document), patch.similarity.document) } : {}),
      }
    : {};
  const next: Raw = {
    units: merge(objectOf(profile.units), patch.units),
    ...(profile.similarity !== undefined || patch.similarity ? { similarity: { ...merge(similarity, patch.similarity), ...tiers } } : {}),
    selection: merge(objectOf(profile.selection), patch.selection),
  };
  return {
    ...config,
    profile: next,
    ...(patch.calibration ? { calibration: { ...objectOf(config.calibration), ...patch.calibration } } : {}),
  };
}

/** A config's keys in the order config.json lists them: what it is, how it reads, how it selects, then how it was made. */
export function orderConfigKeys(config: Raw): Raw {
  const { name, description, reader, profile, ...made } = config;
  const stages = objectOf(profile);
  const { units, similarity, selection, ...other } = stages;
  const ordered = defined({ units, similarity, selection, ...other });
  return defined({ name, description, reader, profile: profile === undefined ? undefined : ordered, ...made });
}
