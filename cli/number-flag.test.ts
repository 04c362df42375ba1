import { describe, expect, it } from "vitest";
import { describeRange, numberFlag } from "./number-flag";

describe("numberFlag", () => {
  it("reads a number in range and leaves an absent flag undefined", () => {
    expect(numberFlag("12", "--runs", { integer: true, min: 1 })).toBe(12);
    expect(numberFlag("0.25", "--share", { min: 0, max: 1 })).toBe(0.25);
    expect(numberFlag("-3", "--seed", { integer: true })).toBe(-3);
    expect(numberFlag(undefined, "--runs", { integer: true, min: 1 })).toBeUndefined();
  });

  it("refuses what Number() would turn into NaN, 0 or Infinity", () => {
    expect(() => numberFlag("abc", "--budget", { min: 0, aboveMin: true })).toThrow('--budget takes a number above 0 (got "abc")');
    expect(() => numberFlag("", "--runs", { integer: true, min: 1 })).toThrow('--runs takes an integer of at least 1 (got "")');
    expect(() => numberFlag("  ", "--runs")).toThrow("--runs takes a number");
    expect(() => numberFlag("1e999", "--runs")).toThrow("--runs takes a number");
  });

  it("refuses fractions for integer flags and values out of range, with the flag's code", () => {
    expect(() => numberFlag("2.5", "--limit", { integer: true, min: 1 })).toThrow("--limit takes an integer of at least 1");
    expect(() => numberFlag("17", "--concurrency", { integer: true, min: 1, max: 16 })).toThrow("--concurrency takes an integer from 1 to 16");
    expect(() => numberFlag("1", "--dropout", { min: 0, max: 1, belowMax: true })).toThrow("--dropout takes a number in [0, 1)");
    expect(() => numberFlag("0", "--size-mb", { min: 0, aboveMin: true })).toThrow(expect.objectContaining({ code: "BAD_REQUEST" }));
  });

  it("describes each kind of range", () => {
    expect(describeRange({})).toBe("a number");
    expect(describeRange({ integer: true, max: 9 })).toBe("an integer of at most 9");
    expect(describeRange({ max: 1, belowMax: true })).toBe("a number below 1");
    expect(describeRange({ min: 0, max: 1, aboveMin: true })).toBe("a number in (0, 1]");
    expect(describeRange({ integer: true, min: 0, max: 10 })).toBe("an integer from 0 to 10");
  });
});
