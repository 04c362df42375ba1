// The security claims of docs/security.md (OWASP ASVS 4.0 level 2: authentication V2, sessions V3, access control V4,
// headers V14) that no other test backs, against a real temp database and the real route handlers; and the document
// itself: every test it names for a claim exists, so the table cannot rot.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAppError } from "@/lib/errors";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/auth/password-limits";
import { createUserSchema, resetPasswordSchema } from "@/lib/schemas/users";
import { STATIC_SECURITY_HEADERS } from "@/lib/http/security-headers";
import { createSession } from "@/lib/server/auth/create-session";
import { hashPassword } from "@/lib/server/auth/hash-password";
import { verifyPassword } from "@/lib/server/auth/verify-password";
import { getSessionUser, SESSION_TOUCH_INTERVAL_MS } from "@/lib/server/auth/get-session-user";
import { SESSION_COOKIE, SESSION_MAX_LIFETIME_MS, SESSION_TTL_MS } from "@/lib/server/auth/session-cookie";
import { hashSessionToken } from "@/lib/server/auth/session-token";
import { signIn, SIGN_IN_ACCOUNT_MAX_FAILURES, SIGN_IN_MAX_FAILURES, SIGN_IN_WINDOW_MS } from "@/lib/server/auth/sign-in";
import { createTempDatabase, seedRoleUsers, TEST_PASSWORD, type TempDatabase } from "@/lib/server/auth/test-helpers";
import { disconnectDb, getDb } from "@/lib/server/db/client";
import type { PrismaClient } from "@/lib/server/db/generated/client";
import type { Role } from "@/lib/schemas/enums";
import nextConfig from "@/next.config";

const root = path.join(import.meta.dirname, "..");
const DAY = 24 * 60 * 60 * 1000;

let temp: TempDatabase;
let db: PrismaClient;
let users: Record<Role, { id: string; email: string }>;

beforeAll(async () => {
  temp = await createTempDatabase("security-claims");
  process.env.DATABASE_URL = temp.url; // the route modules use getDb()
  db = getDb();
  users = await seedRoleUsers(db);
});
afterAll(async () => {
  await disconnectDb();
  temp?.cleanup();
});

const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

describe("V2 authentication", () => {
  it("passwords: at least 12 characters, 64 and more accepted, no composition rules", () => {
    const create = (password: string) => createUserSchema.safeParse({ email: "new@test.local", name: "New", password, role: "annotator" }).success;
    const reset = (password: string) => resetPasswordSchema.safeParse({ password }).success;
    expect(PASSWORD_MIN_LENGTH).toBeGreaterThanOrEqual(12);
    for (const check of [create, reset]) {
      expect(check("a".repeat(PASSWORD_MIN_LENGTH - 1))).toBe(false);
      // No upper case, digit or symbol required: length is the rule (ASVS 2.1.9).
      expect(check("a".repeat(PASSWORD_MIN_LENGTH))).toBe(true);
      expect(check("correct horse battery staple ".repeat(3))).toBe(true); // 87 characters, spaces
      expect(check("pässwörd mit ümläuten 🔑")).toBe(true); // any Unicode
      expect(check("x".repeat(PASSWORD_MAX_LENGTH))).toBe(true);
      expect(check("x".repeat(PASSWORD_MAX_LENGTH + 1))).toBe(false);
    }
  });

  it("passwords are hashed whole: two that differ only in their last character do not match", async () => {
    const long = `${"long passphrase ".repeat(15)}A`; // 241 characters
    const passwordHash = await hashPassword({ password: long });
    expect(await verifyPassword({ password: long, passwordHash })).toBe(true);
    expect(await verifyPassword({ password: `${long.slice(0, -1)}B`, passwordHash })).toBe(false);
    expect(await verifyPassword({ password: long.slice(0, 128), passwordHash })).toBe(false);
  });

  it("sign-in: one account is locked after 25 failures in 15 minutes from any number of addresses, the right password included", async () => {
    expect((SIGN_IN_ACCOUNT_MAX_FAILURES * (60 * 60 * 1000)) / SIGN_IN_WINDOW_MS).toBeLessThanOrEqual(100); // ≤ 100 an hour
    const email = users.researcher.email;
    const t0 = new Date("2031-01-01T00:00:00Z");
    // Each address stays under its own limit (SIGN_IN_MAX_FAILURES): only the account's count can lock.
    for (let i = 0; i < SIGN_IN_ACCOUNT_MAX_FAILURES; i++) {
      const e = await errorOf(signIn({ db, email, password: `wrong password ${i}`, ip: `198.51.100.${i}`, now: new Date(t0.getTime() + i * 1000) }));
      expect(isAppError(e) && e.code, `attempt ${i}`).toBe("UNAUTHORIZED");
    }
    expect(SIGN_IN_ACCOUNT_MAX_FAILURES).toBeGreaterThan(SIGN_IN_MAX_FAILURES);
    const at = new Date(t0.getTime() + 60_000);
    const locked = await errorOf(signIn({ db, email, password: TEST_PASSWORD, ip: "192.0.2.1", now: at }));
    expect(isAppError(locked) && locked.code).toBe("TOO_MANY_REQUESTS");
    expect(isAppError(locked) && locked.details).toMatchObject({ reason: "rate_limited" });
    // Other accounts are not affected.
    await expect(signIn({ db, email: users.reviewer.email, password: TEST_PASSWORD, ip: "192.0.2.1", now: at })).resolves.toBeTruthy();
    // Once the window has passed, the right password works again.
    await expect(
      signIn({ db, email, password: TEST_PASSWORD, ip: "192.0.2.1", now: new Date(t0.getTime() + SIGN_IN_WINDOW_MS + 30_000) }),
    ).resolves.toBeTruthy();
  });
});

