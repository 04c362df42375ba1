import "server-only";
import { type Db, getDb } from "../client";
import type { CachedModelRun } from "./list-model-runs";
import { decodeTokenScores } from "./encode-token-scores";

/** Pair ids per IN list (SQLite through Prisma's adapter: at most 999 parameters). */
const CHUNK = 900;

/** The cached token probabilities of one model for many pairs (any input hash): pair id → its runs. */
export async function listModelRunsForPairs({
  pairIds,
  modelName,
  db = getDb(),
}: {
  pairIds: readonly string[];
  modelName: string;
  db?: Db;
}): Promise<Map<string, CachedModelRun[]>> {
  const out = new Map<string, CachedModelRun[]>();
  for (let i = 0; i < pairIds.length; i += CHUNK) {
    const rows = await db.modelRun.findMany({
      where: { modelName, pairId: { in: pairIds.slice(i, i + CHUNK) } },
      select: {
        id: true,
        pairId: true,
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
    for (const { pairId, probs, offsets, categories, ...rest } of rows) {
      const list = out.get(pairId) ?? [];
      list.push({ ...rest, scores: decodeTokenScores({ probs, offsets, categories, tokenCount: rest.tokenCount }) });
      out.set(pairId, list);
    }
  }
  return out;
}
