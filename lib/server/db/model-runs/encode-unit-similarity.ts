// Byte layout of UnitSimilarity.lengths / UnitSimilarity.sims (see prisma/schema.prisma).
import "server-only";

/**
 * A result set's unit similarities: one array per result (empty for a result that is not blended), or null when the
 * encoder does not read the query (the model's scores then stand alone).
 */
export type ResultSimilarity = number[][] | null;

/** Per result its unit count (comma-separated), and every value as Float64 LE in order; null stays null. */
export function encodeUnitSimilarity(sims: ResultSimilarity): { lengths: string | null; sims: Uint8Array<ArrayBuffer> | null } {
  if (!sims) return { lengths: null, sims: null };
  const count = sims.reduce((n, s) => n + s.length, 0);
  const view = new DataView(new ArrayBuffer(count * 8));
  let at = 0;
  for (const s of sims)
    for (const x of s) {
      view.setFloat64(at, x, true);
      at += 8;
    }
  return { lengths: sims.map((s) => s.length).join(","), sims: new Uint8Array(view.buffer) };
}

/** The inverse of encodeUnitSimilarity; undefined when the row is damaged (lengths and bytes disagree): computed again. */
export function decodeUnitSimilarity(row: { lengths: string | null; sims: Uint8Array | null }): ResultSimilarity | undefined {
  if (row.lengths === null) return row.sims === null ? null : undefined;
  if (!row.sims) return undefined;
  const lengths = row.lengths === "" ? [] : row.lengths.split(",").map(Number);
  if (lengths.some((n) => !Number.isInteger(n) || n < 0)) return undefined;
  if (lengths.reduce((a, b) => a + b, 0) * 8 !== row.sims.byteLength) return undefined;
  const view = new DataView(row.sims.buffer, row.sims.byteOffset, row.sims.byteLength);
  let at = 0;
  return lengths.map((n) => {
    const out = new Array<number>(n);
    for (let i = 0; i < n; i++, at += 8) out[i] = view.getFloat64(at, true);
    return out;
  });
}
