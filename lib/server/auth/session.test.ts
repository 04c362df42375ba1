import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { isAppError } from "@/lib/errors";
import { createDbClient } from "../db/client";
import type { Role } from "../../schemas/enums";
import type { PrismaClient } from "../db/generated/client";
import { verifyPassword } from "./verify-password";
import { createRateLimiter } from "./create-rate-limiter";
import { createSession } from "./create-session";
import { createUser } from "./create-user";
import { deleteSession } from "./delete-session";
import { getSessionUser, SESSION_TOUCH_INTERVAL_MS } from "./get-session-user";
import { listUsers } from "./list-users";
import { SESSION_TTL_MS } from "./session-cookie";
import { hashSessionToken } from "./session-token";
import { INVALID_CREDENTIALS_MESSAGE, signIn, SIGN_IN_MAX_FAILURES, SIGN_IN_WINDOW_MS } from "./sign-in";
import { createTempDatabase, seedRoleUsers, TEST_PASSWORD, type TempDatabase } from "./test-helpers";

let temp: TempDatabase;
let db: PrismaClient;
let users: Record<Role, { id: string; email: string }>;

beforeAll(async () => {
  temp = await createTempDatabase("auth");
  db = createDbClient({ url: temp.url });
  users = await seedRoleUsers(db);
});
afterAll(async () => {
  await db?.$disconnect();
  temp?.cleanup();
});

const freshLimiter = () => createRateLimiter({ maxFailures: SIGN_IN_MAX_FAILURES, windowMs: SIGN_IN_WINDOW_MS });
const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

describe("createSession / getSessionUser / deleteSession", () => {
  it("stores only sha256(token) and resolves the token to the user", async () => {
    const now = new Date("2030-01-01T00:00:00Z");
    const { token, expiresAt } = await createSession({ db, userId: users.reviewer.id, now });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(expiresAt.getTime()).toBe(now.getTime() + SESSION_TTL_MS);
    const row = await db.session.findUniqueOrThrow({ where: { id: hashSessionToken(token) } });
    expect(row.id).not.toContain(token);
    expect(await db.session.count({ where: { id: token } })).toBe(0);

    const found = await getSessionUser({ db, token, now: new Date(now.getTime() + 1000) });
    expect(found?.user).toEqual({ id: users.reviewer.id, email: users.reviewer.email, name: "reviewer", role: "reviewer" });
    expect(found?.extended).toBe(false);
  });

  it("returns null for missing, malformed and unknown tokens", async () => {
    expect(await getSessionUser({ db, token: null })).toBeNull();
    expect(await getSessionUser({ db, token: "" })).toBeNull();
    expect(await getSessionUser({ db, token: "not a token" })).toBeNull();
    expect(await getSessionUser({ db, token: "A".repeat(43) })).toBeNull();
  });

  it("touches lastSeenAt at most once a minute and slides the expiry", async () => {
    const t0 = new Date("2030-02-01T00:00:00Z");
    const { token } = await createSession({ db, userId: users.annotator.id, now: t0 });
    const id = hashSessionToken(token);

    const soon = new Date(t0.getTime() + SESSION_TOUCH_INTERVAL_MS - 1);
    expect((await getSessionUser({ db, token, now: soon }))?.extended).toBe(false);
    expect((await db.session.findUniqueOrThrow({ where: { id } })).lastSeenAt).toEqual(t0);

    const later = new Date(t0.getTime() + 3 * 24 * 3600 * 1000);
    const slid = await getSessionUser({ db, token, now: later });
    expect(slid?.extended).toBe(true);
    expect(slid?.expiresAt.getTime()).toBe(later.getTime() + SESSION_TTL_MS);
    const row = await db.session.findUniqueOrThrow({ where: { id } });
    expect(row.lastSeenAt).toEqual(later);
    expect(row.expiresAt.getTime()).toBe(later.getTime() + SESSION_TTL_MS);
  });

  it("keeps the user's last activity after sign-out (User.lastSeenAt, written on create and touch)", async () => {
    const t0 = new Date("2030-02-10T00:00:00Z");
    const { token } = await createSession({ db, userId: users.researcher.id, now: t0 });
    const seen = async () => (await listUsers({ db })).find((u) => u.id === users.researcher.id)?.lastSeenAt;
    expect(await seen()).toEqual(t0);
    const later = new Date(t0.getTime() + 2 * SESSION_TOUCH_INTERVAL_MS);
    await getSessionUser({ db, token, now: later });
    expect(await seen()).toEqual(later);
    expect(await deleteSession({ db, token })).toBe(true);
    expect(await seen()).toEqual(later);
  });

  it("treats an expired session as signed out and deletes it", async () => {
    const t0 = new Date("2030-03-01T00:00:00Z");
    const { token, expiresAt } = await createSession({ db, userId: users.annotator.id, now: t0 });
    expect(await getSessionUser({ db, token, now: new Date(expiresAt.getTime() - 1) })).not.toBeNull();
    // (that lookup slid the expiry; expire relative to the stored value)
    const stored = await db.session.findUniqueOrThrow({ where: { id: hashSessionToken(token) } });
    expect(await getSessionUser({ db, token, now: stored.expiresAt })).toBeNull();
    expect(await db.session.count({ where: { id: hashSessionToken(token) } })).toBe(0);
  });

  it("returns null for a disabled user's session", async () => {
    const u = await db.user.create({
      data: { email: "gone@test.local", name: "Gone", role: "admin", passwordHash: "x" },
    });
    const { token } = await createSession({ db, userId: u.id });
    expect(await getSessionUser({ db, token })).not.toBeNull();
    await db.user.update({ where: { id: u.id }, data: { disabledAt: new Date() } });
    expect(await getSessionUser({ db, token })).toBeNull();
  });

  it("deleteSession signs the session out", async () => {
    const { token } = await createSession({ db, userId: users.admin.id });
    expect(await deleteSession({ db, token })).toBe(true);
    expect(await getSessionUser({ db, token })).toBeNull();
    expect(await deleteSession({ db, token })).toBe(false);
  });

  it("createSession drops the user's expired sessions", async () => {
    const u = await db.user.create({ data: { email: "old@test.local", name: "Old", passwordHash: "x" } });
    await createSession({ db, userId: u.id, now: new Date("2020-01-01T00:00:00Z") });
    await createSession({ db, userId: u.id });
    expect(await db.session.count({ where: { userId: u.id } })).toBe(1);
  });
});

