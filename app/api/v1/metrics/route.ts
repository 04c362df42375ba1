import { methodNotAllowed } from "@/lib/server/http/method-not-allowed";
import { renderMetrics } from "@/lib/server/metrics/compress-metrics";
import { defineRoute } from "@/lib/server/http/define-route";
import { OPERATIONS } from "@/lib/server/openapi/operations";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** GET → text/plain (Prometheus exposition 0.0.4): snippet_lab_* counters, the latency histogram and process metrics. */
export const GET = defineRoute(OPERATIONS.getMetrics, async () => {
  const { contentType, body } = await renderMetrics();
  return new Response(body, { status: 200, headers: { "Content-Type": contentType, "Cache-Control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = methodNotAllowed(["GET"]);
