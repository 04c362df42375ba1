#!/usr/bin/env node
// `npm test` step: the monitoring files in ops/ with Prometheus' own checker (promtool, Debian package `prometheus`):
//   - the alert rules parse and lint clean (`promtool check rules`),
//   - they fire (and stay quiet) as their unit tests say (`promtool test rules ops/prometheus/snippet-lab-alerts.test.yml`),
//   - the example scrape configuration parses (`promtool check config --syntax-only`),
//   - every PromQL query of the Grafana dashboard parses: each target's expr, Grafana's variables replaced by values,
//     becomes a recording rule of a temporary rule file that `promtool check rules` reads.
// That the dashboard's structure is sound and its queries name only exported metrics is tests/ops-dashboard.test.ts
// (vitest). Without promtool it checks nothing and exits 77 ("skipped", listed at the end of `npm test`), or fails when
// SNIPPET_LAB_REQUIRE_PROMTOOL=1 (CI).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

process.chdir(fileURLToPath(new URL("..", import.meta.url)));

const RULES = "ops/prometheus/snippet-lab-alerts.yml";
const RULE_TESTS = "ops/prometheus/snippet-lab-alerts.test.yml";
const CONFIG = "ops/prometheus/prometheus.example.yml";
const DASHBOARD = "ops/grafana/snippet-lab-dashboard.json";

const probe = spawnSync("promtool", ["--version"], { encoding: "utf8" });
if (probe.error || probe.status !== 0) {
  const msg = "[ops] promtool not found (apt-get install prometheus)";
  if (process.env.SNIPPET_LAB_REQUIRE_PROMTOOL === "1") {
    console.error(`${msg}; SNIPPET_LAB_REQUIRE_PROMTOOL=1, failing.`);
    process.exit(1);
  }
  console.warn(`\n${"!".repeat(100)}\n${msg}: the alert rule checks are SKIPPED (nothing was checked).\n${"!".repeat(100)}\n`);
  process.exit(77);
}

/** Grafana's variables → values PromQL accepts, so the query parses as Grafana would send it. */
function substituteGrafanaVariables(expr) {
  return expr
    .replace(/\$__rate_interval|\$\{__rate_interval\}/g, "5m")
    .replace(/\$__interval|\$\{__interval\}/g, "1m")
    .replace(/\$__range|\$\{__range\}/g, "1h")
    .replace(/\$\{\w+(?::\w+)?\}|\$\w+/g, ".*");
}

/** The dashboard's queries as a rule file: one recording rule per panel target. */
function dashboardRuleFile() {
  const dashboard = JSON.parse(readFileSync(DASHBOARD, "utf8"));
  const rules = [];
  for (const panel of dashboard.panels ?? []) {
    for (const target of panel.targets ?? []) {
      if (typeof target.expr !== "string") continue;
      rules.push({ record: `dashboard:panel_${panel.id}_${target.refId}`, expr: substituteGrafanaVariables(target.expr) });
    }
  }
  // JSON is YAML: promtool reads it as a rule file.
  return JSON.stringify({ groups: [{ name: "snippet-lab-dashboard", rules }] }, null, 2);
}

const tmp = mkdtempSync(path.join(os.tmpdir(), "snippet-lab-ops-"));
let code = 0;
try {
  const dashboardRules = path.join(tmp, "dashboard-queries.yml");
  writeFileSync(dashboardRules, dashboardRuleFile());
  const checks = [
    ["alert rules", ["check", "rules", "--lint=all", "--lint-fatal", RULES]],
    ["alert rule tests", ["test", "rules", RULE_TESTS]],
    ["example configuration", ["check", "config", "--syntax-only", CONFIG]],
    ["dashboard queries", ["check", "rules", dashboardRules]],
  ];
  for (const [name, args] of checks) {
    console.log(`[ops] ${name}: promtool ${args.join(" ")}`);
    const r = spawnSync("promtool", args, { stdio: "inherit" });
    if (r.status !== 0) {
      console.error(`[ops] ${name} FAILED (exit ${r.status ?? r.signal})`);
      code = 1;
    }
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
process.exit(code);
