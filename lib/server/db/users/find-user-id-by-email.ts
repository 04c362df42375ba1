import "server-only";
import { AppError } from "@/lib/errors";
import { type Db, getDb } from "../client";

/** The id of the user with this email (CLI); NOT_FOUND otherwise. */
export async function findUserIdByEmail({ email, db = getDb() }: { email: string; db?: Db }): Promise<string> {
  const normalized = email.trim().toLowerCase();
  const user = await db.user.findUnique({ where: { email: normalized }, select: { id: true } });
  if (!user) throw new AppError("NOT_FOUND", `No user with the email ${normalized}`);
  return user.id;
}
