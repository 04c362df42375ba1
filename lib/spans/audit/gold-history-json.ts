import type { GoldAuditEntry, GoldHistoryItem, GoldSnapshotDiff } from "../../schemas/audit";

/** A server's gold history as its JSON form (dates as ISO strings), as the API sends it and the review page passes it. */
export function toGoldHistoryJson(entries: readonly (GoldAuditEntry & GoldSnapshotDiff)[]): GoldHistoryItem[] {
  return entries.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() }));
}
