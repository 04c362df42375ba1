import { describe, expect, it } from "vitest";
import { parseSectionMode } from "./section-mode";

describe("parseSectionMode", () => {
  it("reads the CLI's spellings and refuses others", () => {
    expect(parseSectionMode(undefined)).toBe(false);
    expect(parseSectionMode("off")).toBe(false);
    expect(parseSectionMode("all")).toBe(true);
    expect(parseSectionMode("plain")).toBe("plain");
    expect(parseSectionMode("yes")).toBeUndefined();
  });
});