describe("V3 sessions", () => {
  const ORIGIN = "http://127.0.0.1:3000";
  const req = (p: string, init: { method?: string; token?: string; json?: unknown } = {}) => {
    const headers = new Headers({ host: "127.0.0.1:3000", origin: ORIGIN });
    if (init.token) headers.set("cookie", `${SESSION_COOKIE}=${init.token}`);
    if (init.json !== undefined) headers.set("content-type", "application/json");
    return new Request(`${ORIGIN}${p}`, {
      method: init.method ?? "GET",
      headers,
      ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
    });
  };

  it("signing in issues a new session token and ends the session the browser came with", async () => {
    const login = await import("@/app/api/auth/login/route");
    const me = await import("@/app/api/auth/me/route");
    const old = await createSession({ db, userId: users.annotator.id });
    const res = await login.POST(
      req("/api/auth/login", { method: "POST", token: old.token, json: { email: users.annotator.email, password: TEST_PASSWORD } }),
      undefined,
    );
    expect(res.status).toBe(200);
    const fresh = new RegExp(`^${SESSION_COOKIE}=([A-Za-z0-9_-]{43});`).exec(res.headers.get("set-cookie") ?? "")?.[1];
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(old.token);
    expect(await db.session.count({ where: { id: hashSessionToken(old.token) } })).toBe(0);
    expect((await me.GET(req("/api/auth/me", { token: old.token }), undefined)).status).toBe(401);
    expect((await me.GET(req("/api/auth/me", { token: fresh! }), undefined)).status).toBe(200);
  });

  it("a session is the cookie only: a token in the URL or an Authorization header signs nobody in", async () => {
    const me = await import("@/app/api/auth/me/route");
    const { token } = await createSession({ db, userId: users.annotator.id });
    expect((await me.GET(req("/api/auth/me", { token }), undefined)).status).toBe(200);
    const inUrl = new Request(`${ORIGIN}/api/auth/me?${SESSION_COOKIE}=${token}&token=${token}`, { headers: { host: "127.0.0.1:3000" } });
    expect((await me.GET(inUrl, undefined)).status).toBe(401);
    const bearer = new Request(`${ORIGIN}/api/auth/me`, { headers: { host: "127.0.0.1:3000", authorization: `Bearer ${token}` } });
    expect((await me.GET(bearer, undefined)).status).toBe(401);
  });

  it("a session ends after 14 idle days, and 30 days after sign-in however much it is used", async () => {
    const t0 = new Date("2031-02-01T00:00:00Z");
    expect(SESSION_TTL_MS).toBe(14 * DAY);
    expect(SESSION_MAX_LIFETIME_MS).toBe(30 * DAY);

    const idle = await createSession({ db, userId: users.reviewer.id, now: t0 });
    expect(await getSessionUser({ db, token: idle.token, now: new Date(t0.getTime() + 14 * DAY - 1000) })).not.toBeNull();
    const later = await createSession({ db, userId: users.reviewer.id, now: t0 });
    expect(await getSessionUser({ db, token: later.token, now: new Date(t0.getTime() + 14 * DAY) })).toBeNull();
    expect(await db.session.count({ where: { id: hashSessionToken(later.token) } })).toBe(0);

    // Used every 10 days: each use slides the expiry, but never past 30 days after sign-in.
    const busy = await createSession({ db, userId: users.admin.id, now: t0 });
    for (const day of [10, 20, 29]) {
      const at = new Date(t0.getTime() + day * DAY);
      const lookup = await getSessionUser({ db, token: busy.token, now: at });
      expect(lookup, `day ${day}`).not.toBeNull();
      expect(lookup!.expiresAt.getTime()).toBe(Math.min(at.getTime() + SESSION_TTL_MS, t0.getTime() + SESSION_MAX_LIFETIME_MS));
    }
    expect(SESSION_TOUCH_INTERVAL_MS).toBeLessThan(DAY);
    expect(await getSessionUser({ db, token: busy.token, now: new Date(t0.getTime() + 30 * DAY) })).toBeNull();
    expect(await db.session.count({ where: { id: hashSessionToken(busy.token) } })).toBe(0);
  });
});

