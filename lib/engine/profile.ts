// The selection profile, owned by the engine: every setting that turns a method's scores into a selection, grouped by
// the stage that reads it. Client-safe (zod only). A model's config.json holds it as `profile` (lib/model/model-config.ts),
// the method object carries it (resolveMethod), the compress response returns it, and the pure stages that read it
// (lib/engine/select-with-profile.ts) run on the server, in the browser, in research views and in evaluation alike.
//
// Adding a setting: a field of its stage below and its use in the engine. Stored unit scores are keyed by the whole
// `units` and `similarity` stages (unitScoresKey), so nothing else lists the fields.
import { z } from "zod";
import { AGGREGATIONS } from "./methods";

/** A fitted search-query reranker (lib/engine/search-rerank.ts): standardisation and coefficients per feature. */
export const searchRerankSchema = z
  .object({
    features: z.string().describe("The feature set it was fitted on (SEARCH_RERANK_FEATURES); another set's fit is not applied."),
    weight: z.number().min(0).max(1).describe("How much of the reranker is mixed into the model's unit scores (chosen on validation)."),
    mean: z.array(z.number()),
    sd: z.array(z.number()),
    coefficients: z.array(z.number()),
    lists: z.number().int().optional().describe("How many training result lists it was fitted on."),
  })
  .refine((r) => r.mean.length === r.coefficients.length && r.sd.length === r.coefficients.length, {
    message: "mean, sd and coefficients must have one entry per feature",
  });
export type SearchRerank = z.output<typeof searchRerankSchema>;

/** Stage 1: how a result's token probabilities become its unit scores (lib/engine/compute-unit-scores.ts). */
export const unitsStageSchema = z.object({
  aggregation: z.enum(AGGREGATIONS).describe("How a unit's token probabilities become its score."),
  focusWeight: z
    .number()
    .min(0)
    .max(1)
    .optional()
    .describe(
      "The focus-term weight: within a titled result, unit scores blend in the BM25 of the query's terms that are not in the title (lib/engine/focus-terms.ts; absent: the model's scores alone).",
    ),
  searchRerank: searchRerankSchema
    .optional()
    .describe(
      "The search-query reranker: for a query typed as a search query (its first letter lowercase) over a passage of at most 12 units, unit scores blend in a linear reranker fitted on the training split (`snippet-lab fit-search-rerank`; lib/engine/search-rerank.ts), the result's best unit keeping its score (absent: the model's scores alone).",
    ),
});
export type UnitsStage = z.output<typeof unitsStageSchema>;

const encoderFolderSchema = z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, "a folder name under models/");
export const SIMILARITY_BLENDS = ["mix", "scale", "rank", "interleave"] as const;
/** How a similarity enters the unit scores (lib/engine/blend-similarity.ts blendSimilarity). */
export type SimilarityBlend = (typeof SIMILARITY_BLENDS)[number];
const similarityBlendSchema = z.enum(SIMILARITY_BLENDS);
const similarityContextSchema = z.enum(["mean", "max"]);
export type SimilarityContext = z.infer<typeof similarityContextSchema>;

/** What a similarity tier (passage, document) sets: its blend, weight, encoder folder and how units are read. */
const tierFields = {
  blend: similarityBlendSchema,
  weight: z.number().min(0).max(1),
  encoder: encoderFolderSchema.optional().describe("The sentence encoder this tier reads, a folder under models/ (absent: `sentence-encoder`)."),
  context: similarityContextSchema
    .optional()
    .describe(
      'How the sentence encoder reads a unit: also with the unit before it in the same paragraph, so a sentence that refers back ("This basin …") is read with what it refers to; its cosine is the `mean` or the `max` of the two (absent: the unit alone).',
    ),
};

/**
 * The passage tier's answer gate: a passage whose best unit's cosine to the query is below `cosine` has its unit
 * scores above the selection floor scaled by `scale` (lib/engine/blend-similarity.ts answerGateFactor).
 */
export const answerGateSchema = z
  .object({ cosine: z.number().min(-1).max(1), scale: z.number().min(0).max(1) })
  .describe(
    "The answer gate (sentence encoder only): a passage whose best unit's cosine to the query is below `cosine` has its unit scores above the selection floor scaled by `scale`, so at the model's threshold it falls under the fallback floor and keeps nothing, while a budget keeps the same units of it; a query made of the result's title is not gated (chosen by `snippet-lab fit-answer-gate`).",
  );
export type AnswerGate = z.output<typeof answerGateSchema>;

export const passageTierSchema = z
  .object({
    maxUnits: z.number().int().positive(),
    maxResults: z.number().int().positive().optional(),
    ...tierFields,
    gate: answerGateSchema.optional(),
  })
  .describe(
    "How a passage (a result of at most `maxUnits` units, in a set of at most `maxResults` results) blends its similarity instead of the stage's `blend` and `weight`, and from which sentence encoder. Absent: every result blends alike (lib/engine/blend-similarity.ts similarityBlendFor).",
  );
