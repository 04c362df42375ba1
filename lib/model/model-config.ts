import { z } from "zod";
import type { WordPieceOptions } from "../tokenizer/wordpiece";
import { selectionProfileSchema, selectionStageSchema, unitsStageSchema, type SelectionProfile } from "../engine/profile";
import { fromFlatLayout } from "./flat-config";

/**
 * How the model reads a result set: its files, tokenizer, graph inputs and outputs, input features and windows.
 * Cached token probabilities depend on these and the weights only (modelFingerprint), never on the profile.
 */
export const readerSchema = z.object({
  /** Relative file names inside the model folder. */
  files: z
    .object({ model: z.string().default("model.onnx"), vocab: z.string().default("vocab.txt") })
    .default({ model: "model.onnx", vocab: "vocab.txt" }),
  tokenizer: z
    .object({
      type: z.literal("wordpiece"),
      lowercase: z.literal(true).default(true),
      /** BERT uncased strips accents; the project's multilingual vocabularies keep them. */
      stripAccents: z.boolean().default(true),
      /**
       * Words of a script the vocabulary covers only by single letters (e.g. Cyrillic in the shipped vocabulary) are
       * one [UNK] each, as words of a script it lacks are (WordPieceOptions.spelledWordsAsUnknown).
       */
      spelledWordsAsUnknown: z.boolean().default(false),
      /**
       * A traditional Chinese character the vocabulary lacks is read as its simplified form where the vocabulary has
       * it (WordPieceOptions.traditionalAsSimplified). Measured, not served: the shipped weights rank the same.
       */
      traditionalAsSimplified: z.boolean().default(false),
    })
    .default({ type: "wordpiece", lowercase: true, stripAccents: true, spelledWordsAsUnknown: false, traditionalAsSimplified: false }),
  /** Input/output names of the graph. The output is either keep probabilities or logits, [batch, seq] or [batch, seq, 2]. */
  io: z
    .object({
      inputIds: z.string().default("input_ids"),
      attentionMask: z.string().default("attention_mask"),
      tokenTypeIds: z.string().nullable().default("token_type_ids"),
      output: z.string().default("probs"),
      outputKind: z.enum(["probs", "logits", "logits2"]).default("probs"),
      /** [batch, seq, features] int64 input (models with `features`). */
      features: z.string().optional(),
      /** [batch, seq, 6] category probabilities (SPAN_CATEGORIES order), when the model has a category head. */
      categories: z.string().optional(),
    })
    .default({ inputIds: "input_ids", attentionMask: "attention_mask", tokenTypeIds: "token_type_ids", output: "probs", outputKind: "probs" }),
  /**
   * Per-token input features (lib/features): their version and, as a check against the code, names and sizes.
   * A model trained on features gets them from computeTokenFeatures over the whole result set.
   */
  features: z
    .object({
      version: z.literal("v2"),
      names: z.array(z.string()),
      sizes: z.array(z.number().int().positive()),
      /**
       * Section mode (computeTokenFeatures `sections`): a document's sections as the set; `"plain"` only for documents
       * without page chrome.
       */
      sections: z.union([z.boolean(), z.literal("plain")]).optional(),
      /**
       * A plain document (no page chrome, 2–64 headings, a query that does not name it) is scored as the result set
       * of its sections: each section windowed and featurized as a titled result (splitSections).
       */
      sectionWindows: z.boolean().optional(),
      /**
       * With sectionWindows: a section-less plain document most of whose paragraphs open with a name ("X is …", a
       * document of entries) is scored as the result set of its entries, each titled by its name (splitSections).
       * In a multi-result set, an untitled result is titled by the name it opens with (titleOrEntryName).
       */
      entryTitles: z.boolean().optional(),
    })
    .optional(),
  /**
   * "segment": BERT's 0 query / 1 context. "query-match": 0 query, 1 context, 2 word in query, 3 stem in
   * query. "query-match-bm25": context ids 1 + match + 3 × relevance bin of the token's sentence (13 ids).
   * "none": no token type input (feature models carry the query/context distinction in their features).
   */
  typeIds: z.enum(["query-match", "query-match-bm25", "segment", "none"]).default("segment"),
  window: z.number().int().min(32).max(8192).default(512),
  overlap: z.number().int().min(0).default(128),
  maxQueryTokens: z.number().int().min(1).default(64),
});
export type ModelReader = z.infer<typeof readerSchema>;

/** The profile as a model's config.json writes it: aggregation and threshold defaulted, as every model's config had them. */
export const profileConfigSchema = selectionProfileSchema.extend({
  units: unitsStageSchema.extend({ aggregation: unitsStageSchema.shape.aggregation.default("mean") }).prefault({}),
  selection: selectionStageSchema.extend({ threshold: selectionStageSchema.shape.threshold.default(0.5) }).prefault({}),
});

/**
 * `models/<name>/config.json`: everything needed to run a token-classification ONNX model the same way — ours or a
 * user's drop-in export (config + vocab.txt + model.onnx): the `reader` (how it reads a result set) and the `profile`
 * (lib/engine/profile.ts: how its scores become a selection), then how they were made.
 */
export const modelConfigSchema = z.object({
  name: z.string().min(1),
  description: z.string().default(""),
  reader: readerSchema.prefault({}),
  profile: profileConfigSchema.prefault({}),
  /** How the threshold (and the exported temperature) were chosen: the output of `snippet-lab calibrate`. */
  calibration: z.record(z.string(), z.unknown()).optional(),
  architecture: z.record(z.string(), z.unknown()).optional(),
  training: z.record(z.string(), z.unknown()).optional(),
  license: z.string().optional(),
});

export type ModelConfig = z.infer<typeof modelConfigSchema>;

/**
 * config.json as read from disk: the layout above, or the flat layout every model had before it (reader and profile
 * fields side by side at the top level), converted on reading (flat-config.ts).
 */
export const modelConfigFileSchema = z.preprocess(fromFlatLayout, modelConfigSchema);

export interface ModelInfo {
  name: string;
  default: boolean;
  description: string;
  window: number;
  /** Its selection settings (config.json's `profile`). */
  profile: SelectionProfile;
  layers: number | null;
}

/** The tokenizer options of a model, the same wherever its vocabulary is loaded (serving, exports, fine-tuning). */
export function wordPieceOptions(tokenizer: ModelReader["tokenizer"]): WordPieceOptions {
  return {
    stripAccents: tokenizer.stripAccents,
    spelledWordsAsUnknown: tokenizer.spelledWordsAsUnknown,
    traditionalAsSimplified: tokenizer.traditionalAsSimplified,
  };
}
