import "server-only";
import { type Db, getDb } from "../client";
import { Prisma } from "../generated/client";
import { hexBytes, idChunks, inList, selectJsonRows } from "../select-json-rows";
import { decodeUnitSimilarity, type ResultSimilarity } from "./encode-unit-similarity";

/**
 * The stored unit similarities of these keys (UnitSimilarity), one aggregated row per chunk of keys; absent rows are
 * left out, and rows whose bytes do not decode are listed in `damaged` (the caller computes and replaces them).
 */
export async function listUnitSimilarities({
  keys,
  db = getDb(),
}: {
  keys: readonly string[];
  db?: Db;
}): Promise<{ sims: Map<string, ResultSimilarity>; damaged: string[] }> {
  const out = new Map<string, ResultSimilarity>();
  const damaged: string[] = [];
  for (const chunk of idChunks([...new Set(keys)])) {
    const rows = await selectJsonRows({
      db,
      columns: ['"key"', '"lengths"', { bytes: '"sims"' }],
      from: '"UnitSimilarity"',
      where: Prisma.sql`${inList('"key"', chunk)}`,
    });
    for (const [key, lengths, sims] of rows as [string, string | null, string | null][]) {
      const decoded = decodeUnitSimilarity({ lengths, sims: hexBytes(sims) });
      if (decoded !== undefined) out.set(key, decoded);
      else damaged.push(key);
    }
  }
  return { sims: out, damaged };
}
