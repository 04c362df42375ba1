import { z } from "zod";
import { AGGREGATIONS } from "../engine/methods";

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

/**
 * A method's selection profile: EVERY setting that turns its scores into a selection, in one object. A model's
 * config.json holds them at its top level (modelConfigSchema spreads selectionProfileConfigShape), the method object carries them
 * (resolveMethod), the compress response returns them as `profile`, and the one pure pair of functions that uses them
 * (`scoreResultUnits`, `selectWithProfile` in lib/engine/select-with-profile.ts) runs on the server, in the browser,
 * in research views and in evaluation alike. A new setting is a field here and its use there. Client-safe.
 */
const encoderFolderSchema = z.string().regex(/^[a-z0-9][a-z0-9._-]*$/, "a folder name under models/");
const similarityBlendSchema = z.enum(["mix", "scale", "rank", "geometric", "interleave"]);
const similarityContextSchema = z.enum(["mean", "max"]);
export type SimilarityContext = z.infer<typeof similarityContextSchema>;
const similarityContextUnitsSchema = z.enum(["all", "referring"]);
export type SimilarityContextUnits = z.infer<typeof similarityContextUnitsSchema>;
const similarityFeedbackSchema = z.object({ top: z.number().int().min(1).max(50), weight: z.number().gt(0).max(4) });
export type SimilarityFeedback = z.infer<typeof similarityFeedbackSchema>;
/** What a similarity tier (passage, document) sets: its blend, weight, encoder folder and how units are read. */
const similarityTierFields = {
  blend: similarityBlendSchema,
  weight: z.number().min(0).max(1),
  encoder: encoderFolderSchema.optional(),
  context: similarityContextSchema
    .optional()
    .describe(
      'How the sentence encoder reads a unit: also with the unit before it in the same paragraph, so a sentence that refers back ("This basin …") is read with what it refers to; its cosine is the `mean` or the `max` of the two (absent: the unit alone).',
    ),
  contextUnits: similarityContextUnitsSchema
    .optional()
    .describe(
      'With `context`: which units are read with the unit before them: `all`, or only those `referring` back in their opening words (a pronoun or demonstrative: "It", "These basins", "In 1990 he …"), which costs the encoder far fewer texts (absent: all).',
    ),
  feedback: similarityFeedbackSchema
    .optional()
    .describe(
      "Pseudo-relevance feedback (Rocchio): the query's vector is moved towards the mean of its `top` closest units in the result, by `weight`, and every unit's cosine is read again against it, so sentences on the subject of the best matches rise (absent: the query alone).",
    ),
};

