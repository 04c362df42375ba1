import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { hasPermission, type Permission } from "@/lib/auth/policy";
import { disconnectDb, getDb } from "../db/client";
import { ROLES, type Role } from "../../schemas/enums";
import type { PrismaClient } from "../db/generated/client";
import { createSession } from "./create-session";
import { SESSION_COOKIE, SESSION_TTL_MS } from "./session-cookie";
import { hashSessionToken } from "./session-token";
import { SIGN_IN_MAX_FAILURES } from "./sign-in";
import { createTempDatabase, seedRoleUsers, TEST_PASSWORD, type TempDatabase } from "./test-helpers";
import { withAuth } from "./with-auth";

// The route modules use getDb(), so this file points DATABASE_URL at its temp database before the first query.
let temp: TempDatabase;
let db: PrismaClient;
let users: Record<Role, { id: string; email: string }>;
const tokens = {} as Record<Role, string>;

beforeAll(async () => {
  temp = await createTempDatabase("with-auth");
  process.env.DATABASE_URL = temp.url;
  db = getDb();
  users = await seedRoleUsers(db);
  for (const role of ROLES) tokens[role] = (await createSession({ db, userId: users[role].id })).token;
});
afterAll(async () => {
  await disconnectDb();
  temp?.cleanup();
});

const ORIGIN = "http://127.0.0.1:3000";
function req(path: string, init: RequestInit & { token?: string | null; origin?: string } = {}) {
  const { token, origin, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set("host", "127.0.0.1:3000");
  if (token) headers.set("cookie", `theme=dark; ${SESSION_COOKIE}=${token}; other=1`);
  if (origin) headers.set("origin", origin);
  return new Request(`${ORIGIN}${path}`, { ...rest, headers });
}
const json = (body: unknown) => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

describe("withAuth", () => {
  const echo = (permission?: Permission) => withAuth({ permission }, async (_req, _ctx, user) => ({ id: user.id, role: user.role }));

  it("answers 401 without a cookie and with an unknown cookie (and clears the dead cookie)", async () => {
    const h = echo();
    const none = await h(req("/api/x"), undefined);
    expect(none.status).toBe(401);
    expect((await none.json()).error.code).toBe("UNAUTHORIZED");
    expect(none.headers.get("set-cookie")).toBeNull();

    const bogus = await h(req("/api/x", { token: "A".repeat(43) }), undefined);
    expect(bogus.status).toBe(401);
    expect(bogus.headers.get("set-cookie")).toMatch(new RegExp(`^${SESSION_COOKIE}=; Path=/; Max-Age=0`));
  });

  it("answers 200 with the user when only a session is required", async () => {
    for (const role of ROLES) {
      const res = await echo()(req("/api/x", { token: tokens[role] }), undefined);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ id: users[role].id, role });
    }
  });

  it("authenticates /api/v1 app routes by session even when API keys are configured (the browser has no key)", async () => {
    const prev = process.env.SNIPPET_LAB_API_KEYS;
    process.env.SNIPPET_LAB_API_KEYS = "service-key";
    try {
      const keyed = withAuth({}, async (_req, _ctx, user) => ({ id: user.id }));
      const res = await keyed(req("/api/v1/pairs/x/annotation", { token: tokens.annotator }), undefined);
      expect(res.status).toBe(200);
      // No session: still 401, with or without a key.
      expect((await keyed(req("/api/v1/pairs/x/annotation", { headers: { authorization: "Bearer service-key" } }), undefined)).status).toBe(401);
    } finally {
      if (prev === undefined) delete process.env.SNIPPET_LAB_API_KEYS;
      else process.env.SNIPPET_LAB_API_KEYS = prev;
    }
  });

  it("validates the route's params after the session and permission checks (400 naming the segment)", async () => {
    const h = withAuth({ permission: "pair:read", params: z.object({ id: z.string().min(1).max(5) }) }, async (_req, { params }) => ({
      id: params.id,
    }));
    const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
    expect((await h(req("/api/v1/pairs/abc"), ctx("abc"))).status).toBe(401);
    const ok = await h(req("/api/v1/pairs/abc", { token: tokens.annotator }), ctx("abc"));
    expect(await ok.json()).toEqual({ id: "abc" });
    const bad = await h(req("/api/v1/pairs/toolong", { token: tokens.annotator }), ctx("toolong"));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toContain("id:");
  });

  const permissions: Permission[] = [
    "pair:read",
    "pair:annotate",
    "pair:review",
    "span:delete-others",
    "dataset:write",
    "user:manage",
    "model:run",
    "export:read",
  ];
  const cases = permissions.flatMap((permission) => ROLES.map((role) => ({ role, permission })));
  it.each(cases)("$role on $permission", async ({ role, permission }) => {
    let called = false;
    const h = withAuth({ permission }, async () => {
      called = true;
      return { ok: true };
    });
    const res = await h(req("/api/x", { token: tokens[role] }), undefined);
    const body = await res.json();
    if (hasPermission(role, permission)) {
      expect(res.status).toBe(200);
      expect(body).toEqual({ ok: true });
      expect(called).toBe(true);
    } else {
      expect(res.status).toBe(403);
      expect(body.error.code).toBe("FORBIDDEN");
      expect(body.error.message).toContain(`(${role})`);
      expect(body.error.message).toContain(permission);
      expect(called).toBe(false);
    }
  });

  it("refuses a cross-origin POST (403) but accepts same-origin and Origin-less ones", async () => {
    const h = withAuth({ permission: "pair:annotate" }, async () => ({ ok: true }));
    const cross = await h(req("/api/x", { method: "POST", token: tokens.annotator, origin: "https://evil.example" }), undefined);
    expect(cross.status).toBe(403);
    expect((await cross.json()).error.message).toMatch(/cross-origin/i);
    const nullOrigin = await h(req("/api/x", { method: "POST", token: tokens.annotator, origin: "null" }), undefined);
    expect(nullOrigin.status).toBe(403);
    expect((await h(req("/api/x", { method: "POST", token: tokens.annotator, origin: ORIGIN }), undefined)).status).toBe(200);
    expect((await h(req("/api/x", { method: "POST", token: tokens.annotator }), undefined)).status).toBe(200);
    // A proxy that rewrites Host: the public host is allowed through SNIPPET_LAB_ALLOWED_ORIGINS.
    const proxied = () => h(req("/api/x", { method: "POST", token: tokens.annotator, origin: "https://lab.example" }), undefined);
    expect((await proxied()).status).toBe(403);
    process.env.SNIPPET_LAB_ALLOWED_ORIGINS = "https://lab.example, other.example:8443";
    try {
      expect((await proxied()).status).toBe(200);
    } finally {
      delete process.env.SNIPPET_LAB_ALLOWED_ORIGINS;
    }
    // GET is not state-changing: no Origin check.
    expect((await h(req("/api/x", { token: tokens.annotator, origin: "https://evil.example" }), undefined)).status).toBe(200);
  });

  it("passes handler errors through handleRoute's mapping and keeps handler responses", async () => {
    const { AppError } = await import("@/lib/errors");
    const failing = withAuth({}, async () => {
      throw new AppError("NOT_FOUND", "no such pair");
    });
    const res = await failing(req("/api/x", { token: tokens.reviewer }), undefined);
    expect(res.status).toBe(404);
    expect((await res.json()).error.message).toBe("no such pair");
    const custom = withAuth({}, async () => new Response("made", { status: 202, headers: { "x-a": "1" } }));
    const out = await custom(req("/api/x", { token: tokens.reviewer }), undefined);
    expect(out.status).toBe(202);
    expect(out.headers.get("x-a")).toBe("1");
    expect(await out.text()).toBe("made");
  });

  it("re-sends the cookie with the slid expiry when the session was extended", async () => {
    const t0 = new Date();
    const { token } = await createSession({ db, userId: users.annotator.id, now: t0 });
    const later = new Date(t0.getTime() + 2 * 24 * 3600 * 1000);
    const h = withAuth({ now: () => later }, async () => ({ ok: true }));
    const res = await h(req("/api/x", { token }), undefined);
    expect(res.status).toBe(200);
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toContain(`${SESSION_COOKIE}=${token}`);
    expect(cookie).toContain(`Expires=${new Date(later.getTime() + SESSION_TTL_MS).toUTCString()}`);
    // A second call within the minute does not touch it again.
    const again = await h(req("/api/x", { token }), undefined);
    expect(again.headers.get("set-cookie")).toBeNull();
  });
});

