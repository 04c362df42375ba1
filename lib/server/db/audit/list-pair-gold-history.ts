import "server-only";
import { AppError } from "@/lib/errors";
import { diffGoldSnapshots, type GoldSnapshotDiff } from "@/lib/spans/audit/diff-gold-snapshots";
import type { GoldAuditEntry } from "../../../schemas/audit";
import { type Db, getDb } from "../client";
import { listGoldAuditEvents } from "./list-gold-audit-events";

export type GoldHistoryEntry = GoldAuditEntry & GoldSnapshotDiff;

/**
 * A pair's gold history, newest first, each change with what it did (spans added and removed, the no-vital decision's
 * change) next to its full before and after. NOT_FOUND for a pair that does not exist (any more: the rows of a deleted
 * pair stay in the table, read them with listGoldAuditEvents).
 */
export async function listPairGoldHistory({ pairId, db = getDb() }: { pairId: string; db?: Db }): Promise<GoldHistoryEntry[]> {
  const pair = await db.pair.findUnique({ where: { id: pairId }, select: { id: true } });
  if (!pair) throw new AppError("NOT_FOUND", `Pair ${pairId} not found`);
  const events = await listGoldAuditEvents({ pairIds: [pairId], order: "newest", db });
  return events.map((e) => ({ ...e, ...diffGoldSnapshots(e.before, e.after) }));
}
