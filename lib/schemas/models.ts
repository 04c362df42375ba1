import { z } from "zod";
import { AGGREGATIONS } from "../engine/methods";

/** GET /api/v1/models: the token models on the server plus the baseline methods the API accepts. */
export const modelInfoSchema = z.object({
  name: z.string().describe("Compress with `model:<name>`."),
  default: z.boolean().describe("The model `model` means."),
  window: z.number().describe("Model tokens per window."),
  threshold: z.number().describe("Default threshold (calibrated on the validation split)."),
  aggregation: z.enum(AGGREGATIONS).describe("Default aggregation of token probabilities into unit scores."),
  layers: z.number().nullable(),
  description: z.string(),
});

export const modelsResponseSchema = z.object({
  models: z.array(modelInfoSchema),
  methods: z
    .array(z.string())
    .describe(
      'Every value the compress `model` field accepts ("model", "bm25", "lead", "embedding", "model:<name>", and "llm-extract", "hybrid" when a judge server is configured).',
    ),
});

export type ModelInfoOut = z.infer<typeof modelInfoSchema>;
export type ModelsResponse = z.infer<typeof modelsResponseSchema>;
