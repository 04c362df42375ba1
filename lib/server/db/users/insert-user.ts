import "server-only";
import { AppError } from "@/lib/errors";
import type { Role } from "@/lib/schemas/enums";
import { type Db, getDb } from "../client";
import { Prisma } from "../generated/client";
import { runInTransaction } from "../run-in-transaction";
import { appendAccountAuditEvents } from "../audit/append-account-audit-events";

export type InsertUserOptions = {
  email: string;
  name: string;
  role: Role;
  passwordHash: string;
  /** The admin creating it (the audit's actor); null: the system (the CLI on the server). */
  actorId?: string | null;
  db?: Db;
};

/** Creates a user row with its AccountAuditEvent ("create", never the hash) in one transaction; CONFLICT when the email is taken. */
export async function insertUser({
  email,
  name,
  role,
  passwordHash,
  actorId = null,
  db = getDb(),
}: InsertUserOptions): Promise<{ id: string; email: string; name: string }> {
  try {
    return await runInTransaction(
      async (tx) => {
        const user = await tx.user.create({ data: { email, name, role, passwordHash }, select: { id: true, email: true, name: true } });
        await appendAccountAuditEvents({ tx, events: [{ userId: user.id, actorId, kind: "create", before: null, after: { email, name, role } }] });
        return user;
      },
      { db },
    );
  } catch (e) {
    if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002") {
      throw new AppError("CONFLICT", `A user with the email ${email} already exists`);
    }
    throw e;
  }
}
