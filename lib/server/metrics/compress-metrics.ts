import "server-only";
import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { TokenScores } from "@/lib/engine/types";
import type { CompressResponse } from "@/lib/schemas/compress";
import { SPAN_CATEGORIES } from "@/lib/spans/categories";
import { getEnv } from "../env";
import { processSingleton } from "../process-cache";
import { readStoreMetrics, registerStoreMetrics } from "./store-metrics";

// Live compression traffic in Prometheus' text format (GET /api/v1/metrics), through prom-client. One registry per
// process (processSingleton): Next bundles route handlers separately, and each bundle must count into the same metrics.
// The job queue and the judge's spend are read from the database at each scrape (store-metrics.ts). The Grafana
// dashboard and alert rules in ops/ query these names (tests/ops-dashboard.test.ts checks they exist).

type Metrics = {
  registry: Registry;
  requests: Counter<"method" | "status">;
  errors: Counter<"code">;
  latency: Histogram<"method">;
  windows: Counter<"method">;
  tokensIn: Counter<"method">;
  tokensOut: Counter<"method">;
  categoryTokensIn: Counter<"method" | "category">;
  categoryTokensOut: Counter<"method" | "category">;
};

function createMetrics(): Metrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry, prefix: "snippet_lab_" });
  registerStoreMetrics({
    registry,
    load: async () => {
      try {
        return await readStoreMetrics({ prices: getEnv().judge?.prices ?? {} });
      } catch (e) {
        // A scrape still answers (compress traffic, process metrics); snippet_lab_store_up says the database failed.
        console.error("[metrics] could not read the job queue and judge usage:", e);
        return null;
      }
    },
  });
  return {
    registry,
    requests: new Counter({
      name: "snippet_lab_compress_requests_total",
      help: "POST /api/v1/compress requests, by method (model:<name>, bm25, lead; unknown when it failed before resolving) and HTTP status.",
      labelNames: ["method", "status"],
      registers,
    }),
    errors: new Counter({
      name: "snippet_lab_compress_errors_total",
      help: "Compress requests answered with an error, by error code.",
      labelNames: ["code"],
      registers,
    }),
    latency: new Histogram({
      name: "snippet_lab_compress_duration_seconds",
      help: "Compress request latency in seconds (parsing, scoring and selection), by method.",
      labelNames: ["method"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    windows: new Counter({
      name: "snippet_lab_windows_scored_total",
      help: "Model windows (512 tokens) scored for compress requests.",
      labelNames: ["method"],
      registers,
    }),
    tokensIn: new Counter({
      name: "snippet_lab_tokens_in_total",
      help: "Downstream tokens of the results sent to compress.",
      labelNames: ["method"],
      registers,
    }),
    tokensOut: new Counter({
      name: "snippet_lab_tokens_out_total",
      help: "Downstream tokens of the snippets compress returned.",
      labelNames: ["method"],
      registers,
    }),
    categoryTokensIn: new Counter({
      name: "snippet_lab_category_tokens_in_total",
      help: "Model tokens of the results by the category the model predicts (models with a category head).",
      labelNames: ["method", "category"],
      registers,
    }),
    categoryTokensOut: new Counter({
      name: "snippet_lab_category_tokens_out_total",
      help: "Model tokens inside the returned snippets by predicted category (models with a category head).",
      labelNames: ["method", "category"],
      registers,
    }),
  };
}

const metrics = processSingleton("compress-metrics", createMetrics);

/** Counts a successful compress request: latency, windows, downstream tokens, and model tokens per category. */
export function recordCompressSuccess(o: { response: CompressResponse; seconds: number; tokenScores?: readonly TokenScores[] }): void {
  const method = o.response.model;
  metrics.requests.inc({ method, status: "200" });
  metrics.latency.observe({ method }, o.seconds);
  if (o.response.timings.windows) metrics.windows.inc({ method }, o.response.timings.windows);
  metrics.tokensIn.inc({ method }, o.response.tokensIn);
  metrics.tokensOut.inc({ method }, o.response.tokensOut);
  if (!o.tokenScores) return;
  const inCounts = SPAN_CATEGORIES.map(() => 0);
  const outCounts = SPAN_CATEGORIES.map(() => 0);
  o.tokenScores.forEach((ts, r) => {
    if (!ts.categories) return;
    const spans = o.response.results[r]?.spans ?? [];
    let s = 0;
    for (let t = 0; t < ts.categories.length; t++) {
      const c = ts.categories[t]!;
      if (c >= SPAN_CATEGORIES.length) continue;
      inCounts[c]!++;
      const start = ts.starts[t]!;
      while (s < spans.length && spans[s]!.end <= start) s++;
      if (s < spans.length && spans[s]!.start <= start && ts.ends[t]! <= spans[s]!.end) outCounts[c]!++;
    }
  });
  SPAN_CATEGORIES.forEach((category, c) => {
    if (inCounts[c]! > 0) metrics.categoryTokensIn.inc({ method, category }, inCounts[c]!);
    if (outCounts[c]! > 0) metrics.categoryTokensOut.inc({ method, category }, outCounts[c]!);
  });
}

/** Counts a compress request that failed (validation, unknown model, too large, …). */
export function recordCompressError(o: { status: number; code: string; seconds: number }): void {
  metrics.requests.inc({ method: "unknown", status: String(o.status) });
  metrics.errors.inc({ code: o.code });
  metrics.latency.observe({ method: "unknown" }, o.seconds);
}

/** Every metric the app exports: name and type (a histogram's series add _bucket, _sum and _count to its name). */
export function listExportedMetrics(): { name: string; type: string }[] {
  return metrics.registry.getMetricsAsArray().map((m) => ({ name: m.name, type: String(m.type) }));
}

/** The Prometheus exposition of every metric of this process. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  return { contentType: metrics.registry.contentType, body: await metrics.registry.metrics() };
}
