import "server-only";
import { createHash, randomBytes } from "node:crypto";

/** 32 random bytes, base64url (43 characters): the cookie value. */
export function generateSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Session.id = sha256(token), so a leaked database does not leak usable cookies. */
export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Cheap shape check before touching the database. */
export function isWellFormedSessionToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
