import "server-only";
import { AppError } from "../../errors";
import { findInvalidUtf8 } from "../../text-decoding/find-invalid-utf8";
import { readBodyBytes } from "./read-body-bytes";

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Reads a JSON request body with a byte cap (readBodyBytes: 413 from Content-Length before reading, then from the
 * bytes actually streamed). `hint` extends the 413 message (e.g. the compress limits). JSON is UTF-8 (RFC 8259):
 * invalid bytes are a 400 naming the offset (`details.reason: "encoding"`), never turned into U+FFFD; a leading
 * UTF-8 BOM is ignored. An empty body is a 400, or `emptyAs` for routes where it means "the defaults".
 */
export async function readJsonBody(req: Request, opts: { maxBytes: number; hint?: string; emptyAs?: unknown }): Promise<unknown> {
  let bytes = await readBodyBytes(req, opts);
  if (bytes.byteLength === 0) {
    if (opts.emptyAs !== undefined) return opts.emptyAs;
    throw new AppError("BAD_REQUEST", "request body is empty: send a JSON object");
  }
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  bytes = bytes.subarray(bom);
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    const rel = findInvalidUtf8(bytes);
    const at = rel + bom;
    const byte = rel >= 0 ? ` (byte 0x${bytes[rel]!.toString(16).toUpperCase().padStart(2, "0")})` : "";
    throw new AppError(
      "BAD_REQUEST",
      `request body is not valid UTF-8: invalid or truncated sequence at byte offset ${at}${byte}; JSON must be sent as UTF-8`,
      {
        reason: "encoding",
        byteOffset: at,
      },
    );
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new AppError("BAD_REQUEST", `request body is not valid JSON: ${(e as Error).message}`);
  }
}
