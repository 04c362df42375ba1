// The monitoring files in ops/ against the app: the Grafana dashboard's structure (zod: panels on the 24-column grid
// without overlaps, unique ids, every query panel with Prometheus targets) and every metric its queries and the alert
// rules name is one the app exports (the prom-client registry of lib/server/metrics), so renaming a metric fails here
// and not on an operator's empty graph. promtool parses the same queries and tests the rules (scripts/check-ops.mjs).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { listExportedMetrics } from "@/lib/server/metrics/compress-metrics";

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

const datasourceSchema = z.strictObject({ type: z.literal("prometheus"), uid: z.literal("${datasource}") });
const gridPosSchema = z
  .object({ x: z.int().min(0).max(23), y: z.int().min(0), w: z.int().min(1).max(24), h: z.int().min(1) })
  .refine((g) => g.x + g.w <= 24, "a panel is wider than the 24-column grid");
const targetSchema = z.object({
  refId: z.string().regex(/^[A-Z]$/),
  datasource: datasourceSchema,
  expr: z.string().min(1),
  legendFormat: z.string(),
});
const rowSchema = z.object({
  type: z.literal("row"),
  id: z.int().positive(),
  title: z.string().min(1),
  gridPos: gridPosSchema,
  panels: z.array(z.unknown()),
});
const queryPanelSchema = z.object({
  type: z.enum(["timeseries", "stat", "piechart", "bargauge", "gauge", "table"]),
  id: z.int().positive(),
  title: z.string().min(1),
  description: z.string().min(1),
  datasource: datasourceSchema,
  gridPos: gridPosSchema,
  targets: z
    .array(targetSchema)
    .min(1)
    .refine((ts) => new Set(ts.map((t) => t.refId)).size === ts.length, "refIds repeat within a panel"),
  fieldConfig: z.object({ defaults: z.record(z.string(), z.unknown()), overrides: z.array(z.unknown()) }),
  options: z.record(z.string(), z.unknown()),
});
const variableSchema = z.object({ name: z.string().regex(/^\w+$/), type: z.enum(["datasource", "query", "custom", "interval", "constant"]) });

/** The subset of Grafana's dashboard model (schemaVersion 39) this dashboard uses, as Grafana's importer reads it. */
const dashboardSchema = z.object({
  uid: z.string().regex(/^[\w-]{1,40}$/),
  title: z.string().min(1),
  schemaVersion: z.int().min(36),
  version: z.int(),
  editable: z.boolean(),
  time: z.object({ from: z.string(), to: z.string() }),
  refresh: z.string(),
  tags: z.array(z.string()),
  templating: z.object({ list: z.array(variableSchema) }),
  annotations: z.object({ list: z.array(z.unknown()) }),
  panels: z.array(z.discriminatedUnion("type", [rowSchema, queryPanelSchema])).min(1),
});
type Dashboard = z.infer<typeof dashboardSchema>;

/** Grafana's own variables, which need no definition. */
const BUILTIN_VARIABLES = new Set(["__rate_interval", "__interval", "__range", "__range_s", "__interval_ms"]);
/** Series Prometheus makes itself rather than scraping them from the app. */
const PROMETHEUS_SERIES = new Set(["up"]);
const HISTOGRAM_SUFFIXES = ["_bucket", "_sum", "_count"];

/** The snippet_lab_* names of `text` that are no series of an exported metric. */
function unknownMetrics(text: string): string[] {
  const exported = listExportedMetrics();
  const series = new Set(exported.flatMap((m) => [m.name, ...(m.type === "histogram" ? HISTOGRAM_SUFFIXES.map((s) => m.name + s) : [])]));
  return [...new Set(text.match(/\bsnippet_lab_[a-z0-9_]+/g) ?? [])].filter((n) => !series.has(n));
}

