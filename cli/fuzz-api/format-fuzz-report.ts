import type { FuzzReport } from "./run-api-fuzz";

/** The run's figures as `snippet-lab fuzz-api` prints them: requests, statuses, variants, per operation, failures. */
export function formatFuzzReport(report: FuzzReport): string {
  const lines: string[] = [];
  const statuses = Object.entries(report.statuses).sort(([a], [b]) => Number(a) - Number(b));
  lines.push(`requests  ${report.requests} in ${report.seconds.toFixed(1)} s (seed ${report.seed})`);
  lines.push(`statuses  ${statuses.map(([s, n]) => `${s === "0" ? "none" : s}: ${n}`).join("  ")}`);
  lines.push(
    `variants  ${Object.entries(report.variants)
      .map(([v, n]) => `${v}: ${n}`)
      .join("  ")}`,
  );
  lines.push(`failures  ${report.failures.length} distinct (${report.failures.reduce((n, f) => n + f.count, 0)} requests)`);
  if (report.healed > 0) lines.push(`healed    ${report.healed} actor sessions after user and sign-in requests`);
  lines.push("", "operation                   requests  ms/req  statuses");
  for (const [id, f] of Object.entries(report.operations).sort(([a], [b]) => a.localeCompare(b))) {
    const st = Object.entries(f.statuses)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([s, n]) => `${s}:${n}`)
      .join(" ");
    lines.push(`${id.padEnd(27)} ${String(f.requests).padStart(8)}  ${(f.ms / Math.max(f.requests, 1)).toFixed(1).padStart(6)}  ${st}`);
  }
  if (report.failures.length > 0) {
    lines.push("", "distinct failures:");
    for (const f of report.failures) {
      lines.push(`- [${f.kind}] ${f.operationId} → ${f.status} (×${f.count}): ${f.message.replace(/\s+/g, " ").slice(0, 240)}`);
      lines.push(`    e.g. ${f.example}`);
    }
  }
  lines.push("", "notes:", ...report.notes.map((n) => `- ${n}`));
  return lines.join("\n");
}