export const selectionProfileSchema = z.object({
  aggregation: z.enum(AGGREGATIONS).describe("How a unit's token probabilities become its score."),
  threshold: z
    .number()
    .min(0)
    .max(1)
    .describe("Default threshold: units scoring below it are dropped (models: calibrated on the validation split; baselines 0)."),
  fallbackFloor: z
    .number()
    .min(0)
    .max(1)
    .optional()
    .describe(
      "The model's calibrated fallback floor: with a threshold above the floor, nothing is kept unless the best unit scores above it; when nothing passes the threshold, the best unit is kept only above it.",
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
  floor: z
    .number()
    .min(0)
    .max(1)
    .optional()
    .describe("The model's calibrated selection floor: a unit scoring at or below it never fills the budget (absent: the engine's 0.02)."),
  focusWeight: z
    .number()
    .min(0)
    .max(1)
    .optional()
    .describe(
      "The model's focus-term weight: within a titled result, unit scores blend in the BM25 of the query's terms that are not in the title (lib/engine/focus-terms.ts; absent: the model's scores alone).",
    ),
  similarityWeight: z
    .number()
    .min(0)
    .max(1)
    .optional()
    .describe(
      "The model's word-vector weight: within each result, unit scores blend in the query–unit similarity of the shipped subword word vectors (models/embeddings; each unit's `similarity` in responses), the result's best unit keeping its score (lib/engine/blend-similarity.ts; absent: the model's scores alone).",
    ),
  similaritySource: z
    .enum(["word-vectors", "sentence-encoder"])
    .optional()
    .describe(
      "What `similarityWeight` blends in: `word-vectors` (the default; models/embeddings) or `sentence-encoder`, the cosine between the query and each unit of a pretrained English sentence encoder (models/sentence-encoder), for queries whose words its vocabulary reads (lib/sentence-encoder/reads-text.ts; other queries keep the model's scores).",
    ),
  similarityEncoder: encoderFolderSchema
    .optional()
    .describe(
      "Which sentence encoder `similaritySource: sentence-encoder` reads: a folder under models/ (absent: `sentence-encoder`, the release's weights; `sentence-encoder-tuned` holds them tuned by this project on the training split's question–answer-sentence lists).",
    ),
  similarityBlend: similarityBlendSchema
    .optional()
    .describe(
      "How `similarityWeight` blends: `mix` (the default) adds the similarity as a share of the result's best score; `scale` multiplies each unit's score by (1 − weight + weight × similarity), so it reorders what the model keeps and never lifts a unit the model scored near 0; `rank` orders the units as `mix` does and hands them the model's own scores in that order, so the similarity chooses which units and the model's scores how many; `interleave` hands them out in turns between the model's ranking and the similarity's (lib/engine/blend-similarity.ts).",
    ),
  similarityMaxUnits: z
    .number()
    .int()
    .positive()
    .optional()
    .describe(
      "The most units a result may have to be blended with its similarity (absent: 12, SIMILARITY_MAX_UNITS in lib/engine/blend-similarity.ts).",
    ),
  similarityPassage: z
    .object({
      maxUnits: z.number().int().positive(),
      maxResults: z.number().int().positive().optional(),
      ...similarityTierFields,
      gate: z
        .object({
          cosine: z.number().min(-1).max(1),
          scale: z.number().min(0).max(1),
          paragraphs: z
            .object({ others: z.number().min(0).max(1), cosine: z.number().min(-2).max(2) })
            .optional()
            .describe(
              "A passage of several paragraphs (a newline between units) is also gated when its best cosine less `others` × the mean of its other paragraphs' best cosines is under `cosine` (the paragraphs retrieved with it are the query's own background; chosen by `snippet-lab fit-answer-gate` after the cosine).",
            ),
        })
        .optional()
        .describe(
          "The answer gate (sentence encoder only): a passage whose best unit's cosine to the query is below `cosine` has its unit scores above the selection floor scaled by `scale`, so at the model's threshold it falls under the fallback floor and keeps nothing, while a budget keeps the same units of it; a query made of the result's title is not gated (lib/engine/blend-similarity.ts answerGateFactor; chosen by `snippet-lab fit-answer-gate`).",
        ),
    })
    .optional()
    .describe(
      "How a passage (a result of at most `maxUnits` units, in a set of at most `maxResults` results) blends its similarity instead of `similarityBlend` and `similarityWeight`, and from which sentence encoder (`encoder`, a folder under models/; absent: `similarityEncoder`). Absent: every result blends alike (lib/engine/blend-similarity.ts similarityBlendFor).",
    ),
  similarityDocument: z
    .object({
      ...similarityTierFields,
    })
    .optional()
    .describe(
      "How a single long document (the set's only result, longer than a passage, without two titled sections: lib/features/split-sections.ts countSimilarityParts) blends its similarity instead of `similarityBlend` and `similarityWeight`, and from which sentence encoder (`encoder`; absent: `similarityEncoder`), unless the query is made of its title (a broad query: the whole document is on topic). Up to `similarityMaxUnits` units. Absent: it blends as any other result.",
    ),
  searchRerank: searchRerankSchema
    .optional()
    .describe(
      "The model's search-query reranker: for a query typed as a search query (its first letter lowercase) over a passage of at most 12 units, unit scores blend in a linear reranker fitted on the training split (`snippet-lab fit-search-rerank`; lib/engine/search-rerank.ts), the result's best unit keeping its score (absent: the model's scores alone).",
    ),
});

export type SelectionProfile = z.output<typeof selectionProfileSchema>;
export type SearchRerank = z.output<typeof searchRerankSchema>;

/** The profile as a model's config.json writes it (modelConfigSchema spreads it): threshold and aggregation defaulted. */
export const selectionProfileConfigShape = {
  ...selectionProfileSchema.shape,
  aggregation: selectionProfileSchema.shape.aggregation.default("mean"),
  threshold: selectionProfileSchema.shape.threshold.default(0.5),
};
const selectionProfileConfigSchema = z.object(selectionProfileConfigShape);

/** The profile of a model's config (or any object holding the settings at its top level): exactly its settings. */
export function profileOf(config: Partial<Record<keyof SelectionProfile, unknown>>): SelectionProfile {
  return selectionProfileConfigSchema.parse(config);
}

/** The settings `snippet-lab calibrate` chooses on validation data (a fine-tuned model without data inherits them). */
export const CALIBRATED_SETTINGS = ["threshold", "floor", "fallbackFloor"] as const satisfies readonly (keyof SelectionProfile)[];

/** The calibrated settings a profile has (absent ones stay absent: the engine's). */
export function calibratedSettings(profile: SelectionProfile): Partial<SelectionProfile> {
  return Object.fromEntries(CALIBRATED_SETTINGS.flatMap((k) => (profile[k] !== undefined ? [[k, profile[k]]] : [])));
}
