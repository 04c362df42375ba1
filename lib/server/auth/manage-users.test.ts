// User administration on a real SQLite database: the last-admin rule, sessions ending on disable / password reset,
// and the admin routes' permission checks.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isAppError } from "@/lib/errors";
import { disconnectDb, getDb } from "../db/client";
import type { Role } from "../../schemas/enums";
import type { PrismaClient } from "../db/generated/client";
import { hashPassword } from "./hash-password";
import { createRateLimiter } from "./create-rate-limiter";
import { createSession } from "./create-session";
import { getSessionUser } from "./get-session-user";
import { resetPassword } from "./reset-password";
import { SESSION_COOKIE } from "./session-cookie";
import { hashSessionToken } from "./session-token";
import { INVALID_CREDENTIALS_MESSAGE, signIn } from "./sign-in";
import { createTempDatabase, TEST_PASSWORD, type TempDatabase } from "./test-helpers";
import { findUserIdByEmail } from "../db/users/find-user-id-by-email";
import { updateUser } from "./update-user";

let temp: TempDatabase;
let db: PrismaClient;
let passwordHash: string;

beforeAll(async () => {
  temp = await createTempDatabase("manage-users");
  process.env.DATABASE_URL = temp.url; // the route modules use getDb()
  db = getDb();
  passwordHash = await hashPassword({ password: TEST_PASSWORD });
});
afterAll(async () => {
  await disconnectDb();
  temp?.cleanup();
});

/** A fresh set of users for each test: one admin unless more are asked for. */
async function seed(roles: Role[] = ["admin", "annotator", "reviewer", "researcher"]) {
  await db.session.deleteMany();
  await db.user.deleteMany();
  const out: { id: string; email: string; role: Role }[] = [];
  for (const [i, role] of roles.entries()) {
    const email = `${role}${i}@test.local`;
    const u = await db.user.create({ data: { email, name: `${role} ${i}`, role, passwordHash }, select: { id: true } });
    out.push({ id: u.id, email, role });
  }
  return out;
}
const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );
const codeOf = async (p: Promise<unknown>) => {
  const e = await errorOf(p);
  return isAppError(e) ? e.code : e;
};
const limiter = () => createRateLimiter({ maxFailures: 100, windowMs: 60_000 });

describe("updateUser: the last active admin", () => {
  beforeEach(async () => {
    await db.session.deleteMany();
  });

  it("cannot be demoted or disabled, not even by themselves", async () => {
    const [admin] = await seed(["admin", "annotator"]);
    for (const change of [{ role: "reviewer" as const }, { disabled: true }, { role: "annotator" as const, disabled: true }]) {
      const e = await errorOf(updateUser({ db, userId: admin!.id, ...change }));
      expect(isAppError(e) && e.code).toBe("CONFLICT");
      expect((e as Error).message).toMatch(/last active admin/);
    }
    const row = await db.user.findUniqueOrThrow({ where: { id: admin!.id } });
    expect(row.role).toBe("admin");
    expect(row.disabledAt).toBeNull();
    // Renaming the last admin, or "changing" the role to admin, is fine.
    await expect(updateUser({ db, userId: admin!.id, name: "Root", role: "admin" })).resolves.toMatchObject({ user: { name: "Root" } });
  });

  it("can be disabled or demoted while another active admin remains, and the rule then protects the other", async () => {
    const [a, b] = await seed(["admin", "admin", "annotator"]);
    await expect(updateUser({ db, userId: a!.id, disabled: true })).resolves.toMatchObject({ user: { role: "admin" } });
    // A disabled admin does not count: b is now the last active one.
    expect(await codeOf(updateUser({ db, userId: b!.id, role: "researcher" }))).toBe("CONFLICT");
    expect(await codeOf(updateUser({ db, userId: b!.id, disabled: true }))).toBe("CONFLICT");
    // Re-enabling a makes b changeable again; b may demote themselves.
    await updateUser({ db, userId: a!.id, disabled: false });
    await expect(updateUser({ db, userId: b!.id, role: "reviewer" })).resolves.toMatchObject({ user: { role: "reviewer" } });
    expect(await codeOf(updateUser({ db, userId: a!.id, role: "reviewer" }))).toBe("CONFLICT");
  });

  it("promoting someone else first unlocks the change", async () => {
    const [admin, ann] = await seed(["admin", "annotator"]);
    await updateUser({ db, userId: ann!.id, role: "admin" });
    await expect(updateUser({ db, userId: admin!.id, role: "annotator" })).resolves.toMatchObject({ user: { role: "annotator" } });
  });

  it("answers NOT_FOUND for an unknown user and BAD_REQUEST-style validation for an empty change", async () => {
    await seed(["admin"]);
    expect(await codeOf(updateUser({ db, userId: "nope", role: "admin" }))).toBe("NOT_FOUND");
    expect((await errorOf(updateUser({ db, userId: "nope" }))) as Error).toHaveProperty("name", "ZodError");
    expect(await codeOf(findUserIdByEmail({ db, email: "ghost@test.local" }))).toBe("NOT_FOUND");
  });
});

