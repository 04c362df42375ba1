import { describe, expect, it } from "vitest";
import { formatExactBytes, formatOverLimit, MiB } from "./limits";

describe("formatOverLimit", () => {
  it("keeps round figures when they differ", () => {
    expect(formatOverLimit(6 * MiB, 5 * MiB)).toEqual({ size: "6 MB", max: "5 MB" });
    expect(formatOverLimit(5.4 * MiB, 5 * MiB)).toEqual({ size: "5.4 MB", max: "5 MB" });
  });
  it("gives exact bytes when a limit is just crossed", () => {
    expect(formatOverLimit(5 * MiB + 1, 5 * MiB)).toEqual({ size: "5,242,881 bytes", max: "5,242,880 bytes (5 MB)" });
    expect(formatOverLimit(5 * MiB + 40_000, 5 * MiB)).toEqual({ size: "5,282,880 bytes", max: "5,242,880 bytes (5 MB)" });
  });
  it("writes bytes with separators", () => {
    expect(formatExactBytes(104_857_601)).toBe("104,857,601 bytes");
  });
});
