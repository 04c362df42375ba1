import "server-only";
import { updateUserSchema, type UpdateUserInput } from "../../schemas/users";
import { type Role, zRole } from "../../schemas/enums";
import type { Db } from "../db/client";
import { updateUserAccount } from "../db/users/update-user-account";
import type { UserListItem } from "./list-users";

export type UpdateUserOptions = UpdateUserInput & {
  userId: string;
  /** The admin making the change (the account audit's actor); null or omitted: the system (the CLI on the server). */
  actorId?: string | null;
  db?: Db;
  now?: Date;
};

export type UpdateUserResult = {
  user: Omit<UserListItem, "lastSeenAt">;
  /** Sessions ended by this change (disabling or a new role signs the user out everywhere at once). */
  sessionsEnded: number;
};

/**
 * Changes a user's role, name and/or disabled state (admin action; the API, the admin page and the CLI call it).
 *
 * - The last active admin can be neither demoted nor disabled (CONFLICT), also not by themselves.
 * - Disabling deletes every session of the user, so they are signed out at once; getSessionUser also refuses a
 *   disabled user's session on every request, and signIn refuses them.
 * - A role change ends the user's sessions too, so the new role starts with a new sign-in (a session, however it was
 *   got, never gains a role it did not sign in with); the session looks the role up on each request besides.
 *
 * Runs in one serializable transaction (updateUserAccount), so two admins demoting each other at the same moment
 * cannot both succeed; each aspect that changed is recorded in the account audit (AccountAuditEvent) in it.
 */
export async function updateUser({ userId, actorId = null, db, now, ...input }: UpdateUserOptions): Promise<UpdateUserResult> {
  const change = updateUserSchema.parse(input);
  const { user, sessionsEnded } = await updateUserAccount({ userId, change, actorId, ...(now ? { now } : {}), db });
  return { user: { ...user, role: zRole.catch("annotator").parse(user.role) as Role }, sessionsEnded };
}
