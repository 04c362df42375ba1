import "server-only";
import { type Db, getDb } from "../client";

export type UserRow = {
  id: string;
  email: string;
  name: string;
  role: string;
  disabledAt: Date | null;
  createdAt: Date;
  /** Last activity (User.lastSeenAt: a session created or touched), null when never signed in. */
  lastSeenAt: Date | null;
};

/** Every user by email (never the password hash), with their last activity. */
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
      lastSeenAt: true,
    },
  });
  return users;
}
