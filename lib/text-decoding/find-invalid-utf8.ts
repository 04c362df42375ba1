/**
 * Length of the well-formed UTF-8 sequence starting at `i` (RFC 3629: no overlongs, no surrogates, nothing above
 * U+10FFFF), or 0 when the bytes there do not start one.
 */
export function utf8SequenceLength(bytes: Uint8Array, i: number): number {
  const b = bytes[i]!;
  if (b < 0x80) return 1;
  // Continuation bytes are 0x80–0xBF; the first one's range is narrower after E0, ED, F0 and F4.
  const c1 = i + 1 < bytes.length ? bytes[i + 1]! : 0;
  if (b >= 0xc2 && b <= 0xdf) return c1 >= 0x80 && c1 <= 0xbf ? 2 : 0;
  let lo = 0x80;
  let hi = 0xbf;
  let len: number;
  if (b >= 0xe0 && b <= 0xef) {
    len = 3;
    if (b === 0xe0) lo = 0xa0;
    else if (b === 0xed) hi = 0x9f;
  } else if (b >= 0xf0 && b <= 0xf4) {
    len = 4;
    if (b === 0xf0) lo = 0x90;
    else if (b === 0xf4) hi = 0x8f;
  } else return 0;
  if (i + len > bytes.length || c1 < lo || c1 > hi) return 0;
  for (let j = i + 2; j < i + len; j++) if (bytes[j]! < 0x80 || bytes[j]! > 0xbf) return 0;
  return len;
}

/** Offset of the first byte starting an invalid/truncated UTF-8 sequence, or -1 when every byte is well formed. */
export function findInvalidUtf8(bytes: Uint8Array, from = 0): number {
  let i = from;
  while (i < bytes.length) {
    const len = utf8SequenceLength(bytes, i);
    if (len === 0) return i;
    i += len;
  }
  return -1;
}

/** True when the bytes from `i` to the end are a proper prefix of a UTF-8 sequence (a file cut mid-character). */
function isTruncatedTail(bytes: Uint8Array, i: number): boolean {
  const b = bytes[i]!;
  const need = b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
  if (need === 0 || bytes.length - i >= need) return false;
  for (let j = i + 1; j < bytes.length; j++) if (bytes[j]! < 0x80 || bytes[j]! > 0xbf) return false;
  return true;
}

export interface Utf8Scan {
  /** First invalid offset, -1 when the bytes are valid UTF-8. */
  firstInvalid: number;
  /** Positions where decoding had to skip a byte (each counted once, then the scan resynchronizes). */
  invalid: number;
  /** Well-formed multi-byte sequences (non-ASCII characters that decode fine). */
  multiByte: number;
  /** The only problem is a sequence cut off at the very end. */
  truncatedAtEnd: boolean;
}

/**
 * How UTF-8-like the bytes are. Text in a legacy single-byte encoding (windows-1252 "café") has invalid bytes and
 * almost no well-formed multi-byte sequences; damaged UTF-8 (a truncated file, one bad byte) has mostly well-formed ones.
 */
export function scanUtf8(bytes: Uint8Array): Utf8Scan {
  let firstInvalid = -1;
  let invalid = 0;
  let multiByte = 0;
  let truncatedAtEnd = false;
  let i = 0;
  while (i < bytes.length) {
    if (bytes[i]! < 0x80) {
      i++;
      continue;
    }
    const len = utf8SequenceLength(bytes, i);
    if (len > 0) {
      multiByte++;
      i += len;
      continue;
    }
    if (firstInvalid < 0) firstInvalid = i;
    invalid++;
    if (isTruncatedTail(bytes, i)) {
      truncatedAtEnd = invalid === 1;
      break;
    }
    i++;
  }
  return { firstInvalid, invalid, multiByte, truncatedAtEnd };
}
