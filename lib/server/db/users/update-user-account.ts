import "server-only";
import { AppError } from "@/lib/errors";
import type { Role } from "@/lib/schemas/enums";
import { type Db, getDb } from "../client";
import { Prisma } from "../generated/client";
import { accountAuditChanges } from "@/lib/auth/account-audit-changes";
import { appendAccountAuditEvents } from "../audit/append-account-audit-events";

export type UserAccountChange = { role?: Role; name?: string; disabled?: boolean };

export type UpdatedUserAccount = {
  user: { id: string; email: string; name: string; role: string; disabledAt: Date | null; createdAt: Date };
  /** Sessions ended by this change (disabling or a new role signs the user out everywhere at once). */
  sessionsEnded: number;
};

const SELECT = { id: true, email: true, name: true, role: true, disabledAt: true, createdAt: true } as const;

/** The message of the last-admin rule (CONFLICT): shown by the admin page, the API and the CLI. */
export function lastAdminMessage(email: string, action: "demote" | "disable"): string {
  return `${email} is the last active admin: ${action === "demote" ? "changing their role" : "disabling them"} would leave nobody able to manage users. Make another user admin first.`;
}

/**
 * Applies a validated change to a user in one serializable transaction, so two admins demoting each other at the same
 * moment cannot both succeed: the last active admin can be neither demoted nor disabled (CONFLICT); disabling or a
 * change of role deletes every session of the user. Each aspect that changed (role, disabled, name) appends an AccountAuditEvent by `actorId`
 * in the same transaction. NOT_FOUND for an unknown user; CONFLICT when PostgreSQL aborts a conflicting transaction.
 */
export async function updateUserAccount({
  userId,
  change,
  actorId = null,
  now = new Date(),
  db = getDb(),
}: {
  userId: string;
  change: UserAccountChange;
  /** The admin making the change (the audit's actor); null: the system (the CLI on the server). */
  actorId?: string | null;
  now?: Date;
  db?: Db;
}): Promise<UpdatedUserAccount> {
  const run = async (tx: Prisma.TransactionClient): Promise<UpdatedUserAccount> => {
    const current = await tx.user.findUnique({ where: { id: userId }, select: SELECT });
    if (!current) throw new AppError("NOT_FOUND", `User ${userId} not found`);

    const wasActiveAdmin = current.role === "admin" && current.disabledAt === null;
    const demotes = change.role !== undefined && change.role !== "admin";
    const disables = change.disabled === true;
    if (wasActiveAdmin && (demotes || disables)) {
      const others = await tx.user.count({ where: { role: "admin", disabledAt: null, id: { not: userId } } });
      if (others === 0) throw new AppError("CONFLICT", lastAdminMessage(current.email, demotes ? "demote" : "disable"));
    }

    const data: Prisma.UserUpdateInput = {};
    if (change.role !== undefined) data.role = change.role;
    if (change.name !== undefined) data.name = change.name;
    if (change.disabled !== undefined) data.disabledAt = change.disabled ? (current.disabledAt ?? now) : null;
    const user = await tx.user.update({ where: { id: userId }, data, select: SELECT });
    // Disabling signs the user out; so does a new role (its sessions end: the new role starts with a new sign-in).
    const roleChanged = change.role !== undefined && change.role !== current.role;
    const { count: sessionsEnded } = change.disabled || roleChanged ? await tx.session.deleteMany({ where: { userId } }) : { count: 0 };
    const aspects = (u: { name: string; role: string; disabledAt: Date | null }) => ({ name: u.name, role: u.role, disabled: u.disabledAt !== null });
    await appendAccountAuditEvents({
      tx,
      events: accountAuditChanges(aspects(current), aspects(user)).map((c) => ({ userId, actorId, ...c, at: now })),
    });
    return { user, sessionsEnded };
  };
  try {
    // A client runs its own serializable transaction; a transaction client (a caller's transaction) runs inline.
    if ("$transaction" in db) return await db.$transaction(run, { isolationLevel: Prisma.TransactionIsolationLevel.Serializable });
    return await run(db);
  } catch (e) {
    // PostgreSQL aborts one of two conflicting serializable transactions.
    if (isSerializationFailure(e)) {
      throw new AppError("CONFLICT", "Another change to the users happened at the same moment. Try again.");
    }
    throw e;
  }
}

/** PostgreSQL's 40001: Prisma's P2034, or the driver adapter's TransactionWriteConflict. */
function isSerializationFailure(e: unknown): boolean {
  if (e instanceof Prisma.PrismaClientKnownRequestError) return e.code === "P2034";
  const cause = (e as { cause?: { kind?: string; originalCode?: string } } | null)?.cause;
  return cause?.kind === "TransactionWriteConflict" || cause?.originalCode === "40001";
}
