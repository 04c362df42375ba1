import "server-only";
import { type Db, getDb } from "../client";

export type JudgmentRow = {
  pairId: string;
  model: string;
  promptVersion: string;
  variant: string;
  spansJson: string;
  matchJson: string;
};

/** The judgments of some pairs (every configuration, or one), by id lists of at most 900 (SQLite's parameter cap). */
export async function listJudgments({
  pairIds,
  config,
  db = getDb(),
}: {
  pairIds: readonly string[];
  config?: { model: string; promptVersion: string; variant: string };
  db?: Db;
}): Promise<JudgmentRow[]> {
  const out: JudgmentRow[] = [];
  for (let i = 0; i < pairIds.length; i += 900) {
    out.push(
      ...(await db.judgeJudgment.findMany({
        where: { pairId: { in: pairIds.slice(i, i + 900) }, ...(config ?? {}) },
        select: { pairId: true, model: true, promptVersion: true, variant: true, spansJson: true, matchJson: true },
      })),
    );
  }
  return out;
}
