import "server-only";
import { createUserSchema, type CreateUserInput } from "../../schemas/users";
import type { Db } from "../db/client";
import { insertUser } from "../db/users/insert-user";
import { hashPassword } from "./hash-password";
import type { SessionUser } from "@/lib/schemas/users";

export type CreateUserOptions = CreateUserInput & { db?: Db };

/** Creates an account (admin action). Validates with createUserSchema; CONFLICT when the email is taken. */
export async function createUser({ db, ...input }: CreateUserOptions): Promise<SessionUser> {
  const { email, name, password, role } = createUserSchema.parse(input);
  const passwordHash = await hashPassword({ password });
  const user = await insertUser({ email, name, role, passwordHash, db });
  return { ...user, role };
}
