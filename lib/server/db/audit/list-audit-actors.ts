import "server-only";
import { type Db, getDb } from "../client";

/** Users by id for the audit lists (their ids are plain columns, no relation): id → {id, email, name}. */
export async function listAuditActors({
  ids,
  db = getDb(),
}: {
  ids: readonly (string | null)[];
  db?: Db;
}): Promise<Map<string, { id: string; email: string; name: string }>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const users = await db.user.findMany({ where: { id: { in: wanted } }, select: { id: true, email: true, name: true } });
  return new Map(users.map((u) => [u.id, u]));
}