describe("disabling ends sessions at once", () => {
  it("deletes the user's sessions, refuses their cookie and their sign-in; enabling lets them sign in again", async () => {
    const [, ann] = await seed(["admin", "annotator"]);
    const s1 = await createSession({ db, userId: ann!.id });
    const s2 = await createSession({ db, userId: ann!.id });
    expect(await getSessionUser({ db, token: s1.token })).not.toBeNull();

    const { sessionsEnded, user } = await updateUser({ db, userId: ann!.id, disabled: true });
    expect(sessionsEnded).toBe(2);
    expect(user.disabledAt).toBeInstanceOf(Date);
    expect(await db.session.count({ where: { userId: ann!.id } })).toBe(0);
    expect(await getSessionUser({ db, token: s1.token })).toBeNull();
    expect(await getSessionUser({ db, token: s2.token })).toBeNull();
    const e = await errorOf(signIn({ db, limiter: limiter(), email: ann!.email, password: TEST_PASSWORD }));
    expect(isAppError(e) && e.message).toBe(INVALID_CREDENTIALS_MESSAGE);

    // Disabling twice keeps the first timestamp.
    const again = await updateUser({ db, userId: ann!.id, disabled: true });
    expect(again.user.disabledAt?.getTime()).toBe(user.disabledAt?.getTime());

    await updateUser({ db, userId: ann!.id, disabled: false });
    await expect(signIn({ db, limiter: limiter(), email: ann!.email, password: TEST_PASSWORD })).resolves.toMatchObject({
      user: { email: ann!.email },
    });
  });

  it("a session created before the disable cannot be used even if its row survived (checked per request)", async () => {
    const [, ann] = await seed(["admin", "annotator"]);
    const s = await createSession({ db, userId: ann!.id });
    // Simulate a row that was not deleted (e.g. disabled by hand in the database).
    await db.user.update({ where: { id: ann!.id }, data: { disabledAt: new Date() } });
    expect(await getSessionUser({ db, token: s.token })).toBeNull();
  });

  it("a role change ends the user's sessions: the new role starts with a new sign-in", async () => {
    const [, ann] = await seed(["admin", "annotator"]);
    const s1 = await createSession({ db, userId: ann!.id });
    const s2 = await createSession({ db, userId: ann!.id });
    const { sessionsEnded } = await updateUser({ db, userId: ann!.id, role: "reviewer" });
    expect(sessionsEnded).toBe(2);
    expect(await getSessionUser({ db, token: s1.token })).toBeNull();
    expect(await getSessionUser({ db, token: s2.token })).toBeNull();
    const { token } = await signIn({ db, limiter: limiter(), email: ann!.email, password: TEST_PASSWORD });
    expect((await getSessionUser({ db, token }))?.user.role).toBe("reviewer");
    // Renaming, or "changing" the role to the one it has, keeps the sessions.
    expect((await updateUser({ db, userId: ann!.id, role: "reviewer", name: "Renamed" })).sessionsEnded).toBe(0);
    expect(await getSessionUser({ db, token })).not.toBeNull();
  });

  it("a role is looked up on every request, so a change in the database applies to a live session at once", async () => {
    const [, ann] = await seed(["admin", "annotator"]);
    const s = await createSession({ db, userId: ann!.id });
    await db.user.update({ where: { id: ann!.id }, data: { role: "reviewer" } });
    expect((await getSessionUser({ db, token: s.token }))?.user.role).toBe("reviewer");
  });
});

describe("resetPassword", () => {
  it("sets a given password, ends the sessions (but the one to keep), and the old password stops working", async () => {
    const [admin, ann] = await seed(["admin", "annotator"]);
    const s = await createSession({ db, userId: ann!.id });
    const r = await resetPassword({ db, userId: ann!.id, password: "a brand new password" });
    expect(r.generatedPassword).toBeUndefined();
    expect(r.sessionsEnded).toBe(1);
    expect(await getSessionUser({ db, token: s.token })).toBeNull();
    expect(await codeOf(signIn({ db, limiter: limiter(), email: ann!.email, password: TEST_PASSWORD }))).toBe("UNAUTHORIZED");
    await expect(signIn({ db, limiter: limiter(), email: ann!.email, password: "a brand new password" })).resolves.toBeTruthy();

    // An admin resetting their own password keeps the session they did it from.
    const mine = await createSession({ db, userId: admin!.id });
    const other = await createSession({ db, userId: admin!.id });
    const own = await resetPassword({ db, userId: admin!.id, keepSessionId: hashSessionToken(mine.token) });
    expect(own.sessionsEnded).toBe(1);
    expect(await getSessionUser({ db, token: mine.token })).not.toBeNull();
    expect(await getSessionUser({ db, token: other.token })).toBeNull();
    expect(own.generatedPassword).toMatch(/^[A-Za-z0-9_-]{22}$/);
    await expect(signIn({ db, limiter: limiter(), email: admin!.email, password: own.generatedPassword! })).resolves.toBeTruthy();
  });

  it("refuses a short password and an unknown user", async () => {
    const [, ann] = await seed(["admin", "annotator"]);
    expect(((await errorOf(resetPassword({ db, userId: ann!.id, password: "short" }))) as Error).name).toBe("ZodError");
    expect(await codeOf(resetPassword({ db, userId: "nope" }))).toBe("NOT_FOUND");
  });
});