describe("signIn", () => {
  it("signs in with the right password (email case and spaces ignored)", async () => {
    const limiter = freshLimiter();
    const res = await signIn({ db, limiter, email: "  Admin@Test.Local ", password: TEST_PASSWORD, ip: "1.1.1.1" });
    expect(res.user).toMatchObject({ id: users.admin.id, role: "admin" });
    expect((await getSessionUser({ db, token: res.token }))?.user.id).toBe(users.admin.id);
  });

  it("gives the same error for an unknown email and a wrong password", async () => {
    const limiter = freshLimiter();
    const unknown = await errorOf(signIn({ db, limiter, email: "nobody@test.local", password: TEST_PASSWORD }));
    const wrong = await errorOf(signIn({ db, limiter, email: users.admin.email, password: "wrong password!" }));
    for (const e of [unknown, wrong]) {
      expect(isAppError(e) && e.code).toBe("UNAUTHORIZED");
      expect((e as Error).message).toBe(INVALID_CREDENTIALS_MESSAGE);
      expect(isAppError(e) && e.details).toBeUndefined();
    }
  });

  it("refuses a disabled user with the same error, even with the right password", async () => {
    await createUser({ db, email: "off@test.local", name: "Off", password: "long enough pw", role: "reviewer" });
    await db.user.update({ where: { email: "off@test.local" }, data: { disabledAt: new Date() } });
    const e = await errorOf(signIn({ db, limiter: freshLimiter(), email: "off@test.local", password: "long enough pw" }));
    expect(isAppError(e) && e.message).toBe(INVALID_CREDENTIALS_MESSAGE);
  });

  it("rejects an empty body field as a validation error", async () => {
    expect(await errorOf(signIn({ db, limiter: freshLimiter(), email: "", password: "x" }))).toBeInstanceOf(ZodError);
  });

  it("locks an email+IP after 10 failures in 15 minutes, even for the right password, then unlocks", async () => {
    const limiter = freshLimiter();
    const email = users.researcher.email;
    const t0 = new Date("2030-04-01T00:00:00Z");
    for (let i = 0; i < SIGN_IN_MAX_FAILURES; i++) {
      const e = await errorOf(signIn({ db, limiter, email, password: `wrong-${i}-password`, ip: "9.9.9.9", now: new Date(t0.getTime() + i * 1000) }));
      expect(isAppError(e) && e.message).toBe(INVALID_CREDENTIALS_MESSAGE);
    }
    const at = new Date(t0.getTime() + 60_000);
    const locked = await errorOf(signIn({ db, limiter, email, password: TEST_PASSWORD, ip: "9.9.9.9", now: at }));
    expect(isAppError(locked) && locked.code).toBe("TOO_MANY_REQUESTS");
    expect(isAppError(locked) && locked.details).toMatchObject({ reason: "rate_limited" });
    const retry = (locked as { details: { retryAfterSeconds: number } }).details.retryAfterSeconds;
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(SIGN_IN_WINDOW_MS / 1000);

    // Another IP for the same email is counted separately.
    await expect(signIn({ db, limiter, email, password: TEST_PASSWORD, ip: "8.8.8.8", now: at })).resolves.toBeTruthy();

    // Once the first failure leaves the window, the right password works again and resets the count.
    const after = new Date(t0.getTime() + SIGN_IN_WINDOW_MS + 1);
    await expect(signIn({ db, limiter, email, password: TEST_PASSWORD, ip: "9.9.9.9", now: after })).resolves.toBeTruthy();
    expect(limiter.retryAfter(`${email}\u0000${"9.9.9.9"}`, after.getTime())).toBe(0);
  });
});

