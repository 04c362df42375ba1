// Client-safe and pure: the profile `snippet-lab train` gives a new model beside its weights (each setting chosen on
// validation: the model card's sections), before calibrate, fit-search-rerank and fit-answer-gate patch it.
import { calibratedSettings, type SelectionProfile, type SelectionStage, type SimilarityStage } from "../engine/profile";

/** The focus-term weight a new model gets (the shipped models' `units.focusWeight`, chosen on validation). */
export const DEFAULT_FOCUS_WEIGHT = 0.5;

/**
 * The best-unit cut a new model gets (the shipped default's, chosen on validation; model card, "A best sentence
 * larger than the budget").
 */
export const DEFAULT_CUT_BEST = { cutBestBelow: 0.5, cutBestMinShare: 0.9 } as const satisfies Partial<SelectionStage>;

/**
 * The similarity stage a new student and its teacher get (the shipped default's, each tier chosen on validation;
 * model card, "A pretrained sentence encoder's similarity", "A sentence encoder tuned on the training split" and
 * "Single long documents"): the release's encoder scales the units of multi-result sets, the tuned one (`encoder`)
 * ranks the units of passages and takes turns with the model on a single long document. The answer gate is chosen
 * after calibration (fit-answer-gate).
 */
export function defaultSimilarity(encoder: string): SimilarityStage {
  return {
    weight: 0.5,
    source: "sentence-encoder",
    blend: "scale",
    maxUnits: 1000,
    passage: { maxUnits: 40, maxResults: 5, blend: "rank", weight: 0.6, encoder },
    document: { blend: "interleave", weight: 0.5, encoder },
  };
}

/** The best-unit cut's settings (a fine-tune follows its base's). */
const CUT_BEST_SETTINGS = ["cutBestBelow", "cutBestMinShare"] as const satisfies ReadonlyArray<keyof SelectionStage>;

/** A fine-tune's base: its name and how to read a model's profile. */
export type RecipeBase = { name: string; readProfile: (name: string) => SelectionProfile };

/**
 * What a new model serves beside its weights: the similarity stage and the best-unit cut. Student and teacher get the
 * same, so a comparison of the two compares their weights; a fine-tune (`base`) takes the same role's base model's.
 * The answer gate is fitted per model afterwards (fit-answer-gate), or inherited with the base's passage tier.
 */
export function servedSettingsFor(opts: { role: "student" | "teacher"; encoder: string; base?: RecipeBase | undefined }): {
  similarity?: SimilarityStage;
  selection: Partial<SelectionStage>;
} {
  const { role, encoder, base } = opts;
  if (!base) return { similarity: defaultSimilarity(encoder), selection: { ...DEFAULT_CUT_BEST } };
  const profile = base.readProfile(role === "student" ? base.name : `${base.name}-teacher`);
  const cut = Object.fromEntries(CUT_BEST_SETTINGS.flatMap((k) => (profile.selection[k] !== undefined ? [[k, profile.selection[k]]] : [])));
  return { ...(profile.similarity ? { similarity: profile.similarity } : {}), selection: cut };
}

/**
 * The whole profile a new model's config.json is written with. A fresh model: the focus weight, the served settings
 * and a threshold that `calibrate` replaces. A fine-tune without data to calibrate on: its role's base's calibrated
 * settings and search-query reranker (it reads the fine-tuned scores as it read the base's), the base student's focus
 * weight.
 */
export function newModelProfile(opts: { role: "student" | "teacher"; encoder: string; base?: RecipeBase | undefined }): SelectionProfile {
  const served = servedSettingsFor(opts);
  const similarity = served.similarity ? { similarity: served.similarity } : {};
  const { base } = opts;
  if (!base)
    return { units: { aggregation: "mean", focusWeight: DEFAULT_FOCUS_WEIGHT }, ...similarity, selection: { threshold: 0.5, ...served.selection } };
  const own = base.readProfile(opts.role === "student" ? base.name : `${base.name}-teacher`);
  const focusWeight = base.readProfile(base.name).units.focusWeight;
  return {
    units: {
      aggregation: "mean",
      ...(focusWeight !== undefined ? { focusWeight } : {}),
      ...(own.units.searchRerank ? { searchRerank: own.units.searchRerank } : {}),
    },
    ...similarity,
    selection: { threshold: 0.5, ...served.selection, ...calibratedSettings(own) },
  };
}
