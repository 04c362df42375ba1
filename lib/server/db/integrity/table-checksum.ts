import "server-only";

/** One table's row count and content checksum (order-independent: the same rows in any order give the same sum). */
export type TableChecksum = { table: string; rows: number; checksum: string };

/** The tables of `actual` that differ from `expected` (missing, extra, other counts or contents), one line each. */
export function compareTableChecksums(expected: readonly TableChecksum[], actual: readonly TableChecksum[]): string[] {
  const problems: string[] = [];
  const got = new Map(actual.map((t) => [t.table, t]));
  for (const e of expected) {
    const a = got.get(e.table);
    if (!a) problems.push(`${e.table}: missing`);
    else if (a.rows !== e.rows) problems.push(`${e.table}: ${a.rows} rows, expected ${e.rows}`);
    else if (a.checksum !== e.checksum)
      problems.push(
        `${e.table}: same ${a.rows} rows but other contents (checksum ${a.checksum.slice(0, 12)}…, expected ${e.checksum.slice(0, 12)}…)`,
      );
    got.delete(e.table);
  }
  for (const extra of got.keys()) problems.push(`${extra}: not in the original`);
  return problems;
}
