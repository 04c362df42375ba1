import "server-only";
import type { TableChecksum } from "../integrity/table-checksum";

/** "table  rows  checksum" lines, what backup and restore print. */
export function formatTableCounts(tables: readonly TableChecksum[]): string {
  const w = Math.max(5, ...tables.map((t) => t.table.length));
  const n = Math.max(4, ...tables.map((t) => String(t.rows).length));
  return [
    `${"TABLE".padEnd(w)}  ${"ROWS".padStart(n)}  CHECKSUM`,
    ...tables.map((t) => `${t.table.padEnd(w)}  ${String(t.rows).padStart(n)}  ${t.checksum.slice(0, 16)}`),
  ].join("\n");
}
