import { z } from "zod";
import { describe, expect, it } from "vitest";
import { schemaRows, typeOf, type JsonSchema } from "./schema-rows";

const json = (s: z.ZodType) => z.toJSONSchema(s, { io: "input" }) as JsonSchema;
const none = () => undefined;

describe("schemaRows", () => {
  it("flattens nested objects and arrays of objects with their constraints", () => {
    const schema = z.strictObject({
      query: z.string().min(1).max(200).describe("The query."),
      results: z
        .array(z.object({ id: z.string().optional(), text: z.string() }))
        .min(1)
        .max(100),
      mode: z.enum(["a", "b"]).default("a"),
      limit: z.int().min(1).max(10).optional(),
      score: z.number().nullable().optional(),
      include: z.object({ tokens: z.boolean().optional() }).optional(),
    });
    expect(schemaRows(json(schema), none)).toEqual([
      { name: "query", depth: 0, type: "string", required: true, constraints: ["1–200 chars"], description: "The query." },
      { name: "results", depth: 0, type: "object[]", required: true, constraints: ["1–100 items"] },
      { name: "results[].id", depth: 1, type: "string", required: false, constraints: [] },
      { name: "results[].text", depth: 1, type: "string", required: true, constraints: [] },
      { name: "mode", depth: 0, type: '"a" | "b"', required: false, constraints: ['default `"a"`'] },
      { name: "limit", depth: 0, type: "integer", required: false, constraints: ["1–10"] },
      { name: "score", depth: 0, type: "number | null", required: false, constraints: [] },
      { name: "include", depth: 0, type: "object", required: false, constraints: [] },
      { name: "include.tokens", depth: 1, type: "boolean", required: false, constraints: [] },
    ]);
  });

  it("follows $refs and names files and maps", () => {
    const resolve = (ref: string) => (ref === "#/components/schemas/Thing" ? json(z.object({ n: z.int().nonnegative() })) : undefined);
    expect(schemaRows({ $ref: "#/components/schemas/Thing" }, resolve)).toEqual([
      { name: "n", depth: 0, type: "integer", required: true, constraints: ["≥ 0"] },
    ]);
    expect(typeOf({ type: "string", contentMediaType: "application/octet-stream" }, none)).toBe("file");
    expect(typeOf(json(z.record(z.string(), z.number())), none)).toBe("map of number");
    expect(typeOf(json(z.array(z.literal("x"))), none)).toBe('"x"[]');
  });
});
