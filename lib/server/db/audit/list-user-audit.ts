import "server-only";
import { AppError } from "@/lib/errors";
import type { AccountAuditEntry } from "../../../schemas/audit";
import { type Db, getDb } from "../client";
import { listAccountAuditEvents } from "./list-account-audit-events";

/** One account's changes, newest first (GET /api/users/{id}/audit); NOT_FOUND for an unknown user. */
export async function listUserAudit({ userId, db = getDb() }: { userId: string; db?: Db }): Promise<AccountAuditEntry[]> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true } });
  if (!user) throw new AppError("NOT_FOUND", `User ${userId} not found`);
  return listAccountAuditEvents({ userId, limit: 1000, db });
}
