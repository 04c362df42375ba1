import "server-only";
import { timingSafeEqual } from "node:crypto";
import { scryptAsync } from "./hash-password";

export type VerifyPasswordOptions = { password: string; passwordHash: string };

/** Checks a password against a hashPassword() string; false (never a throw) for malformed hashes. */
export async function verifyPassword({ password, passwordHash }: VerifyPasswordOptions): Promise<boolean> {
  const parts = passwordHash.split("$");
  if (parts.length !== 4 || parts[0] !== "scrypt") return false;
  const params = Object.fromEntries(
    (parts[1] ?? "").split(",").map((kv) => {
      const [k, v] = kv.split("=");
      return [k, Number(v)];
    }),
  );
  const { N, r, p } = params;
  if (![N, r, p].every((x) => Number.isInteger(x) && x! > 0)) return false;
  const salt = Buffer.from(parts[2] ?? "", "base64");
  const expected = Buffer.from(parts[3] ?? "", "base64");
  if (salt.length === 0 || expected.length === 0) return false;
  try {
    const actual = await scryptAsync(password, salt, expected.length, { N, r, p });
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}
