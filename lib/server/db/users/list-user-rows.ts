import "server-only";
import { type Db, getDb } from "../client";

export type UserRow = {
  id: string;
  email: string;
  name: string;
  role: string;
  disabledAt: Date | null;
  createdAt: Date;
  /** Most recent session activity, null when never signed in (or all sessions are gone). */
  lastSeenAt: Date | null;
};

/** Every user by email (never the password hash), with the last activity of their sessions. */
export async function listUserRows({ includeDisabled = true, db = getDb() }: { includeDisabled?: boolean; db?: Db } = {}): Promise<UserRow[]> {
  const users = await db.user.findMany({
    where: includeDisabled ? {} : { disabledAt: null },
    orderBy: { email: "asc" },
    select: {
      id: true,
      email: true,
      name: true,
      role: true,
      disabledAt: true,
      createdAt: true,
      sessions: { orderBy: { lastSeenAt: "desc" }, take: 1, select: { lastSeenAt: true } },
    },
  });
  return users.map(({ sessions, ...u }) => ({ ...u, lastSeenAt: sessions[0]?.lastSeenAt ?? null }));
}
