import "server-only";
import { type Db, getDb } from "../db/client";
import { type Role, zRole } from "../../schemas/enums";

export type UserListItem = {
  id: string;
  email: string;
  name: string;
  role: Role;
  disabledAt: Date | null;
  createdAt: Date;
  /** Most recent session activity, null when never signed in (or all sessions are gone). */
  lastSeenAt: Date | null;
};

export type ListUsersOptions = { includeDisabled?: boolean; db?: Db };

/** All users by email (never the password hash). */
export async function listUsers({ includeDisabled = true, db = getDb() }: ListUsersOptions = {}): Promise<UserListItem[]> {
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
  return users.map(({ sessions, role, ...u }) => ({
    ...u,
    // A role outside the enum (hand-edited row) is shown as the least privileged one.
    role: zRole.catch("annotator").parse(role),
    lastSeenAt: sessions[0]?.lastSeenAt ?? null,
  }));
}
