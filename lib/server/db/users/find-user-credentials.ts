import "server-only";
import { type Db, getDb } from "../client";

export type UserCredentials = { id: string; email: string; name: string; role: string; passwordHash: string; disabledAt: Date | null };

/** What sign-in checks of the user with this (normalized) email, password hash included; null when none. */
export async function findUserCredentials({ email, db = getDb() }: { email: string; db?: Db }): Promise<UserCredentials | null> {
  return db.user.findUnique({
    where: { email },
    select: { id: true, email: true, name: true, role: true, passwordHash: true, disabledAt: true },
  });
}
