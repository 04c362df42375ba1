import { describe, expect, it } from "vitest";
import { createDatasetSchema, datasetNameSchema, DATASET_LIMITS } from "./datasets";

const messages = (name: unknown) => {
  const r = datasetNameSchema.safeParse(name);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe("datasetNameSchema", () => {
  it("says only that an empty or blank name is required", () => {
    expect(messages("")).toEqual(["name is required"]);
    expect(messages("   ")).toEqual(["name is required"]);
    expect(createDatasetSchema.safeParse({ name: "" }).error?.issues.map((i) => i.message)).toEqual(["name is required"]);
  });

  it("refuses control characters and over-long names, each with its own message", () => {
    expect(messages("bad\u0001name")).toEqual(["no control characters"]);
    expect(messages("a\u007fb")).toEqual(["no control characters"]);
    expect(messages("x".repeat(DATASET_LIMITS.maxNameChars + 1))).toEqual([`at most ${DATASET_LIMITS.maxNameChars} characters`]);
  });

  it("accepts and trims an ordinary name", () => {
    expect(datasetNameSchema.parse("  Demo — Київ 示例 ")).toBe("Demo — Київ 示例");
  });
});
