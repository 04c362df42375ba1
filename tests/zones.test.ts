// The three zones of docs/architecture.md, checked on the import graph of the sources:
//   1. pure domain logic in lib/ (outside lib/server): no React, Next, Prisma, onnxruntime, openai or server code;
//   2. server code in lib/server: every file starts with `import "server-only"` (the CLI and scripts run node with
//      the react-server condition, where it is a no-op);
//   3. React in components/ and app/: a client component ("use client") and everything it imports, type imports
//      included, stays out of lib/server and away from server-only packages.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const SKIP_DIRS = new Set(["node_modules", ".next", "generated", "generated-pg", "models", "data", "test-results", "playwright-report"]);
const isTest = (f: string) => /\.(test|spec)\.tsx?$/.test(f) || f.includes("/test-support/") || /(^|\/)test-(helpers|fixtures)\.ts$/.test(f);

function listSources(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name)) walk(child);
      } else if (/\.tsx?$/.test(entry.name) && !isTest(child)) out.push(child);
    }
  };
  walk(dir);
  return out.sort();
}

const SPEC = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^"';]*?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** Import specifiers of a file (static, re-exports, dynamic), comments stripped. */
function importsOf(file: string): string[] {
  const src = readFileSync(path.join(root, file), "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
  return [...src.matchAll(SPEC)].map((m) => (m[1] ?? m[2])!);
}

/** A repo-relative file for "@/…" and relative specifiers; null for packages. */
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

const isServerFile = (f: string) => f.startsWith("lib/server/");
const PURE_FORBIDDEN_PACKAGES = /^(react|react-dom|next|@prisma\/|onnxruntime-node|openai|server-only|pg|better-sqlite3)(\/|$)/;
const CLIENT_FORBIDDEN_PACKAGES = /^(server-only|next\/headers|@prisma\/|onnxruntime-node|openai|pg|better-sqlite3|node:)/;

const libFiles = listSources("lib");
const pureFiles = libFiles.filter((f) => !isServerFile(f));
const serverFiles = libFiles.filter(isServerFile);
const reactFiles = [...listSources("components"), ...listSources("app")];

describe("zones", () => {
  it("finds the sources", () => {
    expect(pureFiles.length).toBeGreaterThan(100);
    expect(serverFiles.length).toBeGreaterThan(100);
    expect(reactFiles.length).toBeGreaterThan(50);
  });

  it("pure lib/ imports neither lib/server nor React, Next, Prisma, onnxruntime or openai", () => {
    const problems: string[] = [];
    for (const f of pureFiles) {
      for (const spec of importsOf(f)) {
        const local = resolveLocal(f, spec);
        if (local && isServerFile(local)) problems.push(`${f} → ${local}`);
        if (!local && PURE_FORBIDDEN_PACKAGES.test(spec)) problems.push(`${f} → ${spec}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("every file in lib/server is server-only", () => {
    const missing = serverFiles.filter((f) => !/^import "server-only";$/m.test(readFileSync(path.join(root, f), "utf8")));
    expect(missing).toEqual([]);
  });

  it("client components and everything they import stay out of lib/server", () => {
    const clientRoots = reactFiles.filter((f) => /^\s*["']use client["']/.test(readFileSync(path.join(root, f), "utf8")));
    expect(clientRoots.length).toBeGreaterThan(20);
    const problems: string[] = [];
    const seen = new Map<string, string>(); // file → the client root that reached it
    const queue = clientRoots.map((f) => [f, f] as const);
    while (queue.length > 0) {
      const [file, via] = queue.shift()!;
      if (seen.has(file)) continue;
      seen.set(file, via);
      for (const spec of importsOf(file)) {
        const local = resolveLocal(file, spec);
        if (local && isServerFile(local)) problems.push(`${file} → ${local} (client via ${via})`);
        else if (local) queue.push([local, via]);
        else if (CLIENT_FORBIDDEN_PACKAGES.test(spec)) problems.push(`${file} → ${spec} (client via ${via})`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("client-safe schemas live in lib/schemas, not in the server zone", () => {
    // Zod schemas a component or pure module could want: lib/server holds none that those import (checked above),
    // and lib/schemas imports nothing from lib/server.
    for (const f of listSources("lib/schemas")) {
      for (const spec of importsOf(f)) expect(resolveLocal(f, spec) ?? spec, f).not.toMatch(/^lib\/server\//);
    }
  });
});
