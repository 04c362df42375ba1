import "server-only";
import { createHash } from "node:crypto";
import type Database from "better-sqlite3";
import type { TableChecksum } from "./table-checksum";

const MOD = 1n << 128n;

/** A value with its type, so 1 and "1", or NULL and "", never hash alike; floats by their exact bits. */
function encode(v: unknown): string {
  if (v === null || v === undefined) return "n";
  if (typeof v === "bigint") return `i${v}`;
  if (typeof v === "number") {
    const b = Buffer.alloc(8);
    b.writeDoubleLE(v);
    return `r${b.toString("hex")}`;
  }
  if (typeof v === "string") return `s${v.length}:${v}`;
  if (Buffer.isBuffer(v)) return `b${v.toString("hex")}`;
  return `?${String(v)}`;
}

/**
 * Row count and checksum of every table of a SQLite database (its own tables, enumerated from sqlite_master: whatever
 * a later migration adds is covered without a list here). A row hashes to sha256 of its typed values; a table's
 * checksum is the sum of its rows' hashes (mod 2^128), so it does not depend on the order rows are read in. Run it
 * inside one read transaction to get one moment's state while others write.
 */
export function sqliteTableChecksums(db: Database.Database): TableChecksum[] {
  const tables = (
    db.prepare(`SELECT "name" FROM "sqlite_master" WHERE "type" = 'table' AND "name" NOT LIKE 'sqlite_%' ORDER BY "name"`).all() as {
      name: string;
    }[]
  ).map((t) => t.name);
  return tables.map((table) => {
    let sum = 0n;
    let rows = 0;
    const stmt = db
      .prepare(`SELECT * FROM "${table.replace(/"/g, '""')}"`)
      .raw(true)
      .safeIntegers(true);
    for (const row of stmt.iterate() as Iterable<unknown[]>) {
      const digest = createHash("sha256").update(row.map(encode).join("\u0000")).digest();
      sum = (sum + BigInt(`0x${digest.subarray(0, 16).toString("hex")}`)) % MOD;
      rows++;
    }
    return { table, rows, checksum: sum.toString(16).padStart(32, "0") };
  });
}
