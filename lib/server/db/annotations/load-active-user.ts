import "server-only";
import { AppError } from "@/lib/errors";
import type { Db } from "../client";
import type { Role } from "../../../schemas/enums";

export type LoadActiveUserOptions = {
  db: Db;
  userId: string;
  /** Roles allowed for the action; any role when omitted. */
  roles?: readonly Role[];
  /** For the error message ("review", "adjudicate"…). */
  action: string;
};

/**
 * Loads an active user or throws: NOT_FOUND (no such user), FORBIDDEN (disabled, or a role outside `roles`).
 * Route-level auth is lib/server/auth's job; this keeps the data layer safe when called from scripts too.
 */
export async function loadActiveUser({ db, userId, roles, action }: LoadActiveUserOptions): Promise<{ id: string; role: string }> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, role: true, disabledAt: true } });
  if (!user) throw new AppError("NOT_FOUND", `User ${userId} not found`);
  if (user.disabledAt) throw new AppError("FORBIDDEN", `User ${userId} is disabled`);
  if (roles && !(roles as readonly string[]).includes(user.role)) {
    throw new AppError("FORBIDDEN", `Only ${roles.join("/")} users may ${action}`);
  }
  return { id: user.id, role: user.role };
}
