import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { AppError } from "../../errors";

// Hash both sides so the compare is constant-time regardless of key length.
const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();

/** Throws UNAUTHORIZED unless `Authorization: Bearer <key>` matches one of `keys` (no-op when keys is empty). */
export function checkApiKey(headers: Headers, keys: readonly string[]): void {
  if (keys.length === 0) return;
  const header = headers.get("authorization") ?? "";
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m?.[1]) throw new AppError("UNAUTHORIZED", "missing API key: send Authorization: Bearer <key>");
  const given = digest(m[1]);
  let ok = false;
  // No early exit: every key is compared.
  for (const k of keys) ok = timingSafeEqual(given, digest(k)) || ok;
  if (!ok) throw new AppError("UNAUTHORIZED", "invalid API key");
}
