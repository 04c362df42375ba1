import fc from "fast-check";

// Values for a request from the JSON Schema zod writes for it (`z.toJSONSchema(schema, { io: "input" })`): what the
// API documents is what the fuzzer sends. Only the keywords zod emits for this project's schemas are read; an unknown
// schema is any JSON value.

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
};

/** `valid`: anything the schema allows, small; `boundary`: lengths, counts and numbers at their limits. */
export type ValueMode = "valid" | "boundary";

/**
 * Strings a field's name calls for: ids of rows that exist (`pairId`, `datasetId`…), method names, the actors'
 * emails. Without them a random id never finds a row and the handler's logic past its 404 is never run.
 */
export type FieldStrings = (key: string | undefined) => readonly string[] | undefined;

export type SchemaArbitraryOptions = { mode: ValueMode; fieldStrings?: FieldStrings };

/** Longest string or array the fuzzer builds from a schema's limits (a 5 MB result is the body-cap mutation's job). */
const MAX_BOUNDARY_STRING = 100_000;
const MAX_BOUNDARY_ITEMS = 5_000;
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** Hosts that never reach a network: loopback and private addresses (the fetcher's SSRF guard refuses them) and bad URLs. */
export const SAFE_URLS = [
  "http://127.0.0.1:9/page",
  "http://localhost:9/",
  "http://10.0.0.1/a",
  "http://[::1]:9/x",
  "http://169.254.169.254/latest/meta-data/",
  "https://192.168.0.1/index.html",
  "ftp://127.0.0.1/file.txt",
  "file:///etc/passwd",
  "javascript:alert(1)",
  "data:text/html,<p>hi</p>",
  "http://0.0.0.0:9/",
] as const;

const DATE_PATTERN = "^\\d{4}-\\d{2}-\\d{2}$";

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ["object"];
  if (schema.items) return ["array"];
  return [];
}

/** Printable text in many scripts, sometimes ASCII only; never shorter than `minLength` once trimmed. */
function textArb(minLength: number, maxLength: number): fc.Arbitrary<string> {
  const text = fc.oneof(
    fc.string({ unit: "grapheme-ascii", minLength, maxLength }),
    fc.string({ unit: "grapheme", minLength, maxLength }),
    fc
      .constantFrom("when did the bridge open?", "Boil the eggs", "Київ", "桥梁", "risotto alla milanese")
      .filter((s) => s.length >= minLength && s.length <= maxLength),
  );
  return minLength > 0 ? text.filter((s) => s.trim().length >= minLength) : text;
}

/** A string of exactly `length` UTF-16 units (ASCII, so bytes = units; no spaces, which a trimming schema drops). */
const exactly = (length: number) => fc.constantFrom("a", "Z", "7").map((c) => c.repeat(length));

function stringArb(schema: JsonSchema, key: string | undefined, opts: SchemaArbitraryOptions): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Infinity;
  const known = opts.fieldStrings?.(key);
  let own: fc.Arbitrary<string>;
  if (schema.pattern === DATE_PATTERN) {
    // Dates that exist and dates that only look like one (month 13, day 00, year 0000).
    own = fc.oneof(
      fc.date({ min: new Date("1970-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
      fc
        .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
        .map(([y, m, d]) => `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`),
    );
  } else if (schema.pattern) {
    const re = new RegExp(schema.pattern);
    own = fc.stringMatching(re).filter((s) => s.length >= min && s.length <= Math.min(max, 300));
  } else if (schema.format === "uri") {
    own = fc.constantFrom(...SAFE_URLS);
  } else if (opts.mode === "boundary" && (min > 0 || Number.isFinite(max))) {
    const edges = [min, ...(Number.isFinite(max) && max <= MAX_BOUNDARY_STRING ? [max] : [])];
    own = fc.constantFrom(...edges).chain(exactly);
  } else {
    own = textArb(min, Math.min(max, min + 40));
  }
  return known && known.length > 0 ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: own }) : own;
}

