import "server-only";
import type { Db } from "../db/client";
import { insertSession } from "../db/sessions/insert-session";
import { SESSION_TTL_MS } from "./session-cookie";
import { generateSessionToken, hashSessionToken } from "./session-token";

export type CreateSessionOptions = { userId: string; now?: Date; db?: Db };
export type CreatedSession = { token: string; expiresAt: Date };

/** Stores sha256(token) as Session.id and returns the token for the cookie; drops the user's expired sessions. */
export async function createSession({ userId, now = new Date(), db }: CreateSessionOptions): Promise<CreatedSession> {
  const token = generateSessionToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await insertSession({ id: hashSessionToken(token), userId, now, expiresAt, db });
  return { token, expiresAt };
}
