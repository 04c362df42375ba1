// The fuzzer's generator is faithful to the schemas it reads: what it calls valid parses, what it puts on the limits
// sits exactly on them, and its mutations of a strict schema's values are refused by that schema.
import fc from "fast-check";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { acceptSuggestionsRequestSchema, saveAnnotationRequestSchema } from "@/lib/schemas/annotation";
import { idParamsSchema } from "@/lib/schemas/ids";
import { listJobsQuerySchema } from "@/lib/schemas/jobs";
import { scoreRequestSchema } from "@/lib/schemas/scoring";
import { deepJson, mutateArbitrary, toJsonText } from "./mutate-value";
import { schemaArbitrary, type JsonSchema } from "./schema-arbitrary";

const jsonSchema = (s: z.ZodType) => z.toJSONSchema(s, { io: "input" }) as JsonSchema;

describe("schemaArbitrary", () => {
  it.each([
    ["idParams", idParamsSchema],
    ["listJobs query", listJobsQuerySchema],
    ["scorePairs body", scoreRequestSchema],
    ["acceptSuggestions body", acceptSuggestionsRequestSchema],
    ["saveAnnotation body", saveAnnotationRequestSchema],
  ] as const)("valid and boundary values of the %s schema parse with it", (_, schema) => {
    const json = jsonSchema(schema);
    for (const mode of ["valid", "boundary"] as const) {
      fc.assert(
        fc.property(schemaArbitrary(json, { mode }), (v) => {
          const r = schema.safeParse(v);
          expect(r.success, `${JSON.stringify(v).slice(0, 200)}: ${r.error?.message}`).toBe(true);
        }),
        { numRuns: 60, seed: 7 },
      );
    }
  });

  it("puts boundary strings and numbers exactly on their limits, and prefers a field's known strings", () => {
    const lengths = new Set(
      fc
        .sample(schemaArbitrary({ type: "string", minLength: 1, maxLength: 200 }, { mode: "boundary" }), { seed: 1, numRuns: 50 })
        .map((s) => (s as string).length),
    );
    expect([...lengths].sort((a, b) => a - b)).toEqual([1, 200]);
    const ints = new Set(fc.sample(schemaArbitrary({ type: "integer", minimum: 1, maximum: 100 }, { mode: "boundary" }), { seed: 1, numRuns: 50 }));
    expect([...ints].sort((a, b) => (a as number) - (b as number))).toEqual([1, 2, 99, 100]);
    const ids = fc.sample(
      schemaArbitrary({ type: "string" }, { mode: "valid", fieldStrings: (k) => (k === "pairId" ? ["p1"] : undefined) }, "pairId"),
      { seed: 1, numRuns: 100 },
    );
    expect(ids.filter((s) => s === "p1").length).toBeGreaterThan(50);
  });
});

describe("mutateArbitrary", () => {
  it("a wrong type, a dropped required field or an extra key makes a strict schema refuse the value", () => {
    const json = jsonSchema(acceptSuggestionsRequestSchema);
    const refusing = new Set(["wrong-type", "drop-required", "extra-key"]);
    let seen = 0;
    fc.assert(
      fc.property(
        schemaArbitrary(json, { mode: "valid" }).chain((v) => mutateArbitrary(v, json)),
        (m) => {
          if (!refusing.has(m.mutation)) return;
          seen++;
          const parsed = acceptSuggestionsRequestSchema.safeParse(JSON.parse(toJsonText(m.value) ?? "null"));
          expect(parsed.success, `${m.mutation} at ${m.path}: ${toJsonText(m.value)?.slice(0, 200)}`).toBe(false);
        },
      ),
      { numRuns: 200, seed: 3 },
    );
    expect(seen).toBeGreaterThan(40);
  });

  it("writes deep nesting as JSON text JSON.stringify could not build", () => {
    const text = toJsonText({ a: "__fuzz_deep_5000__" })!;
    expect(text.length).toBeGreaterThan(5000 * 3);
    expect(text.startsWith('{"a":[{"a":[')).toBe(true);
    expect(() => JSON.parse(deepJson(64))).not.toThrow();
  });
});
