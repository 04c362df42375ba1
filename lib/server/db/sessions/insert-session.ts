import "server-only";
import { type Db, getDb } from "../client";

export type InsertSessionOptions = { id: string; userId: string; now: Date; expiresAt: Date; db?: Db };

/** Stores a session (id: the token's hash) and drops the user's expired ones. */
export async function insertSession({ id, userId, now, expiresAt, db = getDb() }: InsertSessionOptions): Promise<void> {
  await db.session.deleteMany({ where: { userId, expiresAt: { lte: now } } });
  await db.session.create({ data: { id, userId, createdAt: now, lastSeenAt: now, expiresAt } });
}
