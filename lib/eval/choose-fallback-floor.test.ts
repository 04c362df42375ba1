import { describe, expect, it } from "vitest";
import { chooseFallbackFloor } from "./choose-fallback-floor";

const at = (fallbackFloor: number, objective: number, maxAbstained: number) => ({ fallbackFloor, objective, maxAbstained });

describe("chooseFallbackFloor", () => {
  it("takes the best objective among floors that keep nothing for at most the limit of answerable queries", () => {
    const sweep = [at(0.02, 0.58, 0), at(0.28, 0.7, 0.04), at(0.3, 0.71, 0.052), at(0.36, 0.735, 0.104)];
    expect(chooseFallbackFloor(sweep, 0.02, 0.05).fallbackFloor).toBe(0.28);
  });

  it("holds a floor at the threshold to the limit too (it gates as a higher one does)", () => {
    // Threshold 0.36: the floor 0.36 keeps nothing for 10.4% of a set's answerable queries.
    const sweep = [at(0.02, 0.589, 0), at(0.28, 0.7017, 0.0435), at(0.36, 0.7352, 0.104)];
    expect(chooseFallbackFloor(sweep, 0.02, 0.05).fallbackFloor).toBe(0.28);
  });

  it("always allows the engine's floor", () => {
    expect(chooseFallbackFloor([at(0.02, 0.5, 0.2), at(0.3, 0.6, 0.3)], 0.02, 0.05).fallbackFloor).toBe(0.02);
    expect(() => chooseFallbackFloor([at(0.3, 0.6, 0.3)], 0.02, 0.05)).toThrow(/engine's floor/);
  });
});
