import "server-only";
import { type Db, getDb } from "../client";

/** Deletes a session by id (the token's hash); true when it existed. */
export async function deleteSessionById({ id, db = getDb() }: { id: string; db?: Db }): Promise<boolean> {
  const { count } = await db.session.deleteMany({ where: { id } });
  return count > 0;
}
