import { AppError } from "../../errors";
import { formatBytes } from "../../schemas/limits";

/**
 * Reads a JSON request body with a byte cap: rejects on Content-Length before reading,
 * then counts the bytes actually streamed (Content-Length may be absent or wrong).
 */
export async function readJsonBody(req: Request, opts: { maxBytes: number }): Promise<unknown> {
  const { maxBytes } = opts;
  const tooLarge = (n: number | string) =>
    new AppError(
      "PAYLOAD_TOO_LARGE",
      `request body is ${typeof n === "number" ? formatBytes(n) : n}; at most ${formatBytes(maxBytes)} per request ` +
        `(25 MB of result text/html, 5 MB per result)`,
      { maxBytes },
    );
  const declared = req.headers.get("content-length");
  if (declared !== null) {
    const n = Number(declared);
    if (Number.isFinite(n) && n > maxBytes) throw tooLarge(n);
  }
  if (!req.body) throw new AppError("BAD_REQUEST", "request body is empty: send a JSON object");

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
  if (total === 0) throw new AppError("BAD_REQUEST", "request body is empty: send a JSON object");
  const text = Buffer.concat(chunks, total).toString("utf8");
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new AppError("BAD_REQUEST", `request body is not valid JSON: ${(e as Error).message}`);
  }
}
