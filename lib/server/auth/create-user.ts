import "server-only";
import { AppError } from "../../errors";
import { createUserSchema, type CreateUserInput } from "../../schemas/users";
import { type Db, getDb } from "../db/client";
import { hashPassword } from "./hash-password";
import { Prisma } from "../db/generated/client";
import type { SessionUser } from "@/lib/schemas/users";

export type CreateUserOptions = CreateUserInput & { db?: Db };

/** Creates an account (admin action). Validates with createUserSchema; CONFLICT when the email is taken. */
export async function createUser({ db = getDb(), ...input }: CreateUserOptions): Promise<SessionUser> {
  const { email, name, password, role } = createUserSchema.parse(input);
  const passwordHash = await hashPassword({ password });
  try {
    const user = await db.user.create({
      data: { email, name, role, passwordHash },
      select: { id: true, email: true, name: true },
    });
    return { ...user, role };
  } catch (e) {
    if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002") {
      throw new AppError("CONFLICT", `A user with the email ${email} already exists`);
    }
    throw e;
  }
}
