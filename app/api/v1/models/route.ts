import { handleRoute } from "@/lib/server/http/handle-route";
import { listModels } from "@/lib/server/model/list-models";
import type { ModelsResponse } from "@/lib/schemas/models";
import { API_METHODS } from "@/lib/schemas/compress";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const GET = handleRoute(async (): Promise<ModelsResponse> => {
  const models = await listModels();
  return {
    models: models.map((m) => ({
      name: m.name,
      default: m.default,
      window: m.window,
      threshold: m.threshold,
      aggregation: m.aggregation,
      layers: m.layers,
      description: m.description,
    })),
    methods: [...API_METHODS, ...models.map((m) => `model:${m.name}`)],
  };
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
