import "server-only";
import { decodeUnits, type StoredUnits } from "@/lib/engine/prepare-key";
import { type Db, getDb } from "../client";

// SQLite's bound-parameter limit is 32,766; chunks keep each IN list well under it and each read short.
const CHUNK = 900;

/**
 * The stored units of these documents for one setting key (lib/engine/prepare-key.ts); absent rows are left out, and
 * rows whose bytes do not decode are listed in `damaged` (to be replaced).
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
  for (let i = 0; i < documentIds.length; i += CHUNK) {
    const rows = await db.documentUnits.findMany({
      where: { key, documentId: { in: documentIds.slice(i, i + CHUNK) } },
      select: { documentId: true, unitCount: true, units: true, unitTokens: true, tokensIn: true },
    });
    for (const r of rows) {
      const decoded = decodeUnits({ units: r.units, unitTokens: r.unitTokens }, r.unitCount);
      if (decoded) out.set(r.documentId, { ...decoded, tokensIn: r.tokensIn });
      else damaged.push(r.documentId);
    }
  }
  return { units: out, damaged };
}
