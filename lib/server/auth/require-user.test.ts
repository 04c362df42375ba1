import { afterEach, describe, expect, it, vi } from "vitest";
import { FORBIDDEN_DIGEST } from "@/lib/auth/policy";
import { isAppError } from "@/lib/errors";
import type { SessionUser } from "./types";

// requireUser's own logic only: the cookie → user lookup is getSessionUser (tested in session.test.ts).
const current = vi.hoisted(() => ({ user: null as SessionUser | null }));
vi.mock("./get-current-user", () => ({ getCurrentUser: async () => current.user }));
vi.mock("next/navigation", () => ({
  redirect: (url: string) => {
    throw Object.assign(new Error("NEXT_REDIRECT"), { url });
  },
}));

const { requireUser } = await import("./require-user");
const errorOf = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e);

afterEach(() => {
  current.user = null;
});

describe("requireUser", () => {
  it("redirects a signed-out visitor to /login with a safe next", async () => {
    expect(await errorOf(requireUser({ next: "/review?status=submitted" }))).toMatchObject({
      url: "/login?next=%2Freview%3Fstatus%3Dsubmitted",
    });
    expect(await errorOf(requireUser({ next: "https://evil.example/" }))).toMatchObject({ url: "/login?next=%2F" });
    expect(await errorOf(requireUser())).toMatchObject({ url: "/login?next=%2F" });
  });

  it("throws FORBIDDEN with the digest error boundaries look for when the role lacks the permission", async () => {
    current.user = { id: "u1", email: "a@x", name: "A", role: "annotator" };
    const e = await errorOf(requireUser({ permission: "dataset:write", next: "/datasets" }));
    expect(isAppError(e) && e.code).toBe("FORBIDDEN");
    expect((e as { digest?: string }).digest).toBe(FORBIDDEN_DIGEST);
    expect((e as Error).message).toContain("dataset:write");
  });

  it("returns the user when allowed", async () => {
    current.user = { id: "u2", email: "r@x", name: "R", role: "researcher" };
    await expect(requireUser({ permission: "dataset:write" })).resolves.toEqual(current.user);
    await expect(requireUser()).resolves.toEqual(current.user);
  });
});
