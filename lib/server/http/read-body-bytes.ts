import "server-only";
import { AppError } from "@/lib/errors";
import { formatBytes, formatOverLimit } from "@/lib/schemas/limits";

/**
 * Reads a request body into memory with a byte cap: 413 from Content-Length before reading, then 413 as soon as the
 * streamed bytes pass the cap (Content-Length may be absent or lie), cancelling the rest of the upload.
 */
export async function readBodyBytes(req: Request, opts: { maxBytes: number; what?: string; hint?: string }): Promise<Uint8Array> {
  const { maxBytes } = opts;
  const what = opts.what ?? "request body";
  const tooLarge = (size: string, max = formatBytes(maxBytes)) =>
    new AppError("PAYLOAD_TOO_LARGE", `${what} is ${size}; at most ${max}${opts.hint ? ` ${opts.hint}` : ""}`, { maxBytes });
  const declared = req.headers.get("content-length");
  if (declared !== null) {
    const n = Number(declared);
    if (Number.isFinite(n) && n > maxBytes) {
      const f = formatOverLimit(n, maxBytes);
      throw tooLarge(f.size, f.max);
    }
  }
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(`over ${formatBytes(maxBytes)}`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}
