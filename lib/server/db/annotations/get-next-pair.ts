import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { type Db, getDb } from "../client";
import { computePairScores } from "./compute-pair-scores";
import { listBlindPairIds } from "./list-blind-pair-ids";
import { listPairsParsed } from "./list-pairs";
import { listPairsSchema, type PairListItem } from "../../../schemas/queue";
import { encodePairCursor } from "./pair-cursor";
import type { PairFilters, PairOrder } from "./pair-filters";
import { parseOptions } from "./parse-options";
import { zId } from "../../../schemas/ids";

export type GetNextPairOptions = PairFilters &
  PairOrder & {
    /** The pair being left; its current sort value positions the search. */
    currentPairId?: string;
    /**
     * The `cursor` of the current pair's list item: keeps the position of the list the user came from even when
     * annotating changed the pair's sort value (its updatedAt moves on every save). Wins over currentPairId.
     */
    cursor?: string;
    /** Start again from the top when nothing follows (default false). */
    wrap?: boolean;
    db?: Db;
  };

const schema = listPairsSchema.omit({ limit: true }).extend({ currentPairId: zId.optional(), wrap: z.boolean().default(false) });

/**
 * The pair after the current one in the same filtered, sorted order as listPairs; null at the end (unless `wrap`)
 * or when the queue is empty. Without cursor or currentPairId: the first pair. Never returns the current pair.
 */
export async function getNextPair(options: GetNextPairOptions): Promise<PairListItem | null> {
  const { db = getDb(), ...rest } = options;
  const { currentPairId, wrap, ...o } = parseOptions(schema, rest);
  let cursor = o.cursor;
  if (!cursor && currentPairId) {
    const pair = await db.pair.findUnique({ where: { id: currentPairId }, select: { id: true, updatedAt: true } });
    if (!pair) throw new AppError("NOT_FOUND", `Pair ${currentPairId} not found`);
    let value =
      o.sort === "updatedAt"
        ? pair.updatedAt.toISOString()
        : o.scores
          ? (o.scores[pair.id] ?? null)
          : ((await computePairScores({ db, pairIds: [pair.id], kind: o.sort, modelName: o.modelName, threshold: o.threshold })).get(pair.id) ??
            null);
    // A score blind annotation keeps from the viewer sorts as none, as listPairs lists it.
    if (value !== null && o.sort !== "updatedAt" && o.blindViewerId) {
      const hidden = o.sort === "disagreement" ? "gold" : "predictions";
      if ((await listBlindPairIds({ db, pairIds: [pair.id], viewerId: o.blindViewerId, hidden })).has(pair.id)) value = null;
    }
    cursor = encodePairCursor({ sort: o.sort, direction: o.direction, value, id: pair.id });
  }
  const next = await listPairsParsed(db, { ...o, cursor, limit: 2 });
  const found = next.items.find((p) => p.id !== currentPairId);
  if (found || !wrap || !cursor) return found ?? null;
  const first = await listPairsParsed(db, { ...o, cursor: undefined, limit: 2 });
  return first.items.find((p) => p.id !== currentPairId) ?? null;
}
