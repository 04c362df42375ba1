import "server-only";
import { decodeUnits, type StoredUnits } from "@/lib/engine/prepare-key";
import { type Db, getDb } from "../client";
import { Prisma } from "../generated/client";
import { hexBytes, idChunks, inList, selectJsonRows } from "../select-json-rows";

/**
 * The stored units of these documents for one setting key (lib/engine/prepare-key.ts); absent rows are left out, and
 * rows whose bytes do not decode are listed in `damaged` (to be replaced). One aggregated row per chunk of documents.
 */
export async function loadDocumentUnits({
  documentIds,
  key,
  db = getDb(),
}: {
  documentIds: readonly string[];
  key: string;
  db?: Db;
}): Promise<{ units: Map<string, StoredUnits>; damaged: string[] }> {
  const out = new Map<string, StoredUnits>();
  const damaged: string[] = [];
  for (const ids of idChunks(documentIds)) {
    const rows = await selectJsonRows({
      db,
      columns: ['"documentId"', '"unitCount"', { bytes: '"units"' }, { bytes: '"unitTokens"' }, '"tokensIn"'],
      from: '"DocumentUnits"',
      where: Prisma.sql`"key" = ${key} AND ${inList('"documentId"', ids)}`,
    });
    for (const [documentId, unitCount, units, unitTokens, tokensIn] of rows as [string, number, string, string, number][]) {
      const u = hexBytes(units);
      const t = hexBytes(unitTokens);
      const decoded = u && t ? decodeUnits({ units: u, unitTokens: t }, unitCount) : null;
      if (decoded) out.set(documentId, { ...decoded, tokensIn });
      else damaged.push(documentId);
    }
  }
  return { units: out, damaged };
}
