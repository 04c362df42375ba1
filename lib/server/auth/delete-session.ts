import "server-only";
import { type Db, getDb } from "../db/client";
import { hashSessionToken } from "./session-token";

export type DeleteSessionOptions = { token: string; db?: Db };

/** Signs one session out; true when it existed. */
export async function deleteSession({ token, db = getDb() }: DeleteSessionOptions): Promise<boolean> {
  const { count } = await db.session.deleteMany({ where: { id: hashSessionToken(token) } });
  return count > 0;
}
