import { AppError } from "../errors";
import { parseContentType } from "./charset";
import { decodeTextBytes, type DecodedText, type TextKind } from "./decode-text-bytes";

/** .html/.htm/.xhtml files or an HTML media type are HTML; anything else is plain text. */
export function textFileKind(name: string, type?: string): TextKind {
  return /\.x?html?$/i.test(name) || /html/i.test(parseContentType(type).mediaType) ? "html" : "text";
}

/**
 * decodeTextBytes for a named file or page, throwing AppError UNPROCESSABLE (422) with the message that names it
 * ("junk.txt: looks like binary data, not text") and `details: {reason, name, byteOffset?, encoding?}`.
 * `type` is the file's media type; its charset parameter counts as declared.
 */
export function decodeTextFile(bytes: Uint8Array, opts: { name: string; type?: string; kind?: TextKind; charset?: string }): DecodedText {
  const charset = opts.charset ?? parseContentType(opts.type).charset;
  const kind = opts.kind ?? textFileKind(opts.name, opts.type);
  const r = decodeTextBytes(bytes, { name: opts.name, kind, ...(charset ? { charset } : {}) });
  if (r.ok) return r;
  const { reason, byteOffset, encoding } = r;
  throw new AppError("UNPROCESSABLE", r.message, {
    reason,
    name: opts.name,
    ...(byteOffset !== undefined ? { byteOffset } : {}),
    ...(encoding !== undefined ? { encoding } : {}),
  });
}