describe("auth routes", () => {
  it("POST /api/auth/login sets an HttpOnly SameSite=Lax cookie; /me returns the user; logout ends it", async () => {
    const login = await import("@/app/api/auth/login/route");
    const me = await import("@/app/api/auth/me/route");
    const logout = await import("@/app/api/auth/logout/route");

    const res = await login.POST(
      req("/api/auth/login", { ...json({ email: users.reviewer.email, password: TEST_PASSWORD }), origin: ORIGIN }),
      undefined,
    );
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ id: users.reviewer.id, role: "reviewer" });
    const cookie = res.headers.get("set-cookie") ?? "";
    const attrs = cookie.split("; ");
    expect(attrs[0]).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43}$`));
    expect(attrs).toEqual(expect.arrayContaining(["Path=/", "HttpOnly", "SameSite=Lax"]));
    const maxAge = Number(attrs.find((a) => a.startsWith("Max-Age="))?.slice("Max-Age=".length));
    expect(maxAge).toBeGreaterThan(SESSION_TTL_MS / 1000 - 10); // 14 days
    expect(maxAge).toBeLessThanOrEqual(SESSION_TTL_MS / 1000);
    expect(attrs.some((a) => a.startsWith("Expires="))).toBe(true);
    expect(attrs).not.toContain("Secure"); // plain http (localhost)
    const token = attrs[0]!.split("=")[1]!;
    expect(await db.session.count({ where: { id: hashSessionToken(token) } })).toBe(1);

    const who = await me.GET(req("/api/auth/me", { token }), undefined);
    expect(who.status).toBe(200);
    const body = await who.json();
    expect(body.user.email).toBe(users.reviewer.email);
    expect(body.permissions).toContain("pair:review");

    const out = await logout.POST(req("/api/auth/logout", { method: "POST", token, origin: ORIGIN }), undefined);
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    expect(await db.session.count({ where: { id: hashSessionToken(token) } })).toBe(0);
    expect((await me.GET(req("/api/auth/me", { token }), undefined)).status).toBe(401);
  });

  it("marks the cookie Secure over https (directly or via X-Forwarded-Proto)", async () => {
    const login = await import("@/app/api/auth/login/route");
    const body = { email: users.annotator.email, password: TEST_PASSWORD };
    const direct = await login.POST(new Request("https://lab.example/api/auth/login", json(body)), undefined);
    expect(direct.headers.get("set-cookie")?.split("; ")).toContain("Secure");
    const proxied = await login.POST(
      req("/api/auth/login", { ...json(body), headers: { "content-type": "application/json", "x-forwarded-proto": "https" } }),
      undefined,
    );
    expect(proxied.headers.get("set-cookie")?.split("; ")).toContain("Secure");
  });

  it("POST /api/auth/login: 400 for a bad body, 401 for bad credentials, 429 once rate limited, 403 cross-origin", async () => {
    const login = await import("@/app/api/auth/login/route");
    expect((await login.POST(req("/api/auth/login", json({ email: "x" })), undefined)).status).toBe(400);

    const bad = await login.POST(req("/api/auth/login", json({ email: users.admin.email, password: "nope nope" })), undefined);
    expect(bad.status).toBe(401);
    expect(bad.headers.get("set-cookie")).toBeNull();
    const unknown = await login.POST(req("/api/auth/login", json({ email: "ghost@test.local", password: "nope nope" })), undefined);
    expect(unknown.status).toBe(401);
    expect((await unknown.json()).error.message).toBe((await bad.json()).error.message);

    const cross = await login.POST(
      req("/api/auth/login", { ...json({ email: users.admin.email, password: TEST_PASSWORD }), origin: "https://evil.example" }),
      undefined,
    );
    expect(cross.status).toBe(403);

    const ip = { "content-type": "application/json", "x-forwarded-for": "203.0.113.7" };
    const wrong = { method: "POST", headers: ip, body: JSON.stringify({ email: users.researcher.email, password: "wrong wrong" }) };
    for (let i = 0; i < SIGN_IN_MAX_FAILURES; i++) expect((await login.POST(req("/api/auth/login", wrong), undefined)).status).toBe(401);
    const right = { ...wrong, body: JSON.stringify({ email: users.researcher.email, password: TEST_PASSWORD }) };
    const limited = await login.POST(req("/api/auth/login", right), undefined);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await limited.json()).error.message).toMatch(/too many/i);
  });

  it("POST /api/auth/logout from the header form redirects to /login", async () => {
    const logout = await import("@/app/api/auth/logout/route");
    const { token } = await createSession({ db, userId: users.annotator.id });
    const res = await logout.POST(
      req("/api/auth/logout", { method: "POST", token, origin: ORIGIN, headers: { "content-type": "application/x-www-form-urlencoded" }, body: "" }),
      undefined,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/login");
    expect(res.headers.get("set-cookie")).toMatch(/Max-Age=0/);
  });

  it("GET/POST /api/users: admin only", async () => {
    const route = await import("@/app/api/users/route");
    for (const role of ["annotator", "reviewer", "researcher"] as const) {
      expect((await route.GET(req("/api/users", { token: tokens[role] }), undefined)).status).toBe(403);
      const post = await route.POST(
        req("/api/users", { ...json({ email: "x@test.local", name: "X", password: "0123456789ab", role: "admin" }), token: tokens[role] }),
        undefined,
      );
      expect(post.status).toBe(403);
    }
    expect((await route.GET(req("/api/users"), undefined)).status).toBe(401);

    const created = await route.POST(
      req("/api/users", {
        ...json({ email: "Made@Test.local", name: "Made", password: "0123456789ab", role: "reviewer" }),
        token: tokens.admin,
        origin: ORIGIN,
      }),
      undefined,
    );
    expect(created.status).toBe(201);
    expect((await created.json()).user).toMatchObject({ email: "made@test.local", role: "reviewer" });
    const dup = await route.POST(
      req("/api/users", { ...json({ email: "made@test.local", name: "Again", password: "0123456789ab", role: "reviewer" }), token: tokens.admin }),
      undefined,
    );
    expect(dup.status).toBe(409);
    const short = await route.POST(
      req("/api/users", { ...json({ email: "s@test.local", name: "S", password: "short", role: "reviewer" }), token: tokens.admin }),
      undefined,
    );
    expect(short.status).toBe(400);

    const list = await route.GET(req("/api/users", { token: tokens.admin }), undefined);
    expect(list.status).toBe(200);
    const { users: rows } = await list.json();
    expect(rows.map((u: { email: string }) => u.email)).toContain("made@test.local");
    expect(JSON.stringify(rows)).not.toContain("scrypt$");
  });
});
