import "server-only";
import type { AccountAuditKind, AccountAuditState } from "../../../schemas/audit";
import type { Prisma } from "../generated/client";

export type AccountAuditInput = {
  /** The account changed. */
  userId: string;
  /** The admin who changed it; null for the system (the CLI on the server, the first start). */
  actorId: string | null;
  kind: AccountAuditKind;
  /** Never a password or its hash. */
  before: AccountAuditState | null;
  after: AccountAuditState | null;
  at?: Date;
};

/**
 * Appends account audit rows in `tx`, the transaction of the change. Rows are never updated or deleted: this module
 * has no such function, and database triggers refuse it (migration 20270203000000_audit_trail).
 */
export async function appendAccountAuditEvents({
  tx,
  events,
}: {
  tx: Prisma.TransactionClient;
  events: readonly AccountAuditInput[];
}): Promise<void> {
  if (events.length === 0) return;
  await tx.accountAuditEvent.createMany({
    data: events.map((e) => ({
      userId: e.userId,
      actorId: e.actorId,
      kind: e.kind,
      beforeJson: e.before === null ? null : JSON.stringify(e.before),
      afterJson: e.after === null ? null : JSON.stringify(e.after),
      ...(e.at ? { createdAt: e.at } : {}),
    })),
  });
}