/** What is wrong with a dashboard: its structure, overlapping panels, unknown variables and metrics. */
function dashboardProblems(raw: unknown): string[] {
  const parsed = dashboardSchema.safeParse(raw);
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  const d: Dashboard = parsed.data;
  const problems: string[] = [];
  const ids = d.panels.map((p) => p.id);
  if (new Set(ids).size !== ids.length) problems.push("panel ids repeat");
  d.panels.forEach((a, i) =>
    d.panels.slice(i + 1).forEach((b) => {
      const g = a.gridPos;
      const h = b.gridPos;
      if (g.x < h.x + h.w && h.x < g.x + g.w && g.y < h.y + h.h && h.y < g.y + g.h) problems.push(`panels ${a.id} and ${b.id} overlap`);
    }),
  );
  const defined = new Set(d.templating.list.map((v) => v.name));
  const exprs = d.panels.flatMap((p) => (p.type === "row" ? [] : p.targets.map((t) => t.expr)));
  for (const expr of exprs) {
    for (const m of expr.matchAll(/\$\{?(\w+)/g))
      if (!defined.has(m[1]!) && !BUILTIN_VARIABLES.has(m[1]!)) problems.push(`undefined variable $${m[1]}`);
    for (const name of unknownMetrics(expr)) problems.push(`${name} is not exported by the app`);
  }
  return problems;
}

const dashboard = JSON.parse(read("ops/grafana/snippet-lab-dashboard.json")) as Record<string, unknown>;
const rules = read("ops/prometheus/snippet-lab-alerts.yml");
const ruleTests = read("ops/prometheus/snippet-lab-alerts.test.yml");

describe("Grafana dashboard (ops/grafana/snippet-lab-dashboard.json)", () => {
  it("has a sound structure, and queries only metrics the app exports", () => {
    expect(dashboardProblems(dashboard)).toEqual([]);
  });

  it("charts what operators need: requests, errors, latency, windows, category shares, the job queue, judge cost", () => {
    const text = JSON.stringify(dashboard);
    for (const name of [
      "snippet_lab_compress_requests_total",
      "snippet_lab_compress_errors_total",
      "snippet_lab_compress_duration_seconds_bucket",
      "snippet_lab_windows_scored_total",
      "snippet_lab_tokens_out_total",
      "snippet_lab_category_tokens_out_total",
      "snippet_lab_jobs",
      "snippet_lab_job_queued_age_seconds",
      "snippet_lab_judge_cost_usd_total",
    ]) {
      expect(text, name).toMatch(new RegExp(`\\b${name}\\b`));
    }
  });

  it("fails a renamed metric, an undefined variable, a broken grid and a missing target", () => {
    const mutate = (f: (d: { panels: Record<string, unknown>[] } & Record<string, unknown>) => void) => {
      const copy = structuredClone(dashboard) as { panels: Record<string, unknown>[] } & Record<string, unknown>;
      f(copy);
      return dashboardProblems(copy);
    };
    const firstQuery = (d: { panels: Record<string, unknown>[] }) =>
      d.panels.find((p) => p.type !== "row") as { targets: { expr: string }[]; gridPos: { x: number; w: number } };
    expect(mutate((d) => (firstQuery(d).targets[0]!.expr = "sum(rate(snippet_lab_compress_request_total[5m]))"))).toEqual([
      "snippet_lab_compress_request_total is not exported by the app",
    ]);
    expect(mutate((d) => (firstQuery(d).targets[0]!.expr = 'sum(snippet_lab_jobs{instance=~"$host"})'))).toEqual(["undefined variable $host"]);
    expect(mutate((d) => (firstQuery(d).gridPos.w = 30)).join()).toMatch(/24-column grid/);
    expect(mutate((d) => (firstQuery(d).targets = [])).join()).toMatch(/targets/);
    expect(mutate((d) => d.panels.push(structuredClone(firstQuery(d)) as unknown as Record<string, unknown>)).join()).toMatch(/ids repeat|overlap/);
  });
});

describe("Prometheus alert rules (ops/prometheus/snippet-lab-alerts.yml)", () => {
  it("name only metrics the app exports (and Prometheus' own up)", () => {
    expect(unknownMetrics(rules)).toEqual([]);
    expect(unknownMetrics(ruleTests)).toEqual([]);
    const other = [...rules.matchAll(/^\s+expr:\s*(\w+)\{/gm)]
      .map((m) => m[1]!)
      .filter((n) => !n.startsWith("snippet_lab_") && !PROMETHEUS_SERIES.has(n));
    expect(other).toEqual([]);
  });

  it("alert on error rate, p99 latency, a stuck queue and judge spend, and each alert has a promtool test", () => {
    const alerts = [...rules.matchAll(/^\s+- alert: (\w+)$/gm)].map((m) => m[1]!);
    expect(alerts).toEqual(
      expect.arrayContaining(["SnippetLabCompressErrorRate", "SnippetLabCompressLatencyP99", "SnippetLabJobQueueStuck", "SnippetLabJudgeSpend"]),
    );
    const tested = new Set([...ruleTests.matchAll(/^\s+alertname: (\w+)$/gm)].map((m) => m[1]!));
    expect(alerts.filter((a) => !tested.has(a))).toEqual([]);
  });
});