function integerArb(schema: JsonSchema, mode: ValueMode): fc.Arbitrary<number> {
  const min = Math.max(Math.ceil(schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? -1_000)), -MAX_SAFE);
  const max = Math.min(Math.floor(schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : (schema.maximum ?? 1_000_000)), MAX_SAFE);
  if (mode === "boundary") return fc.constantFrom(min, max, Math.min(min + 1, max), Math.max(max - 1, min));
  // Mostly small: versions, limits and offsets of real rows are small numbers.
  return fc.oneof({ weight: 3, arbitrary: fc.integer({ min, max: Math.min(max, Math.max(min, 0) + 20) }) }, fc.integer({ min, max }));
}

function numberArb(schema: JsonSchema, mode: ValueMode): fc.Arbitrary<number> {
  const lo = schema.exclusiveMinimum ?? schema.minimum ?? -1e6;
  const hi = schema.exclusiveMaximum ?? schema.maximum ?? 1e6;
  const minExcluded = schema.exclusiveMinimum !== undefined;
  const maxExcluded = schema.exclusiveMaximum !== undefined;
  if (mode === "boundary") {
    const tiny = 1e-9;
    return fc.constantFrom(minExcluded ? lo + tiny : lo, maxExcluded ? hi - tiny : hi);
  }
  return fc.double({ min: lo, max: hi, minExcluded, maxExcluded, noNaN: true, noDefaultInfinity: true });
}

function arrayArb(schema: JsonSchema, key: string | undefined, opts: SchemaArbitraryOptions): fc.Arbitrary<unknown[]> {
  const item = schemaArbitrary(schema.items ?? {}, opts, key);
  const min = schema.minItems ?? 0;
  const max = schema.maxItems ?? Infinity;
  if (opts.mode === "boundary") {
    const edges = [min, ...(Number.isFinite(max) && max <= MAX_BOUNDARY_ITEMS ? [max] : [])];
    // A long array of one repeated, small item: its length is the point (100 results of 100 kB each would be a
    // body-cap test, which the raw variant makes).
    const small = schemaArbitrary(schema.items ?? {}, { ...opts, mode: "valid" }, key);
    return fc.constantFrom(...edges).chain((n) => (n > 10 ? small : item).map((x) => Array.from({ length: n }, () => structuredClone(x))));
  }
  return fc.array(item, { minLength: min, maxLength: Math.min(max, min + 3) });
}

function objectArb(schema: JsonSchema, opts: SchemaArbitraryOptions): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(props).map(([k, s]) => [k, schemaArbitrary(s, opts, k)] as const);
  const model = Object.fromEntries(entries) as Record<string, fc.Arbitrary<unknown>>;
  if (opts.mode === "boundary") {
    // Every optional field, or none: the two ends of an object's shape.
    return fc
      .boolean()
      .chain((all) => fc.record(Object.fromEntries(entries.filter(([k]) => all || required.has(k))) as Record<string, fc.Arbitrary<unknown>>));
  }
  return fc.record(model, { requiredKeys: [...required].filter((k) => k in model) });
}

/** Any JSON value, small: what an unknown schema (`{}`) accepts. */
export const anyJsonArb: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 3 });

/** Values the schema accepts (`valid`), or that sit on its limits (`boundary`). `key` is the field's name. */
export function schemaArbitrary(schema: JsonSchema, opts: SchemaArbitraryOptions, key?: string): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => schemaArbitrary(s, opts, key)));
  const types = typesOf(schema);
  if (types.length === 0) return anyJsonArb;
  const arbs = types.map((t): fc.Arbitrary<unknown> => {
    switch (t) {
      case "string":
        return stringArb(schema, key, opts);
      case "integer":
        return integerArb(schema, opts.mode);
      case "number":
        return numberArb(schema, opts.mode);
      case "boolean":
        return fc.boolean();
      case "null":
        return fc.constant(null);
      case "array":
        return arrayArb(schema, key, opts);
      case "object":
        return objectArb(schema, opts);
      default:
        return anyJsonArb;
    }
  });
  return arbs.length === 1 ? arbs[0]! : fc.oneof(...arbs);
}
