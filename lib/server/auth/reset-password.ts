import "server-only";
import { randomBytes } from "node:crypto";
import { resetPasswordSchema } from "../../schemas/users";
import type { Db } from "../db/client";
import { setUserPassword } from "../db/users/set-user-password";
import { hashPassword } from "./hash-password";

export type ResetPasswordOptions = {
  userId: string;
  /** The new password (≥ 12 characters, PASSWORD_MIN_LENGTH); omitted: a random one is generated and returned. */
  password?: string;
  /** Session.id (sha256 of the token) to keep: an admin resetting their own password stays signed in here. */
  keepSessionId?: string;
  /** The admin resetting it (the account audit's actor); null or omitted: the system (the CLI on the server). */
  actorId?: string | null;
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
 * admin access) and ends the user's sessions. A disabled user stays disabled. Recorded in the account audit
 * ("password_reset", never the password or its hash).
 */
export async function resetPassword({ userId, password, keepSessionId, actorId = null, db }: ResetPasswordOptions): Promise<ResetPasswordResult> {
  const given = resetPasswordSchema.parse({ password }).password;
  const next = given ?? generatePassword();
  const passwordHash = await hashPassword({ password: next });
  const { user, sessionsEnded } = await setUserPassword({
    userId,
    passwordHash,
    ...(keepSessionId ? { keepSessionId } : {}),
    actorId,
    generated: given === undefined,
    db,
  });
  return { user, ...(given === undefined ? { generatedPassword: next } : {}), sessionsEnded };
}
