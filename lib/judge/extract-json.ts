import type { ParseResult } from "./types";

const FENCE = /```[a-zA-Z0-9_-]*[ \t]*\r?\n?([\s\S]*?)```/;

/**
 * The first balanced JSON object or array in `s`, found by scanning brackets outside strings; null when none is
 * closed (a truncated reply).
 */
function findBalanced(s: string): string | null {
  const first = s.search(/[{[]/);
  if (first < 0) return null;
  const stack: string[] = [];
  let inString = false;
  for (let i = first; i < s.length; i++) {
    const c = s[i]!;
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === "{") stack.push("}");
    else if (c === "[") stack.push("]");
    else if (c === "}" || c === "]") {
      if (stack.pop() !== c) return null;
      if (stack.length === 0) return s.slice(first, i + 1);
    }
  }
  return null;
}

/** Removes commas directly before `}` or `]` (outside strings): the commonest hand-written JSON slip. */
function dropTrailingCommas(s: string): string {
  let out = "";
  let inString = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (inString) {
      out += c;
      if (c === "\\" && i + 1 < s.length) out += s[++i];
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    if (c === ",") {
      let j = i + 1;
      while (j < s.length && /\s/.test(s[j]!)) j++;
      if (s[j] === "}" || s[j] === "]") continue;
    }
    out += c;
  }
  return out;
}

/**
 * Extracts the JSON value from a model reply: tolerates a ```json fence, prose before or after the object and
 * trailing commas. Anything else (truncated, single quotes, comments) is an error naming what is wrong, which is
 * sent back to the model in the repair request.
 */
export function extractJson(reply: string): ParseResult<unknown> {
  const trimmed = reply.trim();
  if (!trimmed) return { ok: false, error: "the reply is empty; expected a JSON object" };
  const fenced = trimmed.match(FENCE)?.[1];
  const source = fenced !== undefined && /[{[]/.test(fenced) ? fenced : trimmed;
  const candidate = findBalanced(source);
  if (candidate === null) {
    return {
      ok: false,
      error: /[{[]/.test(source) ? "the JSON object is not closed (truncated or unbalanced brackets)" : "the reply contains no JSON object",
    };
  }
  try {
    return { ok: true, value: JSON.parse(dropTrailingCommas(candidate)) };
  } catch (e) {
    return { ok: false, error: `invalid JSON: ${(e as Error).message}` };
  }
}
