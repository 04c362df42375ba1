// The session cookie: name, attributes and parsing, in one place for route handlers, pages and tests.
import "server-only";
import { isHttpsRequest } from "@/lib/http/security-headers";
import { getEnv } from "../env";

export const SESSION_COOKIE = "snippet_lab_session";
/** Sessions slide: each use (at most once a minute) pushes the expiry this far out again (the idle timeout). */
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/** However much a session is used, it ends this long after its sign-in (OWASP ASVS 4.0 3.3.2, level 1: 30 days). */
export const SESSION_MAX_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export type SessionCookieAttributes = {
  httpOnly: true;
  sameSite: "lax";
  secure: boolean;
  path: "/";
  expires: Date;
  maxAge: number;
};

/** Attributes for next/headers `cookies().set(...)` and for serializeSessionCookie. */
export function sessionCookieAttributes({ expiresAt, secure }: { expiresAt: Date; secure: boolean }): SessionCookieAttributes {
  const maxAge = Math.max(0, Math.round((expiresAt.getTime() - Date.now()) / 1000));
  return { httpOnly: true, sameSite: "lax", secure, path: "/", expires: expiresAt, maxAge };
}

/** A Set-Cookie header value; `token: null` clears the cookie. */
export function serializeSessionCookie({ token, expiresAt, secure }: { token: string | null; expiresAt?: Date; secure: boolean }): string {
  const parts = [`${SESSION_COOKIE}=${token ?? ""}`, "Path=/"];
  if (token === null) parts.push("Max-Age=0", "Expires=Thu, 01 Jan 1970 00:00:00 GMT");
  else {
    const a = sessionCookieAttributes({ expiresAt: expiresAt ?? new Date(Date.now() + SESSION_TTL_MS), secure });
    parts.push(`Max-Age=${a.maxAge}`, `Expires=${a.expires.toUTCString()}`);
  }
  parts.push("HttpOnly", "SameSite=Lax");
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

/** The session token from a Cookie header, or null. */
export function readSessionToken(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return value.length > 0 ? value : null;
  }
  return null;
}

/**
 * Secure cookies only over https (directly or behind a proxy that says so in X-Forwarded-Proto; see isHttpsRequest
 * for SNIPPET_LAB_TRUST_PROXY), so plain-http localhost still works.
 */
export function isSecureRequest(req: Request): boolean {
  return isHttpsRequest(req.headers, req.url, { trustProxy: getEnv().trustProxy });
}
