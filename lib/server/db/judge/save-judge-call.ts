import "server-only";
import { type Db, getDb } from "../client";
import type { JudgeCallKey } from "./find-judge-call";

export type SaveJudgeCallOptions = {
  key: JudgeCallKey;
  kind: string;
  outputJson: string;
  promptTokens: number;
  completionTokens: number;
  requests: number;
  via?: "online" | "batch";
  db?: Db;
};

/**
 * Caches a judge reply as soon as it arrived (before the pair it belongs to is committed): a run killed afterwards
 * does not ask again. The first reply for a key wins (two workers racing on one request store it once).
 */
export async function saveJudgeCall({
  key,
  kind,
  outputJson,
  promptTokens,
  completionTokens,
  requests,
  via = "online",
  db = getDb(),
}: SaveJudgeCallOptions): Promise<void> {
  await db.judgeCall.upsert({
    where: { model_promptVersion_inputHash: key },
    create: { ...key, kind, outputJson, promptTokens, completionTokens, requests, via },
    update: {},
  });
}
