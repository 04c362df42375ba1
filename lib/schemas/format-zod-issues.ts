// zod issues → sentences a person can act on ("text must be a string", "Result 1: text is empty"), instead of
// zod's defaults ("Invalid input", "results.0.text: Invalid input: expected string, received number"). Client-safe.
import type { z } from "zod";

type Issue = z.core.$ZodIssue;
type Path = readonly PropertyKey[];

/**
 * Names the part of the input a path points into the way the user sees it: `label` replaces the leading part of the
 * path ("Result 1" for results[0]), `rest` is what stays a field name ("text"). undefined: no special name.
 */
export type FieldLabeler = (path: Path) => { label: string; rest: Path } | undefined;

export interface FormatZodOptions {
  /** The parsed value: tells a missing field ("text is required") from a wrong type ("text must be a string"). */
  input?: unknown;
  label?: FieldLabeler;
  /** Where the parsed value sits in a larger document, for naming only: ["value"] turns "start" into "value.start". */
  at?: Path;
  /** Sentences kept (default 5); the rest are counted ("… and 3 more"). */
  max?: number;
}

/** ["results", 0, "text"] → "results[0].text". */
export function formatPath(path: Path): string {
  let out = "";
  for (const p of path) {
    if (typeof p === "number") out += `[${p}]`;
    else out += out ? `.${String(p)}` : String(p);
  }
  return out;
}

// zod's own English messages: anything else was written by the schema's author and is kept.
const DEFAULT_MESSAGE =
  /^(Invalid input|Invalid option|Invalid discriminator|Too small|Too big|Invalid string|Invalid number|Invalid URL|Invalid email|Invalid UUID|Invalid key|Invalid element|Invalid value|Unrecognized key)/;

const TYPE_NAMES: Record<string, string> = {
  string: "a string",
  number: "a number",
  int: "an integer",
  bigint: "an integer",
  boolean: "true or false",
  array: "an array",
  object: "an object",
  date: "a date",
  null: "null",
  undefined: "absent",
  tuple: "an array",
  record: "an object",
  map: "a map",
  set: "a set",
  literal: "a fixed value",
};

function typeOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  if (typeof v === "number") return Number.isInteger(v) ? "a number" : "a decimal number";
  return TYPE_NAMES[typeof v] ?? typeof v;
}

