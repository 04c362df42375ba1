import { describe, expect, it } from "vitest";
import { categoryForKey, CATEGORY_META, SPAN_CATEGORIES } from "./categories";
import { checkSpanInText, spanInTextSchema, spanSchema } from "./schemas";

const text = "Hi 🩷 there";
const base = { documentId: "d1", category: "vital", source: "human" } as const;

describe("spanSchema", () => {
  it("accepts a well-formed span and rejects bad shapes", () => {
    expect(spanSchema.safeParse({ ...base, start: 0, end: 2, text: "Hi" }).success).toBe(true);
    expect(spanSchema.safeParse({ ...base, start: 2, end: 2, text: "" }).success).toBe(false);
    expect(spanSchema.safeParse({ ...base, start: -1, end: 2, text: "xyz" }).success).toBe(false);
    expect(spanSchema.safeParse({ ...base, start: 0, end: 2, text: "Hi", category: "spam" }).success).toBe(false);
    expect(spanSchema.safeParse({ ...base, start: 0, end: 2, text: "Hi", source: "robot" }).success).toBe(false);
    expect(spanSchema.safeParse({ ...base, start: 0, end: 3, text: "Hi" }).success).toBe(false);
  });
});

describe("checkSpanInText", () => {
  it("accepts a span whose covered text matches", () => {
    expect(checkSpanInText({ start: 3, end: 5, text: "🩷" }, text)).toBeUndefined();
  });
  it("reports each kind of problem", () => {
    expect(checkSpanInText({ start: 6, end: 20, text: "x".repeat(14) }, text)).toMatch(/beyond the text \(11 chars\)/);
    expect(checkSpanInText({ start: 4, end: 5, text: "\udf77" }, text)).toMatch(/surrogate/);
    expect(checkSpanInText({ start: 0, end: 2, text: "Ho" }, text)).toBe('text mismatch at [0, 2): span has "Ho", document has "Hi"');
    expect(checkSpanInText({ start: 2, end: 2, text: "" }, text)).toMatch(/empty/);
  });
  it("binds to a text in spanInTextSchema", () => {
    const schema = spanInTextSchema(text);
    expect(schema.safeParse({ ...base, start: 6, end: 11, text: "there" }).success).toBe(true);
    const bad = schema.safeParse({ ...base, start: 6, end: 11, text: "where" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/mismatch/);
  });
});

describe("categories", () => {
  it("binds keys 1-6 in order and has distinct colours", () => {
    expect(SPAN_CATEGORIES.map((c) => CATEGORY_META[c].key)).toEqual(["1", "2", "3", "4", "5", "6"]);
    expect(categoryForKey("3")).toBe("ads");
    expect(categoryForKey("7")).toBeUndefined();
    expect(new Set(SPAN_CATEGORIES.map((c) => CATEGORY_META[c].color)).size).toBe(6);
  });
});
