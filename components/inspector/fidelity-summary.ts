import { plural } from "@/lib/plural";

/** The fidelity line of the inspector's report: "no violation in 1 piece checked", "2 violations in 5 pieces checked". */
export function fidelitySummary(fidelity: { checked: number; violations: readonly unknown[] }): string {
  const checked = plural(fidelity.checked, "piece");
  const n = fidelity.violations.length;
  return n === 0 ? `no violation in ${checked} checked` : `${plural(n, "violation")} in ${checked} checked`;
}
