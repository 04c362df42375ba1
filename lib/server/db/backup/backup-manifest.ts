import "server-only";
import { createHash } from "node:crypto";
import { createReadStream, existsSync, readFileSync, writeFileSync } from "node:fs";
import { AppError } from "@/lib/errors";
import type { TableChecksum } from "../integrity/table-checksum";

export const MANIFEST_FORMAT = "snippet-lab-backup/1";

/**
 * What a backup held at its moment, written beside it as `<file>.manifest.json`: every table's row count and checksum
 * (taken from the same snapshot the copy was made from), the applied migrations and the file's own sha256. A restore
 * checks the file against it, and the restored database table by table.
 */
export type BackupManifest = {
  format: typeof MANIFEST_FORMAT;
  provider: "sqlite" | "postgresql";
  /** When the snapshot was taken (ISO): the backup holds every transaction committed before, none after. */
  snapshotAt: string;
  /** Seconds the backup took, snapshot to finished file. */
  seconds: number;
  /** The database it was taken from (a file name, or the URL without its password). */
  source: string;
  /** PostgreSQL: the schemas dumped (the app's and pg-boss's). */
  schemas?: string[];
  /** Names of the migrations applied at the snapshot (a restore refuses a backup of a newer schema than the code's). */
  migrations: string[];
  tables: TableChecksum[];
  bytes: number;
  sha256: string;
};

export const manifestPathOf = (file: string) => `${file}.manifest.json`;

export function writeManifest(file: string, manifest: BackupManifest): string {
  const out = manifestPathOf(file);
  writeFileSync(out, `${JSON.stringify(manifest, null, 2)}\n`);
  return out;
}

/** The manifest beside `file`, or null when there is none; BAD_REQUEST when it is not one of ours. */
export function readManifest(file: string): BackupManifest | null {
  const p = manifestPathOf(file);
  if (!existsSync(p)) return null;
  const m = JSON.parse(readFileSync(p, "utf8")) as BackupManifest;
  if (m.format !== MANIFEST_FORMAT) throw new AppError("BAD_REQUEST", `${p} is not a Snippet Lab backup manifest (format ${String(m.format)})`);
  return m;
}

/** sha256 (hex) of a file, streamed. */
export async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

export const totalRows = (tables: readonly TableChecksum[]) => tables.reduce((n, t) => n + t.rows, 0);
