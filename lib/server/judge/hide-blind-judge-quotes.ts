import "server-only";
import { canReachGold, type PolicyUser } from "@/lib/auth/policy";
import type { JudgeRunSummary } from "@/lib/schemas/judge";
import type { Db } from "../db/client";
import { listBlindPairIds } from "../db/annotations/list-blind-pair-ids";

export type HideBlindJudgeQuotesOptions = { runs: JudgeRunSummary[]; viewer: PolicyUser; db?: Db };

/**
 * Blind annotation in judge-run summaries: the unmatched quotes are the judge's output on a pair, so a viewer whom a
 * dataset hides predictions from (lib/auth/policy.ts canSeePredictions) gets none of those pairs' quotes; the counts
 * stay. Everyone else gets the runs as they are.
 */
export async function hideBlindJudgeQuotes({ runs, viewer, db }: HideBlindJudgeQuotesOptions): Promise<JudgeRunSummary[]> {
  if (canReachGold(viewer.role)) return runs;
  const pairIds = [...new Set(runs.flatMap((r) => r.unmatched.map((u) => u.pairId)))];
  const hidden = await listBlindPairIds({ pairIds, viewerId: viewer.id, hidden: "predictions", ...(db ? { db } : {}) });
  if (hidden.size === 0) return runs;
  return runs.map((r) => ({ ...r, unmatched: r.unmatched.filter((u) => !hidden.has(u.pairId)) }));
}
