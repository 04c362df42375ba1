import "server-only";
import type { Db } from "../db/client";
import { deleteSessionById } from "../db/sessions/delete-session-by-id";
import { findSession } from "../db/sessions/find-session";
import { touchSession } from "../db/sessions/touch-session";
import { zRole } from "../../schemas/enums";
import { SESSION_MAX_LIFETIME_MS, SESSION_TTL_MS } from "./session-cookie";
import { hashSessionToken, isWellFormedSessionToken } from "./session-token";
import type { SessionUser } from "@/lib/schemas/users";

/** lastSeenAt (and the sliding expiry) is written at most this often, so reads do not all become writes. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

export type GetSessionUserOptions = { token: string | null | undefined; now?: Date; db?: Db };
export type SessionLookup = {
  user: SessionUser;
  sessionId: string;
  expiresAt: Date;
  /** True when this call slid the expiry: the caller should re-send the cookie with the new expiry if it can. */
  extended: boolean;
};

/**
 * The user behind a session token; null when the token is unknown, expired (then deleted) or the user disabled. Each
 * use slides the expiry SESSION_TTL_MS out (so an idle session ends after that long), never past
 * SESSION_MAX_LIFETIME_MS after the session's sign-in.
 */
export async function getSessionUser({ token, now = new Date(), db }: GetSessionUserOptions): Promise<SessionLookup | null> {
  if (!token || !isWellFormedSessionToken(token)) return null;
  const id = hashSessionToken(token);
  const session = await findSession({ id, db });
  if (!session) return null;
  // The lifetime cap also ends sessions whose expiry slid past it before the cap existed.
  if (session.expiresAt.getTime() <= now.getTime() || now.getTime() - session.createdAt.getTime() >= SESSION_MAX_LIFETIME_MS) {
    await deleteSessionById({ id, db });
    return null;
  }
  const { user } = session;
  const role = zRole.safeParse(user.role);
  if (user.disabledAt !== null || !role.success) return null;

  let expiresAt = session.expiresAt;
  let extended = false;
  if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    expiresAt = new Date(Math.min(now.getTime() + SESSION_TTL_MS, session.createdAt.getTime() + SESSION_MAX_LIFETIME_MS));
    await touchSession({ id, userId: user.id, lastSeenAt: now, expiresAt, db });
    extended = true;
  }
  return {
    user: { id: user.id, email: user.email, name: user.name, role: role.data },
    sessionId: id,
    expiresAt,
    extended,
  };
}
