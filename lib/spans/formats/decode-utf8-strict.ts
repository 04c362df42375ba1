import { AppError } from "../../errors";

/**
 * Decodes UTF-8 and refuses invalid bytes instead of replacing them with U+FFFD (which would silently change the
 * text and every offset after it). A leading BOM is dropped. Throws AppError UNPROCESSABLE naming the byte offset.
 */
export function decodeUtf8Strict(bytes: Uint8Array, opts: { label?: string } = {}): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    const at = findInvalidUtf8(bytes);
    const byte = at >= 0 && at < bytes.length ? ` (byte 0x${bytes[at]!.toString(16).toUpperCase().padStart(2, "0")})` : "";
    throw new AppError(
      "UNPROCESSABLE",
      `${opts.label ?? "file"} is not valid UTF-8: invalid or truncated sequence at byte offset ${at}${byte}; save it as UTF-8 and retry`,
      { byteOffset: at },
    );
  }
}

/** Offset of the first byte starting an invalid/truncated UTF-8 sequence, or -1 (RFC 3629: no overlongs, surrogates, > U+10FFFF). */
export function findInvalidUtf8(bytes: Uint8Array): number {
  const n = bytes.length;
  const cont = (i: number, lo = 0x80, hi = 0xbf) => i < n && bytes[i]! >= lo && bytes[i]! <= hi;
  let i = 0;
  while (i < n) {
    const b = bytes[i]!;
    let len: number;
    if (b < 0x80) len = 1;
    else if (b >= 0xc2 && b <= 0xdf) len = cont(i + 1) ? 2 : 0;
    else if (b === 0xe0) len = cont(i + 1, 0xa0) && cont(i + 2) ? 3 : 0;
    else if ((b >= 0xe1 && b <= 0xec) || b === 0xee || b === 0xef) len = cont(i + 1) && cont(i + 2) ? 3 : 0;
    else if (b === 0xed) len = cont(i + 1, 0x80, 0x9f) && cont(i + 2) ? 3 : 0;
    else if (b === 0xf0) len = cont(i + 1, 0x90) && cont(i + 2) && cont(i + 3) ? 4 : 0;
    else if (b >= 0xf1 && b <= 0xf3) len = cont(i + 1) && cont(i + 2) && cont(i + 3) ? 4 : 0;
    else if (b === 0xf4) len = cont(i + 1, 0x80, 0x8f) && cont(i + 2) && cont(i + 3) ? 4 : 0;
    else len = 0;
    if (len === 0) return i;
    i += len;
  }
  return -1;
}
