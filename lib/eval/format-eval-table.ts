import type { EvalReport } from "./types";

/** Fixed-width table of a report for the terminal. */
export function formatEvalTable(report: EvalReport): string {
  const header = ["method", "setting", "evRecall", "allEvid", "answer", "chRecall", "precision", "tok/query", "ratio", "unans.kept0", "fidelity"];
  const rows = report.results.map((r) => [
    r.method,
    r.ratio !== undefined ? `ratio=${r.ratio}` : r.budget !== undefined ? `budget=${r.budget}` : `threshold=${r.threshold}`,
    r.evidenceRecall.toFixed(3),
    r.allEvidenceKept.toFixed(3),
    r.answerKept === null ? "-" : r.answerKept.toFixed(3),
    r.evidenceCharRecall.toFixed(3),
    r.keptPrecision.toFixed(3),
    r.tokensPerQuery.toFixed(1),
    r.compressionRatio.toFixed(3),
    r.unanswerable ? `${r.unanswerable.keptNothing.toFixed(3)} (${r.unanswerable.queries})` : "-",
    r.fidelity ? `${r.fidelity.violations} in ${(r.fidelity.queriesWithViolations * 100).toFixed(1)}%` : "-",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  const costs = Object.entries(report.methods ?? {}).map(([method, c]) => {
    const llm = c.llm
      ? `; LLM ${c.llm.promptTokensPerQuery.toLocaleString("en")} prompt + ${c.llm.completionTokensPerQuery.toLocaleString("en")} completion tokens/query, ${c.llm.requestsPerQuery} requests/query, ${(c.llm.cachedShare * 100).toFixed(0)}% cached`
      : "";
    return `  ${method}: scoring ${c.latencyMs.mean} ms/query (p50 ${c.latencyMs.p50}, p95 ${c.latencyMs.p95})${llm}`;
  });
  const violations = (report.fidelityViolations ?? [])
    .slice(0, 5)
    .flatMap((v) => v.violations.slice(0, 2).map((x) => `  ${v.method} ${v.setting.key}=${v.setting.value} ${v.query}: ${x.kind}: ${x.message}`));
  return [
    `${report.dataset}: ${report.queries} queries`,
    line(header),
    widths.map((w) => "-".repeat(w)).join("  "),
    ...rows.map(line),
    ...(costs.length > 0 ? ["", "Cost per method:", ...costs] : []),
    ...(violations.length > 0 ? ["", "Fidelity violations (first ones; all in --json):", ...violations] : []),
  ].join("\n");
}
