import "server-only";
import { AppError } from "@/lib/errors";
import { type Db, getDb } from "../client";
import { runInTransaction } from "../run-in-transaction";
import { appendAccountAuditEvents } from "../audit/append-account-audit-events";

export type SetUserPasswordOptions = {
  userId: string;
  passwordHash: string;
  /** Session.id to keep (the admin resetting their own password stays signed in there). */
  keepSessionId?: string;
  /** The admin resetting it (the audit's actor); null: the system (the CLI on the server). */
  actorId?: string | null;
  /** The password was generated (the audit says so; the password itself is never recorded). */
  generated?: boolean;
  db?: Db;
};

/**
 * Stores a new password hash and ends the user's other sessions, in one transaction with its AccountAuditEvent
 * ("password_reset": whether it was generated and how many sessions ended, never the hash); NOT_FOUND for an unknown user.
 */
export async function setUserPassword({
  userId,
  passwordHash,
  keepSessionId,
  actorId = null,
  generated = false,
  db = getDb(),
}: SetUserPasswordOptions): Promise<{ user: { id: string; email: string; name: string }; sessionsEnded: number }> {
  return runInTransaction(
    async (tx) => {
      const found = await tx.user.findUnique({ where: { id: userId }, select: { id: true } });
      if (!found) throw new AppError("NOT_FOUND", `User ${userId} not found`);
      const user = await tx.user.update({ where: { id: userId }, data: { passwordHash }, select: { id: true, email: true, name: true } });
      const { count: sessionsEnded } = await tx.session.deleteMany({
        where: { userId, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) },
      });
      await appendAccountAuditEvents({
        tx,
        events: [{ userId, actorId, kind: "password_reset", before: null, after: { generated, sessionsEnded } }],
      });
      return { user, sessionsEnded };
    },
    { db },
  );
}
