import "server-only";
import { type Db, getDb } from "../client";

export type InsertSessionOptions = { id: string; userId: string; now: Date; expiresAt: Date; db?: Db };

/** Stores a session (id: the token's hash), drops the user's expired ones and records the user as seen now. */
export async function insertSession({ id, userId, now, expiresAt, db = getDb() }: InsertSessionOptions): Promise<void> {
  await db.session.deleteMany({ where: { userId, expiresAt: { lte: now } } });
  await db.session.create({ data: { id, userId, createdAt: now, lastSeenAt: now, expiresAt } });
  // On the user as well: the session row is gone after a sign-out or its expiry, "last seen" is not.
  await db.user.updateMany({ where: { id: userId }, data: { lastSeenAt: now } });
}
