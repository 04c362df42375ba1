import { AppError } from "../../errors";
import { readBodyBytes } from "./read-body-bytes";

/**
 * Reads a JSON request body with a byte cap (readBodyBytes: 413 from Content-Length before reading, then from the
 * bytes actually streamed). `hint` extends the 413 message (e.g. the compress limits).
 */
export async function readJsonBody(req: Request, opts: { maxBytes: number; hint?: string }): Promise<unknown> {
  const bytes = await readBodyBytes(req, opts);
  if (bytes.byteLength === 0) throw new AppError("BAD_REQUEST", "request body is empty: send a JSON object");
  try {
    return JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8"));
  } catch (e) {
    throw new AppError("BAD_REQUEST", `request body is not valid JSON: ${(e as Error).message}`);
  }
}
