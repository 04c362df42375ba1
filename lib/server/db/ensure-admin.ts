import "server-only";
import { randomBytes } from "node:crypto";
import { hashPassword } from "../auth/hash-password";
import { getEnv } from "../env";
import { accountAuditChanges } from "@/lib/auth/account-audit-changes";
import { type Db, getDb } from "./client";
import { appendAccountAuditEvents, type AccountAuditInput } from "./audit/append-account-audit-events";
import { runInTransaction } from "./run-in-transaction";

export type EnsureAdminOptions = {
  db?: Db;
  /** Defaults to SNIPPET_LAB_ADMIN_EMAIL, then "admin@localhost". */
  email?: string;
  /** Defaults to SNIPPET_LAB_ADMIN_PASSWORD, else a random password that is logged once. */
  password?: string;
  log?: (message: string) => void;
};

export type EnsureAdminResult = { created: false } | { created: true; email: string; generatedPassword?: string };

/** How to get back into an installation whose admin password is lost (logged whenever it is relevant). */
export const ADMIN_RECOVERY_HINT = "npx snippet-lab users reset-password EMAIL (on the server; the app need not run)";

/**
 * Only while the database has no active admin (the first start): creates one from SNIPPET_LAB_ADMIN_EMAIL /
 * SNIPPET_LAB_ADMIN_PASSWORD (else admin@localhost and a generated password), or promotes the user with that email.
 * Afterwards it changes nothing, so editing the variables later resets nobody's password: it then says so once per
 * start when they are set, and names the recovery command.
 */
export async function ensureAdmin(options: EnsureAdminOptions = {}): Promise<EnsureAdminResult> {
  const { db = getDb(), log = console.log } = options;
  const admin = await db.user.findFirst({ where: { role: "admin", disabledAt: null }, select: { id: true } });
  if (admin) {
    const env = getEnv();
    const set = [env.adminEmail && "SNIPPET_LAB_ADMIN_EMAIL", env.adminPassword && "SNIPPET_LAB_ADMIN_PASSWORD"].filter(Boolean);
    if (set.length > 0 && options.email === undefined && options.password === undefined) {
      log(
        `${set.join(" and ")} ignored: an admin account already exists, and these variables only create the first admin ` +
          `on a database without one. Change passwords at /admin/users, or on the server: ${ADMIN_RECOVERY_HINT}.`,
      );
    }
    return { created: false };
  }

  const email = (options.email ?? getEnv().adminEmail ?? "admin@localhost").trim().toLowerCase();
  const given = options.password ?? getEnv().adminPassword;
  const password = given || randomBytes(12).toString("base64url");
  if (given && given.length < 8) log("warning: SNIPPET_LAB_ADMIN_PASSWORD is shorter than 8 characters");
  const passwordHash = await hashPassword({ password });
  // The account audit records it as the system's doing: a new account, or the user with that email promoted.
  await runInTransaction(
    async (tx) => {
      const before = await tx.user.findUnique({ where: { email }, select: { id: true, name: true, role: true, disabledAt: true } });
      const user = await tx.user.upsert({
        where: { email },
        create: { email, name: "Admin", role: "admin", passwordHash },
        update: { role: "admin", passwordHash, disabledAt: null },
        select: { id: true, name: true },
      });
      const events: AccountAuditInput[] = before
        ? [
            ...accountAuditChanges(
              { name: before.name, role: before.role, disabled: before.disabledAt !== null },
              { name: before.name, role: "admin", disabled: false },
            ).map((c) => ({ userId: user.id, actorId: null, ...c })),
            { userId: user.id, actorId: null, kind: "password_reset", before: null, after: { generated: !given, sessionsEnded: 0 } },
          ]
        : [{ userId: user.id, actorId: null, kind: "create", before: null, after: { email, name: user.name, role: "admin" } }];
      await appendAccountAuditEvents({ tx, events });
    },
    { db },
  );
  if (given) {
    log(
      `Created the first admin account ${email} (password from SNIPPET_LAB_ADMIN_PASSWORD). From now on the ` +
        `SNIPPET_LAB_ADMIN_* variables are ignored; to reset a password later: ${ADMIN_RECOVERY_HINT}.`,
    );
    return { created: true, email };
  }
  log(
    `\n  Created the first admin account\n    email:    ${email}\n    password: ${password}\n` +
      `  This password is shown only once: sign in and keep it. SNIPPET_LAB_ADMIN_EMAIL/SNIPPET_LAB_ADMIN_PASSWORD\n` +
      `  only choose the first admin on a database that has none: setting them now changes nothing.\n` +
      `  Lost it? On the server: ${ADMIN_RECOVERY_HINT}.\n`,
  );
  return { created: true, email, generatedPassword: password };
}
