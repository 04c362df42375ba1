// The inspector's server action is an endpoint of its own: it checks the session before reading any demo pair.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/schemas/users";

const state = vi.hoisted(() => ({ user: null as SessionUser | null, listed: 0 }));
vi.mock("@/lib/server/auth/get-current-user", () => ({ getCurrentUser: async () => state.user }));
vi.mock("next/headers", () => ({ headers: async () => new Headers() }));
vi.mock("next/navigation", () => ({
  redirect: (url: string) => {
    throw Object.assign(new Error("NEXT_REDIRECT"), { url });
  },
  forbidden: () => {
    throw new Error("NEXT_HTTP_ERROR_FALLBACK;403");
  },
}));
vi.mock("@/lib/server/db/list-demo-pairs", () => ({
  listDemoPairs: async () => {
    state.listed++;
    return [{ id: "p1", dataset: "demo", query: "q", results: [{ id: "d1", title: "T", url: null, text: "Some text.", html: null }] }];
  },
}));

const { loadDemoPair } = await import("./actions");

afterEach(() => {
  state.user = null;
  state.listed = 0;
});

describe("loadDemoPair (server action)", () => {
  it("sends a signed-out caller to the login page without reading anything", async () => {
    await expect(loadDemoPair("p1")).rejects.toMatchObject({ url: "/login?next=%2Finspector" });
    expect(state.listed).toBe(0);
  });

  it("loads a demo pair for any signed-in user, and null for an unknown or invalid id", async () => {
    state.user = { id: "u1", email: "a@x", name: "A", role: "annotator" };
    expect(await loadDemoPair("p1")).toEqual({ id: "p1", dataset: "demo", query: "q", results: [{ id: "d1", title: "T", text: "Some text." }] });
    expect(await loadDemoPair("nope")).toBeNull();
    expect(await loadDemoPair("")).toBeNull();
  });
});
