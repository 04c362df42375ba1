import "server-only";
import type { GoldAuditKind, GoldSnapshot } from "../../../schemas/audit";
import type { Prisma } from "../generated/client";

export type GoldAuditInput = {
  pairId: string;
  datasetId: string;
  /** Who made the change; null for the system (imports, repairs, the demo seed). */
  actorId: string | null;
  kind: GoldAuditKind;
  before: GoldSnapshot;
  after: GoldSnapshot;
  /** When the change happened (the change's own timestamp, e.g. Pair.adjudicatedAt). */
  at: Date;
};

const CHUNK = 500;

/**
 * Appends gold audit rows. `tx` must be the transaction that makes the change, so the history and the gold commit or
 * roll back together. Rows are never updated or deleted: this module has no such function, and database triggers
 * refuse it whoever tries (migration 20270203000000_audit_trail).
 */
export async function appendGoldAuditEvents({ tx, events }: { tx: Prisma.TransactionClient; events: readonly GoldAuditInput[] }): Promise<void> {
  const rows = events.map((e) => ({
    pairId: e.pairId,
    datasetId: e.datasetId,
    actorId: e.actorId,
    kind: e.kind,
    beforeJson: JSON.stringify(e.before),
    afterJson: JSON.stringify(e.after),
    createdAt: e.at,
  }));
  for (let i = 0; i < rows.length; i += CHUNK) await tx.goldAuditEvent.createMany({ data: rows.slice(i, i + CHUNK) });
}
