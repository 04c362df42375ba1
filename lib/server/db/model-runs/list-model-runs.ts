import "server-only";
import { type Db, getDb } from "../client";
import { decodeTokenScores, type TokenScoreArrays } from "./encode-token-scores";

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
export async function listModelRuns({ pairId, modelName, db = getDb() }: ListModelRunsOptions): Promise<CachedModelRun[]> {
  const rows = await db.modelRun.findMany({
    where: { pairId, modelName },
    select: {
      id: true,
      documentId: true,
      inputHash: true,
      tokenCount: true,
      durationMs: true,
      createdAt: true,
      probs: true,
      offsets: true,
      categories: true,
    },
  });
  return rows.map(({ probs, offsets, categories, ...rest }) => ({
    ...rest,
    scores: decodeTokenScores({ probs, offsets, categories, tokenCount: rest.tokenCount }),
  }));
}
