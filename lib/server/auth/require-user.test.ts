import { afterEach, describe, expect, it, vi } from "vitest";
import { REQUEST_PATH_HEADER } from "../../http/request-path";
import type { SessionUser } from "@/lib/schemas/users";

// requireUser's own logic only: the cookie → user lookup is getSessionUser (tested in session.test.ts).
const current = vi.hoisted(() => ({ user: null as SessionUser | null, path: null as string | null }));
vi.mock("./get-current-user", () => ({ getCurrentUser: async () => current.user }));
vi.mock("next/headers", () => ({
  headers: async () => new Headers(current.path ? { [REQUEST_PATH_HEADER]: current.path } : {}),
}));
vi.mock("next/navigation", () => ({
  redirect: (url: string) => {
    throw Object.assign(new Error("NEXT_REDIRECT"), { url });
  },
  forbidden: () => {
    throw Object.assign(new Error("NEXT_HTTP_ERROR_FALLBACK;403"), { forbidden: true });
  },
}));

const { requireUser } = await import("./require-user");
const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

afterEach(() => {
  current.user = null;
  current.path = null;
});

describe("requireUser", () => {
  it("redirects a signed-out visitor to /login with a safe next", async () => {
    expect(await errorOf(requireUser({ next: "/review?status=submitted" }))).toMatchObject({
      url: "/login?next=%2Freview%3Fstatus%3Dsubmitted",
    });
    expect(await errorOf(requireUser({ next: "https://evil.example/" }))).toMatchObject({ url: "/login?next=%2F" });
    expect(await errorOf(requireUser())).toMatchObject({ url: "/login?next=%2F" });
  });

  it("takes next from the request path proxy.ts forwards when the caller gives none", async () => {
    current.path = "/pairs?status=submitted";
    expect(await errorOf(requireUser())).toMatchObject({ url: "/login?next=%2Fpairs%3Fstatus%3Dsubmitted" });
    current.path = "//evil.example/x";
    expect(await errorOf(requireUser())).toMatchObject({ url: "/login?next=%2F" });
  });

  it("calls forbidden() (403, no error logged) when the role lacks the permission", async () => {
    current.user = { id: "u1", email: "a@x", name: "A", role: "annotator" };
    expect(await errorOf(requireUser({ permission: "dataset:write", next: "/datasets" }))).toMatchObject({ forbidden: true });
    expect(await errorOf(requireUser({ permission: "pair:review" }))).toMatchObject({ forbidden: true });
    current.user = { id: "u3", email: "s@x", name: "S", role: "researcher" };
    expect(await errorOf(requireUser({ permission: "user:manage" }))).toMatchObject({ forbidden: true });
  });

  it("returns the user when allowed", async () => {
    current.user = { id: "u2", email: "r@x", name: "R", role: "researcher" };
    await expect(requireUser({ permission: "dataset:write" })).resolves.toEqual(current.user);
    await expect(requireUser()).resolves.toEqual(current.user);
  });
});
