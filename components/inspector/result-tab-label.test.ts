import { describe, expect, it } from "vitest";
import { resultTabLabel } from "./result-tab-label";

describe("resultTabLabel", () => {
  it("names an untitled pasted result by its position, not its generated id", () => {
    expect(resultTabLabel({ id: "0" }, 0)).toBe("Result 1");
    expect(resultTabLabel({ id: "1" }, 1)).toBe("Result 2");
  });
  it("prefers the title, then an id the user gave", () => {
    expect(resultTabLabel({ id: "0", title: "Visit" }, 0)).toBe("#1 Visit");
    expect(resultTabLabel({ id: "museum" }, 0)).toBe("#1 museum");
  });
});
