import "server-only";
import { type Db, getDb } from "../client";

export type TouchSessionOptions = { id: string; lastSeenAt: Date; expiresAt: Date; db?: Db };

/** Records a session's activity and slides its expiry; a session deleted meanwhile (a sign-out) is no error. */
export async function touchSession({ id, lastSeenAt, expiresAt, db = getDb() }: TouchSessionOptions): Promise<void> {
  await db.session.updateMany({ where: { id }, data: { lastSeenAt, expiresAt } });
}
