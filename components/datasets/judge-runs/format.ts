// Pure helpers of the judge-runs panel: what a run's figures say in words, and whether it can still change.
import { isLive } from "@/components/jobs/use-job";
import type { JudgeRunSummary } from "@/lib/schemas/judge";

export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

/** A share (0–1) as "97.5%"; "–" when there was nothing to share. */
export const percent = (x: number | null) => (x === null ? "–" : `${(x * 100).toFixed(1)}%`);

/**
 * Whether a run can still change by itself: a live job, or pairs left while its jobs are still being created. Pending
 * pairs of a cancelled or failed run do not count: nothing moves them until someone resumes it (polling would run forever).
 */
export function isRunActive(run: JudgeRunSummary): boolean {
  if (run.jobs.some((j) => isLive(j))) return true;
  return run.jobs.length === 0 && run.pairs.pending + run.pairs.running > 0;
}

/** "3 of 4 pairs done, 1 failed". */
export function pairsText(run: JudgeRunSummary): string {
  const { total, done, failed } = run.pairs;
  return `${done.toLocaleString("en")} of ${plural(total, "pair")} done${failed > 0 ? `, ${failed.toLocaleString("en")} failed` : ""}`;
}

/** The creation time in UTC, the same on the server and in the browser (no hydration mismatch across time zones). */
export const utcTime = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

/** USD with enough digits for small runs: "$0.0042", "$12.35". */
export function usd(x: number): string {
  if (x === 0 || x >= 1) return `$${x.toFixed(2)}`;
  return x < 0.0001 ? "< $0.0001" : `$${x.toPrecision(2)}`;
}
