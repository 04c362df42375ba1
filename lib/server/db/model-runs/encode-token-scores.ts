// Byte layout of ModelRun.probs / ModelRun.offsets (see prisma/schema.prisma): explicit little-endian DataView
// reads and writes, so the cache reads back identically on any host.

import "server-only";

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

export type TokenScoreArrays = { starts: Int32Array; ends: Int32Array; probs: Float32Array; categories?: Uint8Array };

/** probs → Float32 LE; offsets → Uint32 LE (start, end) pairs. */
export function encodeTokenScores(scores: TokenScoreArrays): {
  probs: Uint8Array<ArrayBuffer>;
  offsets: Uint8Array<ArrayBuffer>;
  categories: Uint8Array<ArrayBuffer> | null;
  tokenCount: number;
} {
  const n = Math.min(scores.starts.length, scores.ends.length, scores.probs.length);
  const probs = new Uint8Array(n * 4);
  const offsets = new Uint8Array(n * 8);
  const pv = new DataView(probs.buffer);
  const ov = new DataView(offsets.buffer);
  for (let i = 0; i < n; i++) {
    pv.setFloat32(i * 4, scores.probs[i]!, true);
    ov.setUint32(i * 8, scores.starts[i]!, true);
    ov.setUint32(i * 8 + 4, scores.ends[i]!, true);
  }
  const categories = scores.categories ? Uint8Array.from(scores.categories.subarray(0, n)) : null;
  return { probs, offsets, categories, tokenCount: n };
}

/** The inverse of encodeTokenScores; null when the byte lengths do not match `tokenCount` (a corrupt row). */
export function decodeTokenScores(row: {
  probs: Uint8Array | null;
  offsets: Uint8Array | null;
  categories?: Uint8Array | null;
  tokenCount: number;
}): TokenScoreArrays | null {
  const n = row.tokenCount;
  if (!row.probs || !row.offsets || row.probs.byteLength !== n * 4 || row.offsets.byteLength !== n * 8) return null;
  const starts = new Int32Array(n);
  const ends = new Int32Array(n);
  let probs: Float32Array;
  if (LITTLE_ENDIAN) {
    // The stored layout is the host's: copy the bytes once into aligned arrays (sweeps decode thousands of rows).
    probs = new Float32Array(Uint8Array.from(row.probs).buffer);
    const pairs = new Uint32Array(Uint8Array.from(row.offsets).buffer);
    for (let i = 0; i < n; i++) {
      starts[i] = pairs[2 * i]!;
      ends[i] = pairs[2 * i + 1]!;
    }
  } else {
    probs = new Float32Array(n);
    const pv = new DataView(row.probs.buffer, row.probs.byteOffset, row.probs.byteLength);
    const ov = new DataView(row.offsets.buffer, row.offsets.byteOffset, row.offsets.byteLength);
    for (let i = 0; i < n; i++) {
      probs[i] = pv.getFloat32(i * 4, true);
      starts[i] = ov.getUint32(i * 8, true);
      ends[i] = ov.getUint32(i * 8 + 4, true);
    }
  }
  const out: TokenScoreArrays = { starts, ends, probs };
  if (row.categories && row.categories.byteLength === n) out.categories = Uint8Array.from(row.categories);
  return out;
}
