import "server-only";
import { randomBytes } from "node:crypto";
import { type Db, getDb } from "./client";
import { hashPassword } from "./hash-password";

export type EnsureAdminOptions = {
  db?: Db;
  /** Defaults to SNIPPET_LAB_ADMIN_EMAIL, then "admin@localhost". */
  email?: string;
  /** Defaults to SNIPPET_LAB_ADMIN_PASSWORD, else a random password that is logged once. */
  password?: string;
  log?: (message: string) => void;
};

export type EnsureAdminResult =
  | { created: false }
  | { created: true; email: string; generatedPassword?: string };

/**
 * On first start (no active admin), creates one, or promotes the user with that email. Does nothing afterwards, so
 * changing SNIPPET_LAB_ADMIN_PASSWORD later does not reset anyone's password.
 */
export async function ensureAdmin(options: EnsureAdminOptions = {}): Promise<EnsureAdminResult> {
  const { db = getDb(), log = console.log } = options;
  const admin = await db.user.findFirst({ where: { role: "admin", disabledAt: null }, select: { id: true } });
  if (admin) return { created: false };

  const email = (options.email ?? process.env.SNIPPET_LAB_ADMIN_EMAIL ?? "admin@localhost").trim().toLowerCase();
  const given = options.password ?? process.env.SNIPPET_LAB_ADMIN_PASSWORD;
  const password = given || randomBytes(12).toString("base64url");
  if (given && given.length < 8) log("warning: SNIPPET_LAB_ADMIN_PASSWORD is shorter than 8 characters");
  const passwordHash = await hashPassword({ password });
  await db.user.upsert({
    where: { email },
    create: { email, name: "Admin", role: "admin", passwordHash },
    update: { role: "admin", passwordHash, disabledAt: null },
  });
  if (given) {
    log(`Created admin account ${email} (password from SNIPPET_LAB_ADMIN_PASSWORD).`);
    return { created: true, email };
  }
  log(
    `\n  Created admin account\n    email:    ${email}\n    password: ${password}\n` +
      `  This password is shown only once. Set SNIPPET_LAB_ADMIN_EMAIL/SNIPPET_LAB_ADMIN_PASSWORD to choose them.\n`,
  );
  return { created: true, email, generatedPassword: password };
}
