import fc from "fast-check";
import type { JsonSchema } from "./schema-arbitrary";

// Invalid variants of a valid value: one change at one place (a field, an item, the whole value), each a way a real
// client or an attacker gets a request wrong.

export const MUTATIONS = [
  "wrong-type",
  "drop-required",
  "extra-key",
  "out-of-range",
  "weird-string",
  "weird-number",
  "deep-nesting",
  "huge-string",
] as const;
export type Mutation = (typeof MUTATIONS)[number];

/** Strings that break careless code: NUL, lone surrogates, direction overrides, traversal, markup, SQL, numbers as text. */
export const WEIRD_STRINGS: readonly string[] = [
  "",
  " ",
  "\t\n\r",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "x\uDC00y",
  "\uDBFF\uDFFF",
  "\u202Egnp.exe",
  "\uFEFF",
  "\u2028\u2029",
  "e\u0301\u0301\u0301",
  "🙂👨‍👩‍👧‍👦",
  "../../../../etc/passwd",
  "..",
  ".",
  "%00",
  "%2e%2e%2f",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  '"; DROP TABLE "Pair"; --',
  "NaN",
  "Infinity",
  "-1",
  "1e999",
  "0x10",
  "true",
  "null",
  "undefined",
  "__proto__",
  "constructor",
  "model:",
  "model:..",
  "hybrid:",
  "a|b|c",
  "|||",
];

/** Numbers at the edges of what JSON and JavaScript represent (NaN and Infinity become `null` in JSON). */
export const WEIRD_NUMBERS: readonly number[] = [
  -1,
  -0,
  0.5,
  1.5,
  -1e308,
  1e308,
  5e-324,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  Number.NaN,
  Number.POSITIVE_INFINITY,
];

/** Values of other types than the schema's. */
const OTHER_TYPES: readonly unknown[] = [null, true, false, 0, -1, "", "x", [], {}, [null], { a: 1 }];

type Node = { path: (string | number)[]; schema: JsonSchema | undefined; value: unknown };

/** The schema of a child: a property's, an item's, or the first alternative that has one. */
function childSchema(schema: JsonSchema | undefined, key: string | number): JsonSchema | undefined {
  if (!schema) return undefined;
  for (const alt of [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    if (typeof key === "number" && alt.items) return alt.items;
    if (typeof key === "string" && alt.properties?.[key]) return alt.properties[key];
  }
  return undefined;
}

/** Every node of the value, the root first, with the schema that describes it (undefined where none does). */
export function listNodes(value: unknown, schema: JsonSchema | undefined): Node[] {
  const out: Node[] = [];
  const walk = (v: unknown, s: JsonSchema | undefined, path: (string | number)[]) => {
    out.push({ path, schema: s, value: v });
    if (path.length > 6) return;
    if (Array.isArray(v)) v.slice(0, 20).forEach((x, i) => walk(x, childSchema(s, i), [...path, i]));
    else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) walk(x, childSchema(s, k), [...path, k]);
  };
  walk(value, schema, []);
  return out;
}

function setAt(root: unknown, path: (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next;
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = next;
  return copy;
}

function deleteAt(root: unknown, path: (string | number)[]): unknown {
  const copy = structuredClone(root) as Record<string, unknown>;
  let node = copy;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string, unknown>;
  delete node[path[path.length - 1] as string];
  return copy;
}

/** JSON text of arrays and objects nested `depth` deep: `[{"a":[{"a":…1…}]}]` (too deep for JSON.stringify's stack to build). */
export function deepJson(depth: number): string {
  const open: string[] = [];
  const close: string[] = [];
  for (let i = 0; i < depth; i++) {
    open.push(i % 2 === 0 ? "[" : '{"a":');
    close.push(i % 2 === 0 ? "]" : "}");
  }
  return `${open.join("")}1${close.reverse().join("")}`;
}

/** Stands for `deepJson(depth)` inside a value; `toJsonText` writes it out. */
export const deepMarker = (depth: number) => `__fuzz_deep_${depth}__`;

/** JSON.stringify, with deep-nesting markers replaced by the nesting itself. */
export function toJsonText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const text = JSON.stringify(value);
  return text.replace(/"__fuzz_deep_(\d+)__"/g, (_, n: string) => deepJson(Number(n)));
}