describe("createUser / listUsers", () => {
  it("creates a user with a hashed password and lists users without hashes", async () => {
    const u = await createUser({ db, email: " New@Test.Local ", name: " New ", password: "0123456789ab", role: "annotator" });
    expect(u).toMatchObject({ email: "new@test.local", name: "New", role: "annotator" });
    const row = await db.user.findUniqueOrThrow({ where: { id: u.id } });
    expect(row.passwordHash).not.toContain("0123456789ab");
    expect(await verifyPassword({ password: "0123456789ab", passwordHash: row.passwordHash })).toBe(true);

    const list = await listUsers({ db });
    expect(list.find((x) => x.id === u.id)).toMatchObject({ email: "new@test.local", role: "annotator", disabledAt: null });
    for (const x of list) expect(x).not.toHaveProperty("passwordHash");
    expect(list.map((x) => x.email)).toEqual([...list.map((x) => x.email)].sort());
    expect((await listUsers({ db, includeDisabled: false })).some((x) => x.email === "off@test.local")).toBe(false);
  });

  it.each([
    [{ email: "short@test.local", name: "S", password: "0123456789a", role: "annotator" }, "password"],
    [{ email: "not-an-email", name: "S", password: "0123456789ab", role: "annotator" }, "email"],
    [{ email: "r@test.local", name: "S", password: "0123456789ab", role: "superuser" }, "role"],
    [{ email: "n@test.local", name: "  ", password: "0123456789ab", role: "annotator" }, "name"],
  ])("rejects %j (%s)", async (input, field) => {
    const e = await errorOf(createUser({ db, ...(input as Parameters<typeof createUser>[0]) }));
    expect(e).toBeInstanceOf(ZodError);
    expect((e as ZodError).issues.map((i) => i.path[0])).toContain(field);
  });

  it("answers CONFLICT for a taken email", async () => {
    const e = await errorOf(createUser({ db, email: users.admin.email, name: "Dup", password: "0123456789ab", role: "admin" }));
    expect(isAppError(e) && e.code).toBe("CONFLICT");
  });
});