export type PassageTier = z.output<typeof passageTierSchema>;

export const documentTierSchema = z
  .object(tierFields)
  .describe(
    "How a single long document (the set's only part, longer than a passage: lib/features/split-sections.ts countSimilarityParts) blends its similarity instead of the stage's `blend` and `weight`, unless the query is made of its title. Absent: it blends as any other result.",
  );
export type DocumentTier = z.output<typeof documentTierSchema>;

/** Stage 1b: each unit's similarity to the query, blended into its score (lib/engine/blend-similarity.ts). */
export const similarityStageSchema = z.object({
  weight: z
    .number()
    .min(0)
    .max(1)
    .describe(
      "How much of the query–unit similarity is blended into the unit scores, within each result, the result's best unit keeping its score (0: not blended; each unit's `similarity` in responses).",
    ),
  source: z
    .enum(["word-vectors", "sentence-encoder"])
    .optional()
    .describe(
      "What is blended: `word-vectors` (the default; models/embeddings) or `sentence-encoder`, the cosine between the query and each unit of a pretrained English sentence encoder (models/sentence-encoder), for queries whose words its vocabulary reads (lib/sentence-encoder/reads-text.ts; other queries keep the model's scores).",
    ),
  blend: similarityBlendSchema
    .optional()
    .describe(
      "How it blends: `mix` (the default) adds the similarity as a share of the result's best score; `scale` multiplies each unit's score by (1 − weight + weight × similarity), so it reorders what the model keeps and never lifts a unit the model scored near 0; `rank` orders the units as `mix` does and hands them the model's own scores in that order; `interleave` hands them out in turns between the model's ranking and the similarity's (lib/engine/blend-similarity.ts).",
    ),
  maxUnits: z
    .number()
    .int()
    .positive()
    .optional()
    .describe(
      "The most units a result may have to be blended with its similarity (absent: 12, SIMILARITY_MAX_UNITS in lib/engine/blend-similarity.ts).",
    ),
  passage: passageTierSchema.optional(),
  document: documentTierSchema.optional(),
});
export type SimilarityStage = z.output<typeof similarityStageSchema>;

/** Stage 2: which units a result set keeps (lib/engine/select-spans.ts selectSpans takes these fields as they are). */
export const selectionStageSchema = z.object({
  threshold: z
    .number()
    .min(0)
    .max(1)
    .describe("Default threshold: units scoring below it are dropped (models: calibrated on the validation split; baselines 0)."),
  floor: z
    .number()
    .min(0)
    .max(1)
    .optional()
    .describe("The calibrated selection floor: a unit scoring at or below it never fills the budget (absent: the engine's 0.02)."),
  fallbackFloor: z
    .number()
    .min(0)
    .max(1)
    .optional()
    .describe(
      "The calibrated fallback floor: with a threshold above the floor, nothing is kept unless the best unit scores above it; when nothing passes the threshold, the best unit is kept only above it.",
    ),
  cutBestBelow: z
    .number()
    .gt(0)
    .max(1)
    .optional()
    .describe(
      "When the best unit alone exceeds the budget and no unit that fits scores at least this share of its score, the best unit is kept cut to a verbatim prefix instead of filling the budget with the rest (only above the fallback floor). Absent: the budget is packed with whatever fits.",
    ),
  cutBestMinShare: z
    .number()
    .min(0)
    .max(1)
    .optional()
    .describe(
      "With cutBestBelow: the share of the best unit's characters its prefix must hold for the cut to replace the packing (absent: 0, any prefix).",
    ),
});
export type SelectionStage = z.output<typeof selectionStageSchema>;

/** A method's selection profile: its settings by stage, in the order they run. */
export const selectionProfileSchema = z.object({
  units: unitsStageSchema,
  similarity: similarityStageSchema
    .optional()
    .describe("The similarity blended into the unit scores (models that read one; absent: the model's scores alone)."),
  selection: selectionStageSchema,
});
export type SelectionProfile = z.output<typeof selectionProfileSchema>;

/** The settings `snippet-lab calibrate` chooses on validation data (a fine-tuned model without data inherits them). */
export const CALIBRATED_SETTINGS = ["threshold", "floor", "fallbackFloor"] as const satisfies readonly (keyof SelectionStage)[];

/** The calibrated settings a profile has (absent ones stay absent: the engine's). */
export function calibratedSettings(profile: SelectionProfile): Partial<SelectionStage> {
  return Object.fromEntries(CALIBRATED_SETTINGS.flatMap((k) => (profile.selection[k] !== undefined ? [[k, profile.selection[k]]] : [])));
}
