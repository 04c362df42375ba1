import "server-only";
import { type Db, getDb } from "../client";

export type TouchSessionOptions = { id: string; userId: string; lastSeenAt: Date; expiresAt: Date; db?: Db };

/**
 * Records a session's activity on the session and its user (User.lastSeenAt outlives the session) and slides the
 * session's expiry; a session deleted meanwhile (a sign-out) is no error.
 */
export async function touchSession({ id, userId, lastSeenAt, expiresAt, db = getDb() }: TouchSessionOptions): Promise<void> {
  await db.session.updateMany({ where: { id }, data: { lastSeenAt, expiresAt } });
  await db.user.updateMany({ where: { id: userId }, data: { lastSeenAt } });
}
