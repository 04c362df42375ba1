import "server-only";
import { type Db, getDb } from "../client";

/** What the LLM judge (and llm-extract) was paid for, per model and request kind. */
export interface JudgeUsage {
  model: string;
  /** intents | spans | spans-one-stage | extract (llm-extract and hybrid compress requests). */
  kind: string;
  promptTokens: number;
  completionTokens: number;
  /** HTTP requests that produced the stored replies (repairs included; retries of failed requests are not). */
  requests: number;
}

/**
 * Token totals of every LLM reply ever stored. JudgeCall rows are only added (the first reply for a key wins, and a
 * cached reply is never sent again), so the totals only grow: the metrics expose them as counters.
 */
export async function sumJudgeUsage({ db = getDb() }: { db?: Db } = {}): Promise<JudgeUsage[]> {
  const rows = await db.judgeCall.groupBy({
    by: ["model", "kind"],
    _sum: { promptTokens: true, completionTokens: true, requests: true },
  });
  return rows.map((r) => ({
    model: r.model,
    kind: r.kind,
    promptTokens: r._sum.promptTokens ?? 0,
    completionTokens: r._sum.completionTokens ?? 0,
    requests: r._sum.requests ?? 0,
  }));
}
