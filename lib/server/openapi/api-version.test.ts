// The API's version in one place (lib/schemas/api-version.ts) and everywhere it is told: the OpenAPI document's
// info.version and description, the response header every /api path gets (next.config.ts), the changelog
// (docs/api-changelog.md), and the deprecated fields — exactly the ones the document marks deprecated.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import nextConfig from "@/next.config";
import { API_DEPRECATIONS, API_VERSION, API_VERSION_HEADER } from "@/lib/schemas/api-version";
import { buildOpenApiDocument, type JsonSchema } from "./build-openapi-document";

const root = path.resolve(import.meta.dirname, "../../..");
const doc = buildOpenApiDocument();

/** "Schema.field" of every property the document marks deprecated, at any depth of a component schema. */
function deprecatedFields(): string[] {
  const out: string[] = [];
  const walk = (schema: unknown, name: string, prefix: string) => {
    if (!schema || typeof schema !== "object") return;
    const s = schema as JsonSchema;
    for (const [key, prop] of Object.entries((s.properties as Record<string, JsonSchema> | undefined) ?? {})) {
      if (prop.deprecated === true) out.push(`${name}.${prefix}${key}`);
      walk(prop, name, `${prefix}${key}.`);
    }
    for (const k of ["items", "anyOf", "oneOf", "allOf"]) {
      const v = s[k];
      for (const sub of Array.isArray(v) ? v : v ? [v] : []) walk(sub, name, prefix);
    }
  };
  for (const [name, schema] of Object.entries(doc.components.schemas)) walk(schema, name, "");
  return out.sort();
}

describe("the API version", () => {
  it("is the OpenAPI document's info.version, and its description explains the header and the changelog", () => {
    expect(doc.info.version).toBe(API_VERSION);
    expect(doc.info.description).toContain(API_VERSION_HEADER);
    expect(doc.info.description).toContain("docs/api-changelog.md");
  });

  it("lists exactly the fields the document marks deprecated, each in the description with its removal date", () => {
    const found = deprecatedFields();
    expect(found.length).toBeGreaterThan(0);
    expect(API_DEPRECATIONS.map((d) => `${d.schema}.${d.field}`).sort()).toEqual(found);
    for (const d of API_DEPRECATIONS) expect(doc.info.description).toContain(`\`${d.schema}.${d.field}\` (since ${d.deprecatedIn})`);
    for (const d of API_DEPRECATIONS) expect(doc.info.description).toContain(`not before ${d.removalDate}`);
  });

  it("has a changelog entry, with every deprecated field and its removal date", () => {
    const changelog = readFileSync(path.join(root, "docs/api-changelog.md"), "utf8");
    expect(changelog).toMatch(new RegExp(`^## ${API_VERSION.replace(/\./g, "\\.")}\\b`, "m"));
    for (const d of API_DEPRECATIONS) {
      const row = changelog.split("\n").find((l) => l.startsWith(`| \`${d.field}\` | \`${d.schema}\``));
      expect(row, `${d.schema}.${d.field}`).toBeDefined();
      expect(row).toContain(d.removalDate);
    }
  });

  it("is sent on every /api response (next.config.ts headers)", async () => {
    const rules = (await nextConfig.headers?.()) ?? [];
    const api = rules.find((r) => r.source === "/api/:path*");
    expect(api?.headers).toContainEqual({ key: API_VERSION_HEADER, value: API_VERSION });
  });
});
