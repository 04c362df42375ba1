import type { EvalReport } from "./types";

/** Fixed-width table of a report for the terminal. */
export function formatEvalTable(report: EvalReport): string {
  const header = ["method", "setting", "evRecall", "allEvid", "answer", "chRecall", "precision", "tok/query", "ratio", "unans.kept0"];
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
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [`${report.dataset}: ${report.queries} queries`, line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}