/** The value one limit past the schema's (a string or array one too long, a number one past its bound). */
function pastLimit(node: Node, pick: number): unknown {
  const s = node.schema ?? {};
  const v = node.value;
  if (typeof v === "string") {
    if (s.maxLength !== undefined && s.maxLength < 300_000) return "a".repeat(s.maxLength + 1);
    if ((s.minLength ?? 0) > 0) return "a".repeat(s.minLength! - 1);
    return "";
  }
  if (Array.isArray(v)) {
    if (s.maxItems !== undefined && s.maxItems <= 10_000) return Array.from({ length: s.maxItems + 1 }, () => v[0] ?? null);
    return [];
  }
  if (typeof v === "number") {
    const bounds = [
      s.maximum !== undefined ? s.maximum + (pick % 2 === 0 ? 1 : 1e-6) : undefined,
      s.minimum !== undefined ? s.minimum - 1 : undefined,
      s.exclusiveMaximum,
      s.exclusiveMinimum,
      s.type === "integer" ? v + 0.5 : undefined,
    ].filter((x): x is number => x !== undefined);
    return bounds.length > 0 ? bounds[pick % bounds.length] : -1;
  }
  return OTHER_TYPES[pick % OTHER_TYPES.length];
}

export type MutatedValue = { value: unknown; mutation: Mutation; path: string };

/**
 * One invalid variant of `value` (valid for `schema`). `maxHuge` caps the huge strings: a query string longer than
 * Node's 16 kB header limit never reaches a handler (431), so query mutations stay under it.
 */
export function mutateArbitrary(
  value: unknown,
  schema: JsonSchema | undefined,
  { maxHuge = 1_100_000 }: { maxHuge?: number } = {},
): fc.Arbitrary<MutatedValue> {
  const nodes = listNodes(value, schema);
  return fc
    .record({
      node: fc.nat({ max: nodes.length - 1 }),
      mutation: fc.constantFrom(...MUTATIONS),
      pick: fc.nat({ max: 1_000 }),
      depth: fc.constantFrom(64, 1_000, 5_000),
      hugeLength: fc.constantFrom(...[2_000, 20_000, 300_000, 1_100_000].filter((n) => n <= maxHuge)),
    })
    .map(({ node: index, mutation, pick, depth, hugeLength }): MutatedValue => {
      const node = nodes[index]!;
      const path = node.path.join(".") || "(body)";
      switch (mutation) {
        case "wrong-type": {
          const others = OTHER_TYPES.filter((o) => typeof o !== typeof node.value || Array.isArray(o) !== Array.isArray(node.value));
          return { value: setAt(value, node.path, others[pick % others.length]), mutation, path };
        }
        case "drop-required": {
          // The required fields of the nearest object at or above the node.
          const objects = nodes.filter(
            (n) => n.value && typeof n.value === "object" && !Array.isArray(n.value) && (n.schema?.required?.length ?? 0) > 0,
          );
          const target = objects[pick % Math.max(objects.length, 1)];
          if (!target) return { value: setAt(value, node.path, undefined), mutation, path };
          const key = target.schema!.required![pick % target.schema!.required!.length]!;
          return { value: deleteAt(value, [...target.path, key]), mutation, path: [...target.path, key].join(".") };
        }
        case "extra-key": {
          const objects = nodes.filter((n) => n.value && typeof n.value === "object" && !Array.isArray(n.value));
          const target = objects[pick % Math.max(objects.length, 1)];
          const key = ["extra", "__proto__", "constructor", "", "id", "role", "admin"][pick % 7]!;
          if (!target) return { value: { [key]: 1 }, mutation, path: "(body)" };
          const next = { ...(target.value as Record<string, unknown>) };
          // JSON.parse makes "__proto__" an own key; so does defineProperty (a plain assignment would set the prototype).
          Object.defineProperty(next, key, { value: pick % 2 === 0 ? true : "x", enumerable: true, configurable: true, writable: true });
          return { value: setAt(value, target.path, next), mutation, path: [...target.path, key].join(".") };
        }
        case "out-of-range":
          return { value: setAt(value, node.path, pastLimit(node, pick)), mutation, path };
        case "weird-string":
          return { value: setAt(value, node.path, WEIRD_STRINGS[pick % WEIRD_STRINGS.length]), mutation, path };
        case "weird-number":
          return { value: setAt(value, node.path, WEIRD_NUMBERS[pick % WEIRD_NUMBERS.length]), mutation, path };
        case "deep-nesting":
          return { value: setAt(value, node.path, deepMarker(depth)), mutation, path };
        case "huge-string":
          return { value: setAt(value, node.path, "\u00e9x".repeat(Math.ceil(hugeLength / 2))), mutation, path };
      }
    });
}
