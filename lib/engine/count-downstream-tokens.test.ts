import { describe, expect, it } from "vitest";
import { countDownstreamTokens, loadDownstreamEncoding } from "./count-downstream-tokens";

describe("countDownstreamTokens", () => {
  it("counts with o200k_base by default", () => {
    expect(countDownstreamTokens("")).toBe(0);
    expect(countDownstreamTokens("Hello world")).toBe(2);
  });

  it("treats special-token strings as plain text", () => {
    expect(countDownstreamTokens("a <|endoftext|> b")).toBeGreaterThan(3);
  });

  it("needs non-default encodings loaded first", async () => {
    expect(() => countDownstreamTokens("Hello world", "cl100k_base")).toThrow(/not loaded/);
    await loadDownstreamEncoding("cl100k_base");
    expect(countDownstreamTokens("Hello world", "cl100k_base")).toBe(2);
  });

  it("rejects unknown encodings", async () => {
    expect(() => countDownstreamTokens("x", "nope")).toThrow(/Unknown downstream encoding/);
    await expect(loadDownstreamEncoding("nope")).rejects.toThrow(/Unknown/);
  });
});
