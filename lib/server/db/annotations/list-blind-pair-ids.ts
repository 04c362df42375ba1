import "server-only";
import { type Db, getDb } from "../client";
import { blindPairsWhere, hiddenPredictionsWhere } from "./blind-pairs-where";

export type ListBlindPairIdsOptions = {
  pairIds: readonly string[];
  /** A viewer who cannot otherwise reach the gold (lib/auth/policy.ts canReachGold is false). */
  viewerId: string;
  /** "gold": pairs whose gold is kept from the viewer; "predictions": pairs whose model output is. */
  hidden: "gold" | "predictions";
  db?: Db;
};

/** Which of the pairs keep their gold (or their model output) from the viewer: one query for a page of the queue. */
export async function listBlindPairIds({ pairIds, viewerId, hidden, db = getDb() }: ListBlindPairIdsOptions): Promise<Set<string>> {
  if (pairIds.length === 0) return new Set();
  const rows = await db.pair.findMany({
    where: { AND: [{ id: { in: [...pairIds] } }, hidden === "gold" ? blindPairsWhere(viewerId) : hiddenPredictionsWhere(viewerId)] },
    select: { id: true },
  });
  return new Set(rows.map((r) => r.id));
}
