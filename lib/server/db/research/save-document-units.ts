import "server-only";
import { encodeUnits, type StoredUnits } from "@/lib/engine/prepare-key";
import { type Db, getDb } from "../client";

const CHUNK = 500;

/**
 * Stores documents' units for one setting key. Rows another process stored meanwhile are kept (same document, same
 * key: the same units), so two servers preparing the same dataset do not fail each other.
 */
export async function saveDocumentUnits({
  rows,
  key,
  replace = [],
  db = getDb(),
}: {
  rows: readonly (StoredUnits & { documentId: string })[];
  key: string;
  /** Documents whose stored rows are damaged: deleted first. */
  replace?: readonly string[];
  db?: Db;
}): Promise<void> {
  for (let i = 0; i < replace.length; i += CHUNK)
    await db.documentUnits.deleteMany({ where: { key, documentId: { in: replace.slice(i, i + CHUNK) } } });
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const existing = new Set(
      (await db.documentUnits.findMany({ where: { key, documentId: { in: chunk.map((r) => r.documentId) } }, select: { documentId: true } })).map(
        (r) => r.documentId,
      ),
    );
    const data = chunk
      .filter((r) => !existing.has(r.documentId))
      .map((r) => ({ documentId: r.documentId, key, unitCount: r.units.length, tokensIn: r.tokensIn, ...encodeUnits(r) }));
    if (data.length === 0) continue;
    try {
      await db.documentUnits.createMany({ data });
    } catch (e) {
      // A race with another process on one of these rows (unique violation): store the rest one by one.
      if ((e as { code?: string }).code !== "P2002") throw e;
      for (const d of data)
        await db.documentUnits.create({ data: d }).catch((err: { code?: string }) => (err.code === "P2002" ? null : Promise.reject(err)));
    }
  }
}
