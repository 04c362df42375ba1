import "server-only";
import { AppError } from "@/lib/errors";
import { type Db, getDb } from "../client";
import { runInTransaction } from "../run-in-transaction";

export type SetUserPasswordOptions = {
  userId: string;
  passwordHash: string;
  /** Session.id to keep (the admin resetting their own password stays signed in there). */
  keepSessionId?: string;
  db?: Db;
};

/** Stores a new password hash and ends the user's other sessions, in one transaction; NOT_FOUND for an unknown user. */
export async function setUserPassword({
  userId,
  passwordHash,
  keepSessionId,
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
      return { user, sessionsEnded };
    },
    { db },
  );
}
