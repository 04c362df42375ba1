import { describe, expect, it } from "vitest";
import { snapSelection } from "./snap-selection";

const text = "The bridge opened in 1937.";

describe("snapSelection", () => {
  it("widens to the model's tokens when the document has them", () => {
    const tokens = { starts: [0, 4, 11], ends: [3, 10, 17] };
    expect(snapSelection({ text, start: 6, end: 13, exact: false, tokens })).toEqual({ start: 4, end: 17, text: "bridge opened" });
  });

  it("widens to words without tokens, and keeps the exact characters with exact", () => {
    expect(snapSelection({ text, start: 6, end: 13, exact: false })).toEqual({ start: 4, end: 17, text: "bridge opened" });
    expect(snapSelection({ text, start: 6, end: 13, exact: true })).toEqual({ start: 6, end: 13, text: "idge op" });
  });

  it("is null for a selection of whitespace only", () => {
    expect(snapSelection({ text, start: 3, end: 4, exact: false })).toBeNull();
  });
});
