import "server-only";
import type { Db } from "../client";
import type { TokenScoreArrays } from "./encode-token-scores";
import { listModelRunsForPairs } from "./list-model-runs-for-pairs";

export type ListModelRunsOptions = { pairId: string; modelName: string; db?: Db };

export type CachedModelRun = {
  id: string;
  documentId: string;
  inputHash: string;
  tokenCount: number;
  durationMs: number | null;
  createdAt: Date;
  /** Null when the stored bytes are unreadable (treated as a cache miss). */
  scores: TokenScoreArrays | null;
};

/** The cached per-token probabilities of one model for every document of a pair (any input hash). */
export async function listModelRuns({ pairId, modelName, db }: ListModelRunsOptions): Promise<CachedModelRun[]> {
  return (await listModelRunsForPairs({ pairIds: [pairId], modelName, ...(db ? { db } : {}) })).get(pairId) ?? [];
}
