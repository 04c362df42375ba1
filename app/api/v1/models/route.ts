import { API_METHODS, formatModelMethod, LLM_METHODS } from "@/lib/engine/methods";
import type { ModelsResponse } from "@/lib/schemas/models";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { isJudgeConfigured } from "@/lib/server/judge/judge-config";
import { listModels } from "@/lib/server/model/list-models";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = defineRoute(OPERATIONS.listModels, async (): Promise<ModelsResponse> => {
  const models = await listModels();
  return {
    models: models.map((m) => ({
      name: m.name,
      default: m.default,
      window: m.window,
      threshold: m.profile.selection.threshold,
      aggregation: m.profile.units.aggregation,
      layers: m.layers,
      description: m.description,
    })),
    // The LLM compressors only when a judge server is configured (compress answers 503 for them otherwise).
    methods: [...API_METHODS, ...models.map((m) => formatModelMethod(m.name)), ...(isJudgeConfigured() ? LLM_METHODS : [])],
  };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
