import { AppError } from "../../errors";
import { findInvalidUtf8 } from "../../text-decoding/find-invalid-utf8";

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
