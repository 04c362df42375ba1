import { expect, type Page } from "@playwright/test";
import { E2E_PORT } from "./constants";

/** The e2e server's origin: state-changing requests must carry it (CSRF check in /api/auth/login and withAuth). */
export const E2E_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

export type Credentials = { email: string; password: string };

/** Signs the page's browser context in: the session cookie lands in the context (page.request shares it). */
export async function signIn(page: Page, { email, password }: Credentials): Promise<void> {
  const res = await page.request.post("/api/auth/login", {
    data: { email, password },
    headers: { Origin: E2E_ORIGIN },
  });
  expect(res.status(), `sign in as ${email}: ${await res.text()}`).toBe(200);
}

export type NewUser = Credentials & { role: "annotator" | "reviewer" | "researcher" | "admin"; name?: string };

/** Creates a user through the admin API (the page must be signed in as an admin); an existing email is fine. */
export async function createUser(page: Page, { email, password, role, name }: NewUser): Promise<void> {
  const res = await page.request.post("/api/users", {
    data: { email, password, role, name: name ?? email.split("@")[0] },
    headers: { Origin: E2E_ORIGIN },
  });
  expect([201, 409], `create ${email}: ${await res.text()}`).toContain(res.status());
}
