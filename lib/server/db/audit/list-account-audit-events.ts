import "server-only";
import { type AccountAuditEntry, accountAuditStateSchema, zAccountAuditKind } from "../../../schemas/audit";
import { type Db, getDb } from "../client";
import { listAuditActors } from "./list-audit-actors";

export type ListAccountAuditEventsOptions = {
  /** One account's history; every account's without it (/admin/users). */
  userId?: string;
  /** Newest first, at most this many (default 200). */
  limit?: number;
  db?: Db;
};

const parseState = (json: string | null) => (json === null ? null : accountAuditStateSchema.parse(JSON.parse(json)));

/** Account changes, newest first, with the account's and the actor's email and name. */
export async function listAccountAuditEvents({ userId, limit = 200, db = getDb() }: ListAccountAuditEventsOptions = {}): Promise<
  AccountAuditEntry[]
> {
  const rows = await db.accountAuditEvent.findMany({
    where: userId !== undefined ? { userId } : {},
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: Math.max(1, Math.min(limit, 1000)),
  });
  const users = await listAuditActors({ ids: rows.flatMap((r) => [r.userId, r.actorId]), db });
  return rows.map((r) => ({
    id: r.id,
    user: users.get(r.userId) ?? null,
    kind: zAccountAuditKind.parse(r.kind),
    actor: r.actorId === null ? null : (users.get(r.actorId) ?? { id: r.actorId, email: r.actorId, name: r.actorId }),
    createdAt: r.createdAt,
    before: parseState(r.beforeJson),
    after: parseState(r.afterJson),
  }));
}
