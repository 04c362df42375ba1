// Test-only helpers (imported by *.test.ts files): a migrated temp SQLite database and seeded users.
import "server-only";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Role } from "../../schemas/enums";
import type { PrismaClient } from "../db/generated/client";
import { hashPassword } from "./hash-password";
import { migrateDatabase } from "../db/migrate";

export type TempDatabase = { url: string; dir: string; cleanup: () => void };

export async function createTempDatabase(prefix: string): Promise<TempDatabase> {
  const dir = mkdtempSync(path.join(tmpdir(), `snippet-lab-${prefix}-`));
  const url = `file:${path.join(dir, "test.db")}`;
  await migrateDatabase({ url, migrationsDir: path.resolve(import.meta.dirname, "../../../prisma/migrations") });
  return { url, dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export const TEST_PASSWORD = "correct horse battery";

/** One user per role (`<role>@test.local`, TEST_PASSWORD), hashed once and reused to keep scrypt time down. */
export async function seedRoleUsers(db: PrismaClient): Promise<Record<Role, { id: string; email: string }>> {
  const passwordHash = await hashPassword({ password: TEST_PASSWORD });
  const out = {} as Record<Role, { id: string; email: string }>;
  for (const role of ["annotator", "reviewer", "researcher", "admin"] as const) {
    const email = `${role}@test.local`;
    const u = await db.user.create({ data: { email, name: role, role, passwordHash }, select: { id: true } });
    out[role] = { id: u.id, email };
  }
  return out;
}