function valueAt(input: unknown, path: Path): { found: boolean; value?: unknown } {
  let v = input;
  for (const p of path) {
    if (v === null || typeof v !== "object" || !(p in (v as object))) return { found: false };
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return { found: v !== undefined, value: v };
}

const show = (v: unknown) => (typeof v === "string" ? JSON.stringify(v) : String(v));
const plural = (n: number | bigint, one: string) => `${n} ${one}${Number(n) === 1 ? "" : "s"}`;

/** Is the issue about a field that is simply absent? */
function isMissing(issue: Issue, input: unknown, base: Path): boolean {
  if (issue.code !== "invalid_type") return false;
  if (input !== undefined) return !valueAt(input, [...base, ...issue.path]).found;
  return /received undefined$/.test(issue.message);
}

/** Of a union's branches, the one the input most likely meant: fewest missing fields, then fewest issues. */
function closestBranch(branches: readonly (readonly Issue[])[], input: unknown, base: Path): readonly Issue[] | undefined {
  let best: readonly Issue[] | undefined;
  let bestScore = Infinity;
  for (const issues of branches) {
    const score = issues.filter((i) => isMissing(i, input, base)).length * 1000 + issues.length;
    if (score < bestScore) {
      best = issues;
      bestScore = score;
    }
  }
  return best;
}

/** One issue (with `base`, the path of an enclosing union) → sentences. */
function describe(issue: Issue, base: Path, opts: FormatZodOptions, out: string[]): void {
  const path = [...base, ...issue.path];
  if (issue.code === "invalid_union" && issue.errors.length > 0) {
    const branch = closestBranch(issue.errors, opts.input, path);
    if (branch?.length) {
      for (const sub of branch) describe(sub, path, opts, out);
      return;
    }
  }
  if ((issue.code === "invalid_key" || issue.code === "invalid_element") && issue.issues.length > 0) {
    for (const sub of issue.issues) describe(sub, path, opts, out);
    return;
  }

  const shownPath = [...(opts.at ?? []), ...path];
  const named = opts.label?.(shownPath);
  const fieldPath = named ? named.rest : shownPath;
  const field = formatPath(fieldPath);
  // "Result 1: text must be a string", "text must be a string", "Result 1 must be an object", "must be an object".
  const say = (predicate: string) => {
    const subject = field || (named ? "" : "the value");
    const sentence = subject ? `${subject} ${predicate}` : predicate;
    out.push(named ? (field ? `${named.label}: ${sentence}` : `${named.label} ${predicate}`) : sentence);
  };

  if (!DEFAULT_MESSAGE.test(issue.message)) {
    // The schema's own words ("text is empty", "give exactly one of text, html and url") usually name the field.
    const last = fieldPath[fieldPath.length - 1];
    const namesField = typeof last === "string" && issue.message.startsWith(`${last} `);
    if (named) out.push(`${named.label}: ${issue.message}`);
    // "labels must not be empty" at value.labels → "value.labels must not be empty".
    else if (namesField) out.push(`${field}${issue.message.slice(String(last).length)}`);
    else out.push(field ? `${field}: ${issue.message}` : issue.message);
    return;
  }

  switch (issue.code) {
    case "invalid_type": {
      if (isMissing(issue, opts.input, base)) return say("is required");
      const expected = TYPE_NAMES[issue.expected] ?? issue.expected;
      const at = opts.input !== undefined ? valueAt(opts.input, path) : undefined;
      const received = at?.found ? typeOf(at.value) : /received (\w+)$/.exec(issue.message)?.[1];
      const got = received ? ` (got ${TYPE_NAMES[received] ?? received})` : "";
      return say(`must be ${expected}${got}`);
    }
    case "too_small": {
      const min = issue.minimum;
      const strict = issue.inclusive === false;
      if (issue.origin === "string")
        return say(Number(min) <= 1 && !strict ? "must not be empty" : `must be at least ${plural(min, "character")} long`);
      if (issue.origin === "array" || issue.origin === "set")
        return say(Number(min) <= 1 && !strict ? "must not be empty" : `must have at least ${plural(min, "item")}`);
      return say(`must be ${strict ? "greater than" : "at least"} ${min}`);
    }
    case "too_big": {
      const max = issue.maximum;
      const strict = issue.inclusive === false;
      if (issue.origin === "string") return say(`must be at most ${plural(max, "character")} long`);
      if (issue.origin === "array" || issue.origin === "set") return say(`must have at most ${plural(max, "item")}`);
      return say(`must be ${strict ? "less than" : "at most"} ${max}`);
    }
    case "invalid_value": {
      const values = issue.values.map(show);
      return say(values.length === 1 ? `must be ${values[0]}` : `must be one of ${values.join(", ")}`);
    }
    case "invalid_union": {
      // A discriminated union whose discriminator matched nothing.
      const options = (issue as { options?: unknown[] }).options;
      return say(options?.length ? `must be one of ${options.map(show).join(", ")}` : "does not match any allowed shape");
    }
    case "invalid_format":
      return say(issue.format === "regex" ? "has an invalid format" : `must be a valid ${issue.format === "url" ? "URL" : issue.format}`);
    case "not_multiple_of":
      return say(`must be a multiple of ${issue.divisor}`);
    case "unrecognized_keys": {
      const keys = issue.keys.map((k) => JSON.stringify(k)).join(", ");
      const what = issue.keys.length === 1 ? "unknown field" : "unknown fields";
      if (named) out.push(field ? `${named.label}: ${field} has ${what} ${keys}` : `${named.label}: ${what} ${keys}`);
      else out.push(field ? `${field} has ${what} ${keys}` : `${what} ${keys}`);
      return;
    }
    default:
      return say("is invalid");
  }
}

/** Every issue as a sentence (at most `max`, default 5, plus "… and N more"). */
export function formatZodIssues(error: z.ZodError | { issues: readonly Issue[] }, opts: FormatZodOptions = {}): string[] {
  const all: string[] = [];
  for (const issue of error.issues) describe(issue, [], opts, all);
  const unique = [...new Set(all)];
  const max = opts.max ?? 5;
  return unique.length > max ? [...unique.slice(0, max), `… and ${unique.length - max} more`] : unique;
}

/** The sentences on one line, "; "-separated: "text must be a string (got a number); id is required". */
export function formatZodError(error: z.ZodError | { issues: readonly Issue[] }, opts: FormatZodOptions = {}): string {
  return formatZodIssues(error, opts).join("; ");
}
