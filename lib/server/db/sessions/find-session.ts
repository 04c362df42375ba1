import "server-only";
import { type Db, getDb } from "../client";

export type SessionRow = {
  createdAt: Date;
  expiresAt: Date;
  lastSeenAt: Date;
  user: { id: string; email: string; name: string; role: string; disabledAt: Date | null };
};

/** A session by id (the token's hash) with its user, or null. */
export async function findSession({ id, db = getDb() }: { id: string; db?: Db }): Promise<SessionRow | null> {
  return db.session.findUnique({
    where: { id },
    select: {
      createdAt: true,
      expiresAt: true,
      lastSeenAt: true,
      user: { select: { id: true, email: true, name: true, role: true, disabledAt: true } },
    },
  });
}
