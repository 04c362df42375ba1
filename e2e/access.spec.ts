import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { E2E_ADMIN } from "./constants";
import { createUser, E2E_ORIGIN, signIn } from "./sign-in";
import { createDataset, createPair, newSignedInPage } from "./test-data";

// Access control answers with real HTTP statuses (a refused page is a 403, a signed-out visit a redirect to /login,
// not a 200 with a notice), the API's errors keep their JSON shape for every method and path, every response carries
// the security headers, and admins manage accounts (roles, disable, password reset) with the last-admin rule.

test.describe.configure({ mode: "serial" });

const RUN = Date.now().toString(36);
const PASSWORD = "e2e-user-password";
const users = {
  ann: { email: `acc-ann-${RUN}@e2e.local`, role: "annotator" as const },
  researcher: { email: `acc-res-${RUN}@e2e.local`, role: "researcher" as const },
  reviewer: { email: `acc-rev-${RUN}@e2e.local`, role: "reviewer" as const },
  target: { email: `acc-target-${RUN}@e2e.local`, role: "annotator" as const },
};
let pairId = "";

/** A page request that does not follow redirects: the status the server answered. */
const get = (request: APIRequestContext, path: string) => request.get(path, { maxRedirects: 0 });

test("setup: users and a pair", async ({ browser }) => {
  const admin = await newSignedInPage(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  for (const u of Object.values(users)) await createUser(admin, { ...u, password: PASSWORD });
  const datasetId = await createDataset(admin, `access-${RUN}`);
  pairId = await createPair(admin, datasetId, "When does the ferry leave?", [{ text: "The ferry leaves every 30 minutes from pier 4." }]);
  await admin.context().close();
});

test("signed out: protected pages redirect to /login with the page to come back to", async ({ playwright }) => {
  const anonymous = await playwright.request.newContext({ baseURL: E2E_ORIGIN });
  for (const path of ["/admin/users", "/pairs?status=submitted", `/pairs/${pairId}`, `/pairs/${pairId}/review`, "/datasets", "/agreement"]) {
    const res = await get(anonymous, path);
    expect(res.status(), path).toBe(307);
    const location = new URL(res.headers().location ?? "", E2E_ORIGIN);
    expect(location.pathname, path).toBe("/login");
    expect(location.searchParams.get("next"), path).toBe(path);
  }
  await anonymous.dispose();
});

test("a role without the permission gets 403 and the notice; allowed roles get 200", async ({ browser }) => {
  const ann = await newSignedInPage(browser, users.ann.email, PASSWORD);
  const researcher = await newSignedInPage(browser, users.researcher.email, PASSWORD);
  const reviewer = await newSignedInPage(browser, users.reviewer.email, PASSWORD);

  expect((await get(ann.request, "/admin/users")).status()).toBe(403);
  expect((await get(researcher.request, "/admin/users")).status()).toBe(403);
  expect((await get(ann.request, `/pairs/${pairId}/review`)).status()).toBe(403);
  expect((await get(researcher.request, `/pairs/${pairId}/review`)).status()).toBe(403);
  expect((await get(reviewer.request, `/pairs/${pairId}/review`)).status()).toBe(200);
  expect((await get(ann.request, `/pairs/${pairId}`)).status()).toBe(200);
  expect((await get(ann.request, "/pairs")).status()).toBe(200);

  // What the person sees: the notice naming their role, in a page that loaded without a server error.
  const res = await ann.goto("/admin/users");
  expect(res?.status()).toBe(403);
  await expect(ann.getByTestId("forbidden")).toContainText("Only admins can manage users");
  await expect(ann.getByTestId("forbidden")).toContainText(`${users.ann.email} (annotator)`);
  await expect(ann.getByTestId("page-error")).toHaveCount(0);
  const review = await ann.goto(`/pairs/${pairId}/review`);
  expect(review?.status()).toBe(403);
  await expect(ann.getByTestId("forbidden")).toContainText("Only reviewers and admins");

  for (const p of [ann, researcher, reviewer]) await p.context().close();
});

test("API errors keep the JSON shape: 405 with Allow for a wrong method, 404 for an unknown path", async ({ request }) => {
  const wrong = await request.get("/api/v1/compress");
  expect(wrong.status()).toBe(405);
  expect(wrong.headers().allow).toBe("POST, OPTIONS");
  expect(await wrong.json()).toMatchObject({ error: { code: "METHOD_NOT_ALLOWED", message: expect.stringContaining("GET") } });
  const del = await request.delete("/api/v1/datasets");
  expect(del.status()).toBe(405);
  expect(del.headers().allow).toBe("GET, POST, HEAD, OPTIONS");
  expect((await del.json()).error.code).toBe("METHOD_NOT_ALLOWED");
  const unknown = await request.get("/api/v1/no-such-route");
  expect(unknown.status()).toBe(404);
  expect((await unknown.json()).error).toMatchObject({ code: "NOT_FOUND" });
});

test("security headers: a nonce CSP on pages that Next's scripts carry, nosniff, Referrer-Policy; Secure cookies over https", async ({
  browser,
  playwright,
}) => {
  const anonymous = await playwright.request.newContext({ baseURL: E2E_ORIGIN });
  const page = await get(anonymous, "/login");
  expect(page.status()).toBe(200);
  const h = page.headers();
  const csp = h["content-security-policy"] ?? "";
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toContain("unsafe-eval");
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(/script-src [^;]*'unsafe-inline'/.test(csp)).toBe(false);
  expect(h["x-content-type-options"]).toBe("nosniff");
  expect(h["referrer-policy"]).toBe("same-origin");
  expect(h["x-frame-options"]).toBe("DENY");
  // Every script tag Next rendered carries this response's nonce (so none is blocked) and nothing else is inline.
  const html = await page.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  // A second request gets a fresh nonce.
  expect((await get(anonymous, "/login")).headers()["content-security-policy"]).not.toBe(csp);

  const api = await anonymous.get("/api/v1/models");
  expect(api.headers()["x-content-type-options"]).toBe("nosniff");
  expect(api.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");

  // Session cookie: HttpOnly and SameSite=Lax always, Secure when the request came over https (here: a proxy says so).
  const login = (headers: Record<string, string>) =>
    anonymous.post("/api/auth/login", { data: { email: users.ann.email, password: PASSWORD }, headers: { Origin: E2E_ORIGIN, ...headers } });
  const plain = (await login({})).headers()["set-cookie"] ?? "";
  expect(plain).toMatch(/HttpOnly/);
  expect(plain).toMatch(/SameSite=Lax/);
  expect(plain).not.toMatch(/Secure/);
  const proxied = (await login({ "X-Forwarded-Proto": "https" })).headers()["set-cookie"] ?? "";
  expect(proxied).toMatch(/; Secure/);
  const upgraded = (await anonymous.get("/login", { headers: { "X-Forwarded-Proto": "https" } })).headers()["content-security-policy"];
  expect(upgraded).toContain("upgrade-insecure-requests");
  await anonymous.dispose();

  // The pages work under the policy: no CSP violation while a signed-in user opens the workspace and the inspector.
  const ann = await newSignedInPage(browser, users.ann.email, PASSWORD);
  const violations: string[] = [];
  ann.on("console", (m) => /Content Security Policy|Refused to/i.test(m.text()) && violations.push(m.text()));
  await ann.goto(`/pairs/${pairId}`);
  await expect(ann.getByTestId("heatmap").first().locator("[data-t]").first()).toBeVisible();
  await ann.goto("/inspector");
  await expect(ann.getByRole("heading", { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
  await ann.context().close();
});

/** The users-table row of an email. */
const row = (page: Page, email: string) => page.locator(`[data-testid="users-row"][data-email="${email}"]`);

test("admin page: change a role and disable (each ends the sessions at once), enable, reset a password; the last admin stays", async ({
  browser,
}) => {
  const admin = await newSignedInPage(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  admin.on("dialog", (d) => void d.accept());
  const target = await newSignedInPage(browser, users.target.email, PASSWORD);
  expect((await target.request.get("/api/auth/me")).status()).toBe(200);

  await admin.goto("/admin/users");
  const r = row(admin, users.target.email);
  await r.getByTestId("user-role-select").selectOption("reviewer");
  await expect(r.getByTestId("user-action-notice")).toHaveText("Role changed to reviewer.");
  await expect(r).toContainText("reviewer");
  // A new role ends the user's sessions: the new role starts with a new sign-in.
  expect((await target.request.get("/api/auth/me")).status()).toBe(401);
  await signIn(target, { email: users.target.email, password: PASSWORD });
  expect((await (await target.request.get("/api/auth/me")).json()).user.role).toBe("reviewer");

  await r.getByTestId("user-toggle-disabled").click();
  await expect(r.getByTestId("user-action-notice")).toContainText("Disabled; 1 session(s) ended.");
  await expect(r).toContainText("disabled");
  expect((await target.request.get("/api/auth/me")).status()).toBe(401);
  const refused = await target.request.post("/api/auth/login", {
    data: { email: users.target.email, password: PASSWORD },
    headers: { Origin: E2E_ORIGIN },
  });
  expect(refused.status()).toBe(401);

  await r.getByTestId("user-toggle-disabled").click();
  await expect(r.getByTestId("user-action-notice")).toHaveText("Enabled.");
  await r.getByTestId("user-reset-password").click();
  const shown = await r.getByTestId("user-new-password").locator("code").textContent();
  expect(shown).toMatch(/^[A-Za-z0-9_-]{22}$/);
  await signIn(target, { email: users.target.email, password: shown! });
  expect((await target.request.get("/api/auth/me")).status()).toBe(200);

  // The e2e admin is the only admin: disabling or demoting themselves is refused with the reason.
  const me = row(admin, E2E_ADMIN.email);
  await me.getByTestId("user-toggle-disabled").click();
  await expect(me.getByTestId("user-action-error")).toContainText("last active admin");
  await me.getByTestId("user-role-select").selectOption("annotator");
  await expect(me.getByTestId("user-action-error")).toContainText("last active admin");
  expect((await admin.request.get("/api/auth/me")).status()).toBe(200);
  await admin.reload();
  await expect(row(admin, E2E_ADMIN.email)).toContainText("admin");

  await admin.context().close();
  await target.context().close();
});
