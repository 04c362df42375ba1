// What README.md and docs/*.md name must exist: every HTTP route in the OpenAPI document (or as an app page or
// route), every repository path on disk. Names written with placeholders (`<name>`, `*`, `…`) are not checked, nor
// paths git ignores (generated output such as lib/server/db/generated-pg/, there only after the step that makes it).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/server/openapi/build-openapi-document";

const root = path.join(import.meta.dirname, "..");
const DOCS = [
  "README.md",
  ...readdirSync(path.join(root, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];
const TOP_DIRS = ["app", "bin", "cli", "components", "docs", "e2e", "lib", "models", "prisma", "scripts", "tests"];

/** Every code span of a markdown file. */
function codeSpans(file: string): string[] {
  return [...readFileSync(path.join(root, file), "utf8").matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
}

/** `/a/b[/{id}]/x\|y?q=` → the concrete paths it names. */
function expandRoute(token: string): string[] {
  const bare = token
    .replace(/\[\?[^\]]*\]/g, "")
    .replace(/[?#].*$/, "")
    .replace(/[.,;:)]+$/, "")
    .replace(/\/:(\w+)/g, "/{$1}");
  const optional = /^(.*)\[([^\]]+)\](.*)$/.exec(bare);
  if (optional) return [...expandRoute(optional[1]! + optional[3]!), ...expandRoute(optional[1]! + optional[2]! + optional[3]!)];
  const alternatives = /^(.*\/)([^/]+\\\|[^/]+)$/.exec(bare);
  if (alternatives) return alternatives[2]!.split("\\|").map((alt) => alternatives[1]! + alt);
  return [bare];
}

function routeTokens(file: string): string[] {
  return codeSpans(file)
    .flatMap((span) => [...span.matchAll(/(?:^|[\s(])(\/(?:api\/|[a-z])[^\s`"')]*)/g)].map((m) => m[1]!))
    .filter((t) => !/[…*<>]/.test(t))
    .flatMap(expandRoute);
}

/** The URL of every app page and route handler: `(group)` folders dropped, `[id]` written `{id}`. */
function appUrls(dir = path.join(root, "app"), url = ""): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (!e.isDirectory()) return e.name === "page.tsx" || e.name === "route.ts" ? [url || "/"] : [];
    const segment = /^\(.*\)$/.test(e.name) ? "" : `/${e.name.replace(/^\[(\w+)\]$/, "{$1}")}`;
    return appUrls(path.join(dir, e.name), url + segment);
  });
}

describe("docs name only what exists", () => {
  const api = new Set(Object.keys(buildOpenApiDocument().paths ?? {}));
  const app = new Set(appUrls());

  it.each(DOCS)("every HTTP route in %s exists", (file) => {
    const missing = routeTokens(file).filter((t) => {
      if (t.startsWith("/api/")) return !api.has(t);
      const first = t.split("/")[1] ?? "";
      // Only paths under the app's own top-level pages; file-system paths (/usr/bin/…) are not routes.
      if (!existsSync(path.join(root, "app", first)) || first === "api") return false;
      return !app.has(t);
    });
    expect(missing).toEqual([]);
  });

  it.each(DOCS)("every repository path in %s exists", (file) => {
    const missing = codeSpans(file)
      .flatMap((span) => span.split(/[\s,()]+/))
      .map((t) => t.replace(/[.:;]+$/, "").replace(/#.*$/, ""))
      .filter((t) => TOP_DIRS.some((d) => t.startsWith(`${d}/`)) && !/[…*<>{}|]/.test(t) && !t.includes("="))
      .filter((t) => !existsSync(path.join(root, t)) && !ignoredByGit(t));
    expect(missing).toEqual([]);
  });
});

/** A path .gitignore covers (generated, so it may not exist yet on a clean clone). */
function ignoredByGit(file: string): boolean {
  return spawnSync("git", ["check-ignore", "-q", "--no-index", file], { cwd: root }).status === 0;
}
