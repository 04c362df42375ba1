// What a compress request loads, followed through its imports: the request path (route → handler → scoring → engine)
// never climbs back up into evaluation code (lib/eval), and the engine and the schemas do not import each other both
// ways (schemas import the engine; the engine owns its types, the profile included).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

/** Import specifiers a file loads when it runs: static and dynamic imports and re-exports, not `import type`. */
function runtimeImportsOf(file: string): string[] {
  const src = readFileSync(path.join(root, file), "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
  const out: string[] = [];
  for (const m of src.matchAll(/(?:^|[\s;])(import|export)\s+(type\s+)?([^"';]*?\s+from\s+)?["']([^"']+)["']/g)) {
    const clause = m[3] ?? "";
    // `import type { … }`, and `import { type A, type B }` whose every name is a type, are erased.
    const names = clause.match(/\{([^}]*)\}/)?.[1];
    const typeOnly = !!m[2] || (names !== undefined && !/^[\s\w]*,/.test(clause) && names.split(",").every((n) => !n.trim() || /^\s*type\s/.test(n)));
    if (!typeOnly) out.push(m[4]!);
  }
  for (const m of src.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)) out.push(m[1]!);
  return out;
}

/** Every import specifier of a file, type imports included. */
function allImportsOf(file: string): string[] {
  const src = readFileSync(path.join(root, file), "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
  return [
    ...src.matchAll(/(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^"';]*?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g),
  ].map((m) => (m[1] ?? m[2])!);
}

function resolveLocal(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    const abs = path.join(root, candidate);
    if (existsSync(abs) && statSync(abs).isFile()) return candidate;
  }
  return null;
}

/** The files a module loads, each with the chain of imports that reached it. */
function reach(start: string): Map<string, string[]> {
  const chains = new Map<string, string[]>([[start, [start]]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const spec of runtimeImportsOf(file)) {
      const local = resolveLocal(file, spec);
      if (local && !chains.has(local)) {
        chains.set(local, [...chains.get(file)!, local]);
        queue.push(local);
      }
    }
  }
  return chains;
}

function sources(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(child);
    }
  };
  walk(dir);
  return out;
}

describe("the compress request path", () => {
  const loaded = reach("app/api/v1/compress/route.ts");

  it("is followed through its imports (the walk finds the engine and the scorers)", () => {
    expect(loaded.has("lib/server/scoring/score-result-set.ts")).toBe(true);
    expect(loaded.has("lib/engine/select-with-profile.ts")).toBe(true);
    expect(loaded.has("lib/engine/fidelity/selection-fidelity.ts")).toBe(true);
  });

  it("never loads evaluation code (lib/eval)", () => {
    const climbs = [...loaded].filter(([file]) => file.startsWith("lib/eval/")).map(([, chain]) => chain.join(" → "));
    expect(climbs).toEqual([]);
  });
});

describe("lib/engine and lib/schemas", () => {
  it("the engine imports nothing from the schemas (type imports included): no loop between the two", () => {
    const found = sources("lib/engine").flatMap((file) =>
      allImportsOf(file)
        .map((spec) => resolveLocal(file, spec))
        .filter((local): local is string => !!local && local.startsWith("lib/schemas/"))
        .map((local) => `${file} → ${local}`),
    );
    expect(found).toEqual([]);
  });

  it("the schemas import no evaluation code (lib/eval), type imports included", () => {
    const found = sources("lib/schemas").flatMap((file) =>
      allImportsOf(file)
        .map((spec) => resolveLocal(file, spec))
        .filter((local): local is string => !!local && local.startsWith("lib/eval/"))
        .map((local) => `${file} → ${local}`),
    );
    expect(found).toEqual([]);
  });
});
