import { describe, expect, it } from "vitest";
import { checkTarget, researchTargetMs } from "./research-targets";

describe("researchTargetMs", () => {
  it("gives the issue's figures at its sizes", () => {
    expect(researchTargetMs("sweep", "first", 1_000)).toBe(5_000);
    expect(researchTargetMs("sweep", "restart", 1_000)).toBe(4_000);
    expect(researchTargetMs("sweep", "warm", 1_000)).toBe(2_000);
    expect(researchTargetMs("sweep", "warm", 10_000)).toBe(10_000);
    expect(researchTargetMs("breakdown", "first", 2_000)).toBe(10_000);
    expect(researchTargetMs("breakdown", "restart", 2_000)).toBe(3_000);
    expect(researchTargetMs("breakdown", "warm", 2_000)).toBe(500);
    expect(researchTargetMs("breakdown", "restart", 100_000)).toBe(6_000);
    expect(researchTargetMs("breakdown", "warm", 100_000)).toBe(3_000);
  });

  it("keeps the smallest size's figure below it, is linear between sizes and proportional beyond the largest", () => {
    expect(researchTargetMs("sweep", "warm", 200)).toBe(2_000);
    expect(researchTargetMs("sweep", "warm", 5_500)).toBe(6_000);
    expect(researchTargetMs("sweep", "warm", 20_000)).toBe(20_000);
    expect(researchTargetMs("sweep", "first", 2_000)).toBe(10_000);
    expect(researchTargetMs("breakdown", "warm", 51_000)).toBe(1_750);
  });
});

describe("checkTarget", () => {
  it("meets a figure at its limit and misses one above it", () => {
    expect(checkTarget("sweep", "warm", 1_000, 2_000).met).toBe(true);
    expect(checkTarget("sweep", "warm", 1_000, 2_001)).toMatchObject({ met: false, targetMs: 2_000 });
  });
});
