import { describe, expect, it } from "vitest";
import { SPAN_CATEGORIES } from "./categories";
import { categorizeUnits } from "./categorize-units";

const cat = (c: (typeof SPAN_CATEGORIES)[number]) => SPAN_CATEGORIES.indexOf(c);

describe("categorizeUnits", () => {
  it("gives each unit the category covering most of its characters; vital on a tie; null where no token reaches", () => {
    const text = "Buy now cheap. The bridge opened. Home News. Tail";
    // Unit 0: "Buy now" ads (7) vs "cheap." vital (6) → ads. Unit 1: "The bridge" vital vs "opened." ads, 10 to 7 → vital.
    // Unit 2: "Home" navigation vs "News." off-topic, 4 to 5 → off-topic. Unit 3: no token → null.
    const tokens: [number, number, number][] = [
      [0, 3, cat("ads")],
      [4, 7, cat("ads")],
      [8, 14, cat("vital")],
      [15, 18, cat("vital")],
      [19, 25, cat("vital")],
      [26, 33, cat("ads")],
      [34, 38, cat("ui_navigation")],
      [39, 44, cat("off_topic")],
    ];
    const units = [
      { start: 0, end: 14 },
      { start: 15, end: 33 },
      { start: 34, end: 44 },
      { start: 45, end: 49 },
    ];
    const got = categorizeUnits({
      text,
      units,
      starts: tokens.map((t) => t[0]),
      ends: tokens.map((t) => t[1]),
      categories: tokens.map((t) => t[2]),
    });
    expect(got).toEqual(["ads", "vital", "off_topic", null]);
    // A tie ("ab" vital, "cd" ads, two characters each) goes to vital.
    expect(
      categorizeUnits({ text: "ab cd", units: [{ start: 0, end: 5 }], starts: [0, 3], ends: [2, 5], categories: [cat("ads"), cat("vital")] }),
    ).toEqual(["vital"]);
  });
});
