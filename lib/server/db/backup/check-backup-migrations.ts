import "server-only";
import { AppError } from "@/lib/errors";

/**
 * A backup's schema must not be newer than the code's: its migrations all known here (the migrator applies the code's
 * newer ones at the next start). CONFLICT naming the unknown ones otherwise.
 */
export function checkBackupMigrations({ backup, known }: { backup: readonly string[]; known: readonly string[] }): void {
  const knownSet = new Set(known);
  const unknown = backup.filter((m) => !knownSet.has(m));
  if (unknown.length > 0) {
    throw new AppError(
      "CONFLICT",
      `the backup's database has ${unknown.length} migration(s) this code does not know (${unknown.slice(0, 3).join(", ")}${unknown.length > 3 ? ", …" : ""}): restore it with the version of Snippet Lab that wrote it`,
    );
  }
}
