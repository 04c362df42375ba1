import "server-only";
import { type GoldAuditEntry, goldSnapshotSchema, zGoldAuditKind } from "../../../schemas/audit";
import { type Db, getDb } from "../client";
import { listAuditActors } from "./list-audit-actors";

export type ListGoldAuditEventsOptions = {
  /** One pair's history, or several pairs' (an export page). */
  pairIds: readonly string[];
  /** Newest first (the review page) or oldest first (exports). Default newest first. */
  order?: "newest" | "oldest";
  db?: Db;
};

const CHUNK = 500;

/**
 * The gold history of the given pairs, with each actor's email and name (actorId is a plain column: a user is looked
 * up, null stays the system). Rows of deleted pairs stay in the table and are listed by their pair id like any other.
 */
export async function listGoldAuditEvents({ pairIds, order = "newest", db = getDb() }: ListGoldAuditEventsOptions): Promise<GoldAuditEntry[]> {
  const direction = order === "newest" ? "desc" : "asc";
  const rows = [];
  for (let i = 0; i < pairIds.length; i += CHUNK) {
    rows.push(
      ...(await db.goldAuditEvent.findMany({
        where: { pairId: { in: pairIds.slice(i, i + CHUNK) } },
        orderBy: [{ createdAt: direction }, { id: direction }],
      })),
    );
  }
  const actors = await listAuditActors({ ids: rows.map((r) => r.actorId), db });
  return rows.map((r) => ({
    id: r.id,
    pairId: r.pairId,
    datasetId: r.datasetId,
    kind: zGoldAuditKind.parse(r.kind),
    actor: r.actorId === null ? null : (actors.get(r.actorId) ?? { id: r.actorId, email: r.actorId, name: r.actorId }),
    createdAt: r.createdAt,
    before: goldSnapshotSchema.parse(JSON.parse(r.beforeJson)),
    after: goldSnapshotSchema.parse(JSON.parse(r.afterJson)),
  }));
}
