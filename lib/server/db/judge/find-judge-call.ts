import "server-only";
import { type Db, getDb } from "../client";

export type JudgeCallKey = { model: string; promptVersion: string; inputHash: string };
export type JudgeCallRow = { outputJson: string; promptTokens: number; completionTokens: number; requests: number; via: string };

/** The cached reply of a judge request, or null. */
export async function findJudgeCall({ key, db = getDb() }: { key: JudgeCallKey; db?: Db }): Promise<JudgeCallRow | null> {
  return db.judgeCall.findUnique({
    where: { model_promptVersion_inputHash: key },
    select: { outputJson: true, promptTokens: true, completionTokens: true, requests: true, via: true },
  });
}
