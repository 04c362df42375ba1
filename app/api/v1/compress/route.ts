import { compressRequest } from "@/lib/server/compress/compress-request";
import { defineRoute } from "@/lib/server/http/define-route";
import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { observeCompress } from "@/lib/server/metrics/observe-compress";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * POST {query, results, preset? | budget?, threshold?, model?, aggregation?, …} → CompressResponse (README, /api-docs).
 * Counted in GET /api/v1/metrics (requests, errors, latency, windows, tokens in and out, per category): the body is
 * read inside observeCompress, so a bad or oversized body counts as an error too.
 */
export const POST = defineRoute(OPERATIONS.compress, async ({ readBody }) =>
  observeCompress(async (observer) => compressRequest(await readBody(), observer)),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["POST"]);
