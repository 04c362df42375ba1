import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { withApiKey } from "@/lib/server/http/with-api-key";
import { renderMetrics } from "@/lib/server/metrics/compress-metrics";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/metrics – live compression metrics in Prometheus text format (service route: API key when configured)
/** GET → text/plain (Prometheus exposition 0.0.4): snippet_lab_* counters, the latency histogram and process metrics. */
export const GET = withApiKey(async () => {
  const { contentType, body } = await renderMetrics();
  return new Response(body, { status: 200, headers: { "Content-Type": contentType, "Cache-Control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
