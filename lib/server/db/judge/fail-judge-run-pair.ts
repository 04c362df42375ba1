import "server-only";
import { type Db, getDb } from "../client";
import type { RunPairTotals } from "./read-judge-run-summary";

/** Marks a run's pair as failed with the reason, keeping what its requests cost. */
export async function failJudgeRunPair(o: RunPairTotals & { id: string; reason: string; db?: Db }): Promise<void> {
  const { id, db = getDb(), ...data } = o;
  await db.judgeRunPair.update({ where: { id }, data: { state: "failed", ...data, reason: data.reason.slice(0, 2000), finishedAt: new Date() } });
}
