// Persisting prepared units (sentences and downstream-token counts) of stored documents: the setting's key and the
// byte codec. Pure and client-safe; the table is DocumentUnits (lib/server/db/research/document-units.ts).
import { DEFAULT_DOWNSTREAM_ENCODING } from "./downstream-encodings";
import type { Sentence } from "../text/types";

/**
 * Bumped whenever segmentation (lib/text/segment-sentences.ts) or downstream-token counting (prepareResult) changes
 * its output: stored units of an older version are then ignored and recomputed. Version 2: units end at a block's
 * `breaks` (run-in headings, html-to-canonical.ts). prepare-key.test.ts pins the output
 * of a fixture, so a change that forgets the bump fails there.
 */
export const PREPARE_VERSION = 2;

/**
 * The key of one segmentation setting: version, the ICU version of the runtime (Intl.Segmenter's rules come with it,
 * so another Node may segment differently), locale ("default" when none), downstream encoding, one sentence per unit.
 */
export function prepareKey({ locale, encoding, icu }: { locale?: string; encoding?: string; icu: string }): string {
  return `v${PREPARE_VERSION}|icu${icu}|${locale ?? "default"}|${encoding ?? DEFAULT_DOWNSTREAM_ENCODING}|f1`;
}

export type StoredUnits = { units: Sentence[]; unitTokens: number[]; tokensIn: number };

/** Units → Int32 little-endian (start, end, block) triples, and their token counts → Int32 little-endian. */
export function encodeUnits({ units, unitTokens }: Pick<StoredUnits, "units" | "unitTokens">): {
  units: Uint8Array<ArrayBuffer>;
  unitTokens: Uint8Array<ArrayBuffer>;
} {
  const u = new Int32Array(units.length * 3);
  units.forEach((s, i) => {
    u[i * 3] = s.start;
    u[i * 3 + 1] = s.end;
    u[i * 3 + 2] = s.block;
  });
  return { units: new Uint8Array(u.buffer), unitTokens: new Uint8Array(Int32Array.from(unitTokens).buffer) };
}

/** The inverse of encodeUnits; null when the bytes do not hold `count` units (a damaged row is recomputed). */
export function decodeUnits(bytes: { units: Uint8Array; unitTokens: Uint8Array }, count: number): Pick<StoredUnits, "units" | "unitTokens"> | null {
  if (bytes.units.byteLength !== count * 12 || bytes.unitTokens.byteLength !== count * 4) return null;
  // Copies into own buffers: the driver's bytes need not be 4-byte aligned, and a Node Buffer may be a view into a
  // shared pool (whose slice() is another view, not a copy).
  const u = new Int32Array(new Uint8Array(bytes.units).buffer);
  const t = new Int32Array(new Uint8Array(bytes.unitTokens).buffer);
  const units: Sentence[] = new Array(count);
  for (let i = 0; i < count; i++) units[i] = { start: u[i * 3]!, end: u[i * 3 + 1]!, block: u[i * 3 + 2]! };
  return { units, unitTokens: Array.from(t) };
}