describe("admin routes", () => {
  const ORIGIN = "http://127.0.0.1:3000";
  const req = (path: string, init: { method?: string; token?: string; json?: unknown; origin?: string } = {}) => {
    const headers = new Headers({ host: "127.0.0.1:3000" });
    if (init.token) headers.set("cookie", `${SESSION_COOKIE}=${init.token}`);
    if (init.origin) headers.set("origin", init.origin);
    if (init.json !== undefined) headers.set("content-type", "application/json");
    return new Request(`${ORIGIN}${path}`, {
      method: init.method ?? "GET",
      headers,
      ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
    });
  };
  const ctx = (id: string) => ({ params: Promise.resolve({ id }) });

  it("PATCH /api/users/{id} and POST …/password: 401 signed out, 403 for every role but admin", async () => {
    const users = await seed(["admin", "annotator", "reviewer", "researcher"]);
    const patch = (await import("@/app/api/users/[id]/route")).PATCH;
    const reset = (await import("@/app/api/users/[id]/password/route")).POST;
    const target = users[1]!;
    expect((await patch(req("/x", { method: "PATCH", json: { disabled: true } }), ctx(target.id))).status).toBe(401);
    expect((await reset(req("/x", { method: "POST", json: {} }), ctx(target.id))).status).toBe(401);
    for (const u of users.filter((x) => x.role !== "admin")) {
      const { token } = await createSession({ db, userId: u.id });
      const p = await patch(req("/x", { method: "PATCH", token, json: { role: "admin" } }), ctx(u.id));
      expect(p.status).toBe(403);
      expect((await p.json()).error.code).toBe("FORBIDDEN");
      expect((await reset(req("/x", { method: "POST", token, json: {} }), ctx(target.id))).status).toBe(403);
    }
    expect((await db.user.findUniqueOrThrow({ where: { id: target.id } })).disabledAt).toBeNull();
  });

  it("an admin disables, enables, changes roles and resets passwords; 409 for the last admin; 403 cross-origin", async () => {
    const [admin, ann] = await seed(["admin", "annotator"]);
    const patch = (await import("@/app/api/users/[id]/route")).PATCH;
    const reset = (await import("@/app/api/users/[id]/password/route")).POST;
    const { token } = await createSession({ db, userId: admin!.id });
    const annSession = await createSession({ db, userId: ann!.id });

    const disabled = await patch(req("/x", { method: "PATCH", token, origin: ORIGIN, json: { disabled: true } }), ctx(ann!.id));
    expect(disabled.status).toBe(200);
    expect(await disabled.json()).toMatchObject({ user: { email: ann!.email }, sessionsEnded: 1 });
    expect(await getSessionUser({ db, token: annSession.token })).toBeNull();
    expect((await patch(req("/x", { method: "PATCH", token, json: { disabled: false, role: "reviewer" } }), ctx(ann!.id))).status).toBe(200);
    expect((await db.user.findUniqueOrThrow({ where: { id: ann!.id } })).role).toBe("reviewer");

    const self = await patch(req("/x", { method: "PATCH", token, json: { disabled: true } }), ctx(admin!.id));
    expect(self.status).toBe(409);
    expect((await self.json()).error.message).toMatch(/last active admin/);
    expect((await patch(req("/x", { method: "PATCH", token, json: { role: "annotator" } }), ctx(admin!.id))).status).toBe(409);
    expect((await patch(req("/x", { method: "PATCH", token, json: { role: "boss" } }), ctx(ann!.id))).status).toBe(400);
    expect((await patch(req("/x", { method: "PATCH", token, json: {} }), ctx(ann!.id))).status).toBe(400);
    expect((await patch(req("/x", { method: "PATCH", token, json: { disabled: true } }), ctx("nope"))).status).toBe(404);
    expect((await patch(req("/x", { method: "PATCH", token, origin: "https://evil.example", json: { disabled: true } }), ctx(ann!.id))).status).toBe(
      403,
    );

    const generated = await reset(req("/x", { method: "POST", token }), ctx(ann!.id));
    expect(generated.status).toBe(200);
    const body = await generated.json();
    expect(body.generatedPassword).toMatch(/^[A-Za-z0-9_-]{22}$/);
    await expect(signIn({ db, limiter: limiter(), email: ann!.email, password: body.generatedPassword })).resolves.toBeTruthy();
    const chosen = await reset(req("/x", { method: "POST", token, json: { password: "chosen by the admin" } }), ctx(ann!.id));
    expect(chosen.status).toBe(200);
    expect((await chosen.json()).generatedPassword).toBeUndefined();
    expect((await reset(req("/x", { method: "POST", token, json: { password: "short" } }), ctx(ann!.id))).status).toBe(400);
    // The admin's own reset keeps the admin signed in.
    expect((await reset(req("/x", { method: "POST", token, json: {} }), ctx(admin!.id))).status).toBe(200);
    expect(await getSessionUser({ db, token })).not.toBeNull();
  });
});
