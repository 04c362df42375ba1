import "server-only";
import type { Db } from "../db/client";
import { listUserRows } from "../db/users/list-user-rows";
import { type Role, zRole } from "../../schemas/enums";

export type UserListItem = {
  id: string;
  email: string;
  name: string;
  role: Role;
  disabledAt: Date | null;
  createdAt: Date;
  /** Last activity (a session created or touched), null when never signed in; kept after sign-out and expiry. */
  lastSeenAt: Date | null;
};

export type ListUsersOptions = { includeDisabled?: boolean; db?: Db };

/** All users by email (never the password hash). */
export async function listUsers({ includeDisabled = true, db }: ListUsersOptions = {}): Promise<UserListItem[]> {
  const users = await listUserRows({ includeDisabled, db });
  // A role outside the enum (hand-edited row) is shown as the least privileged one.
  return users.map((u) => ({ ...u, role: zRole.catch("annotator").parse(u.role) }));
}
