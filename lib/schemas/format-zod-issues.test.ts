import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createPairInputSchema, pairInputFieldLabel } from "./datasets";
import { formatPath, formatZodError, formatZodIssues } from "./format-zod-issues";

// The shape of a JSONL import line (lib/data/read-jsonl.ts): one example with text/html, or a results list.
const documentFields = {
  title: z.string().optional(),
  url: z.string().optional(),
  text: z.string().min(1).optional(),
  html: z.string().min(1).optional(),
};
const lineSchema = z.union([
  z.object({ id: z.string().min(1), query: z.string().min(1), results: z.array(z.object({ id: z.string().min(1), ...documentFields })).min(1) }),
  z
    .object({ id: z.string().min(1), query: z.string().min(1), ...documentFields, evidence: z.array(z.object({ text: z.string().min(1) })).min(1) })
    .refine((d) => (d.text === undefined) !== (d.html === undefined), "exactly one of text and html is required"),
]);
const fmt = (schema: z.ZodType, input: unknown, opts: Parameters<typeof formatZodError>[1] = {}) => {
  const r = schema.safeParse(input);
  if (r.success) throw new Error("expected a failure");
  return formatZodError(r.error, { input, ...opts });
};

describe("formatZodError", () => {
  it("a union reports the branch the input meant: '\"text\": 42' is 'text must be a string', not 'Invalid input'", () => {
    const line = { id: "a", query: "q", text: 42, evidence: [{ text: "x" }] };
    expect(fmt(lineSchema, line)).toBe("text must be a string (got a number)");
    // Without the input, zod's message still gives the received type.
    const r = lineSchema.safeParse(line);
    expect(formatZodError(r.error!)).toBe("text must be a string (got a number)");
    expect(fmt(lineSchema, { id: "a", query: "q", results: [{ id: "r", text: "" }] })).toBe("results[0].text must not be empty");
    expect(fmt(lineSchema, { id: "b", query: 5, text: "t", evidence: [{ text: "t" }] })).toBe("query must be a string (got a number)");
    expect(fmt(lineSchema, { id: "b", query: "q", evidence: [{ text: "t" }] })).toBe("exactly one of text and html is required");
  });

  it("missing fields, enums, sizes, formats, unknown keys", () => {
    const schema = z.strictObject({
      name: z.string(),
      kind: z.enum(["a", "b"]),
      n: z.int().min(1).max(10),
      tags: z.array(z.string()).max(2),
      url: z.string().url(),
      short: z.string().max(3),
    });
    const input = { kind: "c", n: 11, tags: ["x", "y", "z"], url: "nope", short: "long", extra: 1 };
    expect(formatZodIssues(schema.safeParse(input).error!, { input, max: 10 })).toEqual([
      "name is required",
      'kind must be one of "a", "b"',
      "n must be at most 10",
      "tags must have at most 2 items",
      "url must be a valid URL",
      "short must be at most 3 characters long",
      'unknown field "extra"',
    ]);
    expect(fmt(z.object({ n: z.int() }), { n: 1.5 })).toBe("n must be an integer (got a decimal number)");
    expect(fmt(z.object({ a: z.object({ b: z.string() }) }), { a: null })).toBe("a must be an object (got null)");
    expect(fmt(z.string(), 3)).toBe("the value must be a string (got a number)");
    expect(fmt(z.object({ start: z.int() }), { start: "x" }, { at: ["value"] })).toBe("value.start must be a number (got a string)");
  });

  it("keeps the schema's own words and limits the list", () => {
    expect(fmt(z.object({ query: z.string().min(1, "query is required") }), { query: "" })).toBe("query is required");
    expect(fmt(z.object({ a: z.string().min(1, "must be filled in") }), { a: "" })).toBe("a: must be filled in");
    const many = z.object(Object.fromEntries("abcdefg".split("").map((k) => [k, z.string()])));
    expect(fmt(many, {})).toBe("a is required; b is required; c is required; d is required; e is required; … and 2 more");
    expect(formatPath(["results", 0, "evidence", 2, "text"])).toBe("results[0].evidence[2].text");
  });

  it("names new-pair fields as the form shows them ('Result 1: text is empty')", () => {
    const input = {
      query: "",
      results: [{ text: "" }, { text: "ok", html: "<p>x</p>" }, { url: "not a url" }, { text: "\u0001\u0002\u0003\u0004" }],
    };
    expect(fmt(createPairInputSchema, input, { label: pairInputFieldLabel, max: 10 }).split("; ")).toEqual([
      "query is required",
      "Result 1: text is empty",
      "Result 2: give exactly one of text, html and url",
      "Result 3: not a valid URL",
      "Result 4: looks like binary data, not text",
    ]);
    expect(fmt(createPairInputSchema, { query: "q", results: [{ text: 3 }] }, { label: pairInputFieldLabel })).toBe(
      "Result 1: text must be a string (got a number)",
    );
    expect(fmt(createPairInputSchema, { query: "q", results: [7] }, { label: pairInputFieldLabel })).toBe(
      "Result 1 must be an object (got a number)",
    );
  });
});
