import { describe, expect, it } from "vitest";
import { DEV_SET_NAMES } from "./names";
import { DEV_SET_BUILDERS } from "./registry";

describe("DEV_SET_BUILDERS", () => {
  it("builds every named set, each by exactly one builder", () => {
    const built = DEV_SET_BUILDERS.flatMap((b) => b.names);
    expect([...built].sort()).toEqual([...DEV_SET_NAMES].sort());
    expect(new Set(built).size).toBe(built.length);
  });
});
