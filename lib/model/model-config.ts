import { z } from "zod";

/**
 * `models/<name>/config.json`: everything needed to run a token-classification ONNX model the same
 * way — ours or a user's drop-in export (config + vocab.txt + model.onnx).
 */
export const modelConfigSchema = z.object({
  name: z.string().min(1),
  description: z.string().default(""),
  /** Relative file names inside the model folder. */
  files: z.object({ model: z.string().default("model.onnx"), vocab: z.string().default("vocab.txt") }).default({ model: "model.onnx", vocab: "vocab.txt" }),
  tokenizer: z.object({ type: z.literal("wordpiece"), lowercase: z.literal(true).default(true) }).default({ type: "wordpiece", lowercase: true }),
  /** Input/output names of the graph. The output is either keep probabilities or logits, [batch, seq] or [batch, seq, 2]. */
  io: z
    .object({
      inputIds: z.string().default("input_ids"),
      attentionMask: z.string().default("attention_mask"),
      tokenTypeIds: z.string().nullable().default("token_type_ids"),
      output: z.string().default("probs"),
      outputKind: z.enum(["probs", "logits", "logits2"]).default("probs"),
    })
    .default({ inputIds: "input_ids", attentionMask: "attention_mask", tokenTypeIds: "token_type_ids", output: "probs", outputKind: "probs" }),
  /**
   * "segment": BERT's 0 query / 1 context. "query-match": 0 query, 1 context, 2 word in query, 3 stem in
   * query. "query-match-bm25": context ids 1 + match + 3 × relevance bin of the token's sentence (13 ids).
   */
  typeIds: z.enum(["query-match", "query-match-bm25", "segment"]).default("segment"),
  window: z.number().int().min(32).max(8192).default(512),
  overlap: z.number().int().min(0).default(128),
  maxQueryTokens: z.number().int().min(1).default(64),
  aggregation: z.enum(["mean", "max"]).default("mean"),
  threshold: z.number().min(0).max(1).default(0.5),
  architecture: z.record(z.string(), z.unknown()).optional(),
  training: z.record(z.string(), z.unknown()).optional(),
  license: z.string().optional(),
});

export type ModelConfig = z.infer<typeof modelConfigSchema>;

export interface ModelInfo {
  name: string;
  default: boolean;
  description: string;
  window: number;
  threshold: number;
  aggregation: "mean" | "max";
  layers: number | null;
}
