import { z } from "zod";
import { AGGREGATIONS } from "../engine/methods";

/** GET /api/v1/models: the token models on the server plus the baseline methods the API accepts. */
export const modelInfoSchema = z.object({
  name: z.string(),
  default: z.boolean(),
  window: z.number(),
  threshold: z.number(),
  aggregation: z.enum(AGGREGATIONS),
  layers: z.number().nullable(),
  description: z.string(),
});

export const modelsResponseSchema = z.object({
  models: z.array(modelInfoSchema),
  /** Values the compress `model` field accepts besides "model:<name>". */
  methods: z.array(z.string()),
});

export type ModelInfoOut = z.infer<typeof modelInfoSchema>;
export type ModelsResponse = z.infer<typeof modelsResponseSchema>;
