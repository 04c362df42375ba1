// A JSON Schema (as the OpenAPI document carries it) flattened into the rows of a field table for /api-docs:
// nested objects and array items become `parent.child` and `list[].child` rows.

export type JsonSchema = { [key: string]: unknown };

export interface SchemaRow {
  /** `query`, `results[].text`, `include.tokens`; empty for the schema itself when it is not an object. */
  name: string;
  depth: number;
  type: string;
  required: boolean;
  /** "1–200 chars", "≥ 0", "default `mine`", "no other fields"… */
  constraints: string[];
  description?: string;
}

/** JSON Schema's "no upper bound" for a safe integer: not worth a line. */
const SAFE_MAX = Number.MAX_SAFE_INTEGER;

const str = (v: unknown) => (typeof v === "string" ? v : undefined);
const num = (v: unknown) => (typeof v === "number" ? v : undefined);
const literal = (v: unknown) => JSON.stringify(v);

function range(min: number | undefined, max: number | undefined, unit: string): string | undefined {
  const lo = min !== undefined && min > -SAFE_MAX ? min.toLocaleString("en") : undefined;
  const hi = max !== undefined && max < SAFE_MAX ? max.toLocaleString("en") : undefined;
  const u = unit ? ` ${unit}` : "";
  if (lo !== undefined && hi !== undefined) return lo === hi ? `exactly ${lo}${u}` : `${lo}–${hi}${u}`;
  if (lo !== undefined) return unit ? `at least ${lo}${u}` : `≥ ${lo}`;
  if (hi !== undefined) return unit ? `at most ${hi}${u}` : `≤ ${hi}`;
  return undefined;
}

function constraintsOf(s: JsonSchema): string[] {
  const out = [
    range(num(s.minLength), num(s.maxLength), "chars"),
    range(num(s.minimum), num(s.maximum), ""),
    num(s.exclusiveMinimum) !== undefined ? `> ${s.exclusiveMinimum}` : undefined,
    num(s.exclusiveMaximum) !== undefined ? `< ${s.exclusiveMaximum}` : undefined,
    range(num(s.minItems), num(s.maxItems), "items"),
    str(s.format),
    // A format (date-time) says what its generated pattern spells out.
    str(s.pattern) && !str(s.format) ? `pattern \`${s.pattern}\`` : undefined,
    "default" in s ? `default \`${literal(s.default)}\`` : undefined,
    s.additionalProperties === false && s.properties ? "no other fields" : undefined,
  ];
  return out.filter((c): c is string => c !== undefined);
}

/** The schema behind `$ref`s, and the parts of a union (a nullable value is its type plus "null"). */
function deref(s: JsonSchema, resolve: (ref: string) => JsonSchema | undefined): JsonSchema {
  let cur = s;
  for (let i = 0; i < 10 && typeof cur.$ref === "string"; i++) cur = resolve(cur.$ref) ?? {};
  return cur;
}

export function typeOf(s: JsonSchema, resolve: (ref: string) => JsonSchema | undefined): string {
  const t = deref(s, resolve);
  if (Array.isArray(t.enum)) return t.enum.map(literal).join(" | ");
  if ("const" in t) return literal(t.const);
  const union = (t.anyOf ?? t.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(union)) return union.map((u) => typeOf(u, resolve)).join(" | ");
  if (typeof t.contentMediaType === "string" && t.type === "string") return "file";
  if (Array.isArray(t.type)) return t.type.join(" | ");
  if (t.type === "array") return `${t.items ? typeOf(t.items as JsonSchema, resolve) : "any"}[]`;
  if (t.type === "object" && !t.properties && t.additionalProperties && typeof t.additionalProperties === "object") {
    return `map of ${typeOf(t.additionalProperties as JsonSchema, resolve)}`;
  }
  return typeof t.type === "string" ? t.type : "any";
}

/** The object a value holds, if any: itself, its items (arrays, nested), or the object member of a nullable union. */
function objectInside(s: JsonSchema, resolve: (ref: string) => JsonSchema | undefined): { schema: JsonSchema; suffix: string } | null {
  const t = deref(s, resolve);
  if (t.properties && typeof t.properties === "object") return { schema: t, suffix: "" };
  if (t.type === "array" && t.items) {
    const inner = objectInside(t.items as JsonSchema, resolve);
    return inner ? { schema: inner.schema, suffix: `[]${inner.suffix}` } : null;
  }
  const union = (t.anyOf ?? t.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(union)) {
    const objects = union.map((u) => objectInside(u, resolve)).filter((o) => o !== null);
    if (objects.length === 1) return objects[0]!;
  }
  return null;
}

/** One value's type, constraints and description (a parameter, or a body that is not an object). */
export function summarize(schema: JsonSchema, resolve: (ref: string) => JsonSchema | undefined): Omit<SchemaRow, "name" | "depth" | "required"> {
  const t = deref(schema, resolve);
  const description = str(schema.description) ?? str(t.description);
  return { type: typeOf(schema, resolve), constraints: constraintsOf(t), ...(description ? { description } : {}) };
}

/** Rows for every field of `schema` (depth-first, in declaration order). */
export function schemaRows(schema: JsonSchema, resolve: (ref: string) => JsonSchema | undefined): SchemaRow[] {
  const rows: SchemaRow[] = [];
  const visit = (s: JsonSchema, prefix: string, depth: number, seen: Set<JsonSchema>) => {
    const obj = objectInside(s, resolve);
    if (!obj || seen.has(obj.schema)) return;
    const required = new Set((obj.schema.required as string[] | undefined) ?? []);
    for (const [key, raw] of Object.entries(obj.schema.properties as Record<string, JsonSchema>)) {
      const prop = deref(raw, resolve);
      const name = `${prefix}${obj.suffix}${prefix || obj.suffix ? "." : ""}${key}`.replace(/^\./, "");
      const description = str(raw.description) ?? str(prop.description);
      rows.push({
        name,
        depth,
        type: typeOf(raw, resolve),
        required: required.has(key),
        constraints: constraintsOf(prop),
        ...(description ? { description } : {}),
      });
      visit(prop, name, depth + 1, new Set([...seen, obj.schema]));
    }
  };
  const top = deref(schema, resolve);
  if (!objectInside(top, resolve)) return [{ name: "", depth: 0, required: true, ...summarize(schema, resolve) }];
  visit(top, "", 0, new Set());
  return rows;
}
