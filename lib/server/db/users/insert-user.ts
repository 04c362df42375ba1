import "server-only";
import { AppError } from "@/lib/errors";
import type { Role } from "@/lib/schemas/enums";
import { type Db, getDb } from "../client";
import { Prisma } from "../generated/client";

export type InsertUserOptions = { email: string; name: string; role: Role; passwordHash: string; db?: Db };

/** Creates a user row; CONFLICT when the email is taken. */
export async function insertUser({
  email,
  name,
  role,
  passwordHash,
  db = getDb(),
}: InsertUserOptions): Promise<{ id: string; email: string; name: string }> {
  try {
    return await db.user.create({ data: { email, name, role, passwordHash }, select: { id: true, email: true, name: true } });
  } catch (e) {
    if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002") {
      throw new AppError("CONFLICT", `A user with the email ${email} already exists`);
    }
    throw e;
  }
}
