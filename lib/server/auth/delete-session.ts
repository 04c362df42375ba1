import "server-only";
import type { Db } from "../db/client";
import { deleteSessionById } from "../db/sessions/delete-session-by-id";
import { hashSessionToken } from "./session-token";

export type DeleteSessionOptions = { token: string; db?: Db };

/** Signs one session out; true when it existed. */
export async function deleteSession({ token, db }: DeleteSessionOptions): Promise<boolean> {
  return deleteSessionById({ id: hashSessionToken(token), db });
}
