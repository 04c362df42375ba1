import "server-only";
import { createUserSchema, type CreateUserInput } from "../../schemas/users";
import type { Db } from "../db/client";
import { insertUser } from "../db/users/insert-user";
import { hashPassword } from "./hash-password";
import type { SessionUser } from "@/lib/schemas/users";

export type CreateUserOptions = CreateUserInput & {
  /** The admin creating it (the account audit's actor); null or omitted: the system (the CLI on the server). */
  actorId?: string | null;
  db?: Db;
};

/**
 * Creates an account (admin action), recorded in the account audit ("create"). Validates with createUserSchema;
 * CONFLICT when the email is taken.
 */
export async function createUser({ db, actorId = null, ...input }: CreateUserOptions): Promise<SessionUser> {
  const { email, name, password, role } = createUserSchema.parse(input);
  const passwordHash = await hashPassword({ password });
  const user = await insertUser({ email, name, role, passwordHash, actorId, db });
  return { ...user, role };
}
