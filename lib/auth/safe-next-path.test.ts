import { describe, expect, it } from "vitest";
import { safeNextPath } from "./safe-next-path";

describe("safeNextPath (open-redirect guard)", () => {
  it.each([
    ["/", "/"],
    ["/inspector", "/inspector"],
    ["/pairs/abc?tab=spans#doc-2", "/pairs/abc?tab=spans#doc-2"],
    ["/a/../admin/users", "/admin/users"],
  ])("keeps the same-origin path %s", (input, out) => {
    expect(safeNextPath(input)).toBe(out);
  });

  it.each([
    undefined,
    null,
    42,
    "",
    "https://evil.example/",
    "http:evil.example",
    "javascript:alert(1)",
    "//evil.example/path",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "evil.example",
    "./relative",
    "/login",
    "/login?next=/x",
    "/api/auth/logout",
    "/" + "a".repeat(3000),
  ])("refuses %j", (input) => {
    expect(safeNextPath(input)).toBe("/");
  });

  it("uses the given fallback", () => {
    expect(safeNextPath("https://evil.example", "/home")).toBe("/home");
  });
});
