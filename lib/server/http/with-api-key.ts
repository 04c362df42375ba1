import "server-only";
import { getEnv } from "../env";
import { checkApiKey } from "./check-api-key";
import { handleRoute } from "./handle-route";

export type WithApiKeyOptions = {
  /** Tests: keys of their own. Default: SNIPPET_LAB_API_KEYS (none = the route is open). */
  apiKeys?: readonly string[];
};

/**
 * The guard of the service routes (POST /api/v1/compress, GET /api/v1/models, GET /api/v1/metrics), which scripts and
 * Prometheus call without a session:
 * `Authorization: Bearer <key>` must match one of the configured keys (401 otherwise); open when none is configured.
 * The app's own routes use withAuth (a session cookie) instead.
 */
export function withApiKey<Ctx = unknown>(
  handler: (req: Request, ctx: Ctx) => Promise<Response | object> | Response | object,
  options: WithApiKeyOptions = {},
): (req: Request, ctx: Ctx) => Promise<Response> {
  return handleRoute<Ctx>(async (req, ctx) => {
    checkApiKey(req.headers, options.apiKeys ?? getEnv().apiKeys);
    return handler(req, ctx);
  });
}
