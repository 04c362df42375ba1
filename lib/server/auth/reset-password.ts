import "server-only";
import { randomBytes } from "node:crypto";
import { AppError } from "../../errors";
import { resetPasswordSchema } from "../../schemas/users";
import { type Db, getDb } from "../db/client";
import { hashPassword } from "./hash-password";
import { runInTransaction } from "../db/run-in-transaction";

export type ResetPasswordOptions = {
  userId: string;
  /** The new password (≥ 10 characters); omitted: a random one is generated and returned. */
  password?: string;
  /** Session.id (sha256 of the token) to keep: an admin resetting their own password stays signed in here. */
  keepSessionId?: string;
  db?: Db;
};

export type ResetPasswordResult = {
  user: { id: string; email: string; name: string };
  /** Only when it was generated: show it once. */
  generatedPassword?: string;
  /** Sessions ended: whoever held the old password is signed out everywhere. */
  sessionsEnded: number;
};

/** 16 random bytes, base64url (22 characters). */
export function generatePassword(): string {
  return randomBytes(16).toString("base64url");
}

/**
 * Sets a new password (admin page, API, and `snippet-lab users reset-password` on the server, which also recovers
 * admin access) and ends the user's sessions. A disabled user stays disabled.
 */
export async function resetPassword({ userId, password, keepSessionId, db = getDb() }: ResetPasswordOptions): Promise<ResetPasswordResult> {
  const given = resetPasswordSchema.parse({ password }).password;
  const next = given ?? generatePassword();
  const passwordHash = await hashPassword({ password: next });
  return runInTransaction(
    async (tx) => {
      const found = await tx.user.findUnique({ where: { id: userId }, select: { id: true } });
      if (!found) throw new AppError("NOT_FOUND", `User ${userId} not found`);
      const user = await tx.user.update({ where: { id: userId }, data: { passwordHash }, select: { id: true, email: true, name: true } });
      const { count: sessionsEnded } = await tx.session.deleteMany({
        where: { userId, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) },
      });
      return { user, ...(given === undefined ? { generatedPassword: next } : {}), sessionsEnded };
    },
    { db },
  );
}
