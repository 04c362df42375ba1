import { compressRequestSchema } from "@/lib/schemas/compress";
import { compressRequest } from "@/lib/server/compress/compress-request";
import { BODY_LIMITS } from "@/lib/server/http/body-limits";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { readJsonBody } from "@/lib/server/http/read-json-body";
import { withApiKey } from "@/lib/server/http/with-api-key";
import { observeCompress } from "@/lib/server/metrics/observe-compress";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/compress – compress a result set for a query (service route: API key when configured)
/**
 * POST {query, results, preset? | budget?, threshold?, model?, aggregation?, …} → CompressResponse (README, /api-docs).
 * Counted in GET /api/v1/metrics (requests, errors, latency, windows, tokens in and out, per category).
 */
export const POST = withApiKey(async (req) =>
  observeCompress(async (observer) => {
    const raw = await readJsonBody(req, {
      maxBytes: BODY_LIMITS.compress,
      hint: "per request (25 MB of result text/html, 5 MB per result)",
    });
    return compressRequest(compressRequestSchema.parse(raw), observer);
  }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