describe("V14 headers", () => {
  it("every answer carries the security headers (next.config.ts), HSTS included; /api answers a CSP that allows nothing", async () => {
    const rules = (await nextConfig.headers?.()) ?? [];
    const of = (source: string) =>
      Object.fromEntries((rules.find((r) => r.source === source)?.headers ?? []).map((h) => [h.key.toLowerCase(), h.value]));
    const every = of("/:path*");
    expect(every).toEqual(Object.fromEntries(STATIC_SECURITY_HEADERS.map(([k, v]) => [k.toLowerCase(), v])));
    expect(every).toMatchObject({
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
      "referrer-policy": "same-origin",
      "strict-transport-security": "max-age=31536000; includeSubDomains",
    });
    expect(Number(/max-age=(\d+)/.exec(every["strict-transport-security"] ?? "")?.[1])).toBeGreaterThanOrEqual(31_536_000);
    expect(of("/api/:path*")["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(nextConfig.poweredByHeader).toBe(false);
  });
});

// ---------- the document ----------

type Claim = { asvs: string; status: string; tests: { file: string; title: string }[]; line: string };

/** The rows of docs/security.md's tables (ASVS ids, SL-n for Snippet Lab's own claims): `| 3.2.1 | … | MET | `file` › "title"; … |`. */
function readClaims(): Claim[] {
  const doc = readFileSync(path.join(root, "docs", "security.md"), "utf8");
  return doc
    .split("\n")
    .filter((line) => /^\| (?:\d+\.\d+\.\d+|SL-\d+) \|/.test(line))
    .map((line) => {
      const cells = line.split(" | ").map((c) => c.replace(/^\|\s*|\s*\|$/g, "").trim());
      const tests = [...line.matchAll(/`([^`]+\.(?:test|spec)\.ts)` › "([^"]+)"/g)].map((m) => ({ file: m[1]!, title: m[2]! }));
      return { asvs: cells[0]!, status: cells[cells.length - 2]!, tests, line };
    });
}

describe("docs/security.md", () => {
  it("every claim has a status, every MET or PARTIAL one names a test, and every named test exists", () => {
    const claims = readClaims();
    expect(claims.length).toBeGreaterThanOrEqual(25);
    for (const c of claims) {
      expect(["MET", "PARTIAL", "NOT MET", "N/A"], c.line).toContain(c.status);
      if (c.status === "MET" || c.status === "PARTIAL") expect(c.tests.length, `${c.asvs} names no test`).toBeGreaterThan(0);
      for (const t of c.tests) {
        const file = path.join(root, t.file);
        expect(existsSync(file), `${c.asvs}: ${t.file} does not exist`).toBe(true);
        const source = readFileSync(file, "utf8");
        const named = [`"${t.title}"`, `'${t.title}'`, `\`${t.title}\``].some((q) => source.includes(q));
        expect(named, `${c.asvs}: ${t.file} has no test "${t.title}"`).toBe(true);
      }
    }
  });
});
