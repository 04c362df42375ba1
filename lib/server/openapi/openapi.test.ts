// The OpenAPI document against the route handlers: every path and method of app/api is in it (and nothing else),
// each handler's guard, summary, body cap and the zod schemas it validates with are the ones its entry names, and the
// responses the service routes really send parse with the schemas the document gives for them.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOT_ALLOWED_HANDLER, ROUTE_METHODS } from "../http/method-not-allowed";
import { buildOpenApiDocument, type JsonSchema, type OpenApiDocument } from "./build-openapi-document";
import { API_OPERATIONS, type ApiOperation } from "./operations";

const root = path.resolve(import.meta.dirname, "../../..");
const modules = import.meta.glob<Record<string, unknown>>("/app/api/**/route.ts");

const isRefusal = (h: unknown) => typeof h === "function" && (h as unknown as Record<symbol, unknown>)[NOT_ALLOWED_HANDLER] === true;
/** "/app/api/v1/pairs/[id]/gold/route.ts" → "/api/v1/pairs/{id}/gold". */
const urlPathOf = (file: string) =>
  file
    .replace(/^\/app/, "")
    .replace(/\/route\.ts$/, "")
    .replace(/\[([^\].]+)\]/g, "{$1}");

interface RouteOperation {
  file: string;
  method: (typeof ROUTE_METHODS)[number];
  path: string;
}

async function routeOperations(): Promise<RouteOperation[]> {
  const out: RouteOperation[] = [];
  for (const [file, load] of Object.entries(modules)) {
    if (file.includes("[...")) continue; // the JSON 404 for unknown /api paths
    const handlers = await load();
    for (const method of ROUTE_METHODS) {
      if (typeof handlers[method] === "function" && !isRefusal(handlers[method])) out.push({ file, method, path: urlPathOf(file) });
    }
  }
  return out;
}

const key = (o: { method: string; path: string }) => `${o.method} ${o.path}`;
const operationFor = (r: RouteOperation) => API_OPERATIONS.find((o) => key(o) === key(r));

// ---------- reading a handler's source ----------

/** Local name → [module file, exported name] of a source file's named imports (`@/…` and relative ones). */
function importsOf(file: string, src: string): Map<string, [string, string]> {
  const out = new Map<string, [string, string]>();
  for (const m of src.matchAll(/^import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+"([^"]+)";/gm)) {
    const spec = m[2]!;
    const base = spec.startsWith("@/") ? path.join(root, spec.slice(2)) : spec.startsWith(".") ? path.resolve(path.dirname(file), spec) : null;
    const resolved = base && [`${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find((f) => existsSync(f));
    if (!resolved) continue;
    for (const part of m[1]!.split(",")) {
      const [exported, local] = part
        .replace(/^\s*type\s+/, "")
        .trim()
        .split(/\s+as\s+/);
      if (exported) out.set((local ?? exported).trim(), [resolved, exported.trim()]);
    }
  }
  return out;
}

async function resolveValue(imports: Map<string, [string, string]>, name: string, where: string): Promise<unknown> {
  const target = imports.get(name);
  if (!target) throw new Error(`${where}: ${name} is not imported from a project module`);
  const mod = (await import(/* @vite-ignore */ target[0])) as Record<string, unknown>;
  if (!(target[1] in mod)) throw new Error(`${where}: ${target[0]} does not export ${target[1]}`);
  return mod[target[1]];
}

/** The handler's part of a route file: from its `// METHOD /path – purpose` header to the next header or the 405s. */
function sectionOf(src: string, r: RouteOperation): { purpose: string; body: string } {
  const header = new RegExp(`^// ${r.method} ${r.path.replace(/[{}.]/g, "\\$&")} – (.+)$`, "m").exec(src);
  if (!header) throw new Error(`${r.file}: no "// ${r.method} ${r.path} – …" header`);
  const rest = src.slice(header.index + header[0].length);
  const end = rest.search(/^\/\/ (GET|POST|PUT|PATCH|DELETE) \/|^export const \{/m);
  return { purpose: header[1]!, body: end < 0 ? rest : rest.slice(0, end) };
}

/** `X.parse(arg` of anything but JSON: a schema; its role is the body when it parses what readJsonBody returned. */
const PARSE_CALL = /\b(?!JSON\b)(\w+)\.parse\(\s*(await readJsonBody\(|\w+\))?/g;

interface HandlerSchemas {
  params?: unknown;
  query: Set<unknown>;
  body: Set<unknown>;
}

/** The zod schemas a handler validates with, by role: `params:` of withAuth, `X.parse(await readJsonBody(…))`, request
 * readers (`readXRequest`, `parseXSearchParams`: the schemas their own module parses with), any other `X.parse(`. */
async function schemasOf(r: RouteOperation, section: string, imports: Map<string, [string, string]>): Promise<HandlerSchemas> {
  const where = `${r.method} ${r.path}`;
  const out: HandlerSchemas = { query: new Set(), body: new Set() };
  const params = /\bparams: (\w+)/.exec(section);
  if (params) out.params = await resolveValue(imports, params[1]!, where);
  const bodyVars = new Set([...section.matchAll(/\bconst (\w+) = await readJsonBody\(/g)].map((m) => m[1]!));
  for (const m of section.matchAll(PARSE_CALL)) {
    const isBody = m[2] !== undefined && (m[2].startsWith("await") || bodyVars.has(m[2].slice(0, -1)));
    (isBody ? out.body : out.query).add(await resolveValue(imports, m[1]!, where));
  }
  for (const m of section.matchAll(/\b(read\w*Request|parse\w*SearchParams)\(/g)) {
    const [readerFile] = imports.get(m[1]!) ?? [];
    if (!readerFile) throw new Error(`${where}: ${m[1]} is not imported from a project module`);
    const readerSrc = readFileSync(readerFile, "utf8");
    const readerImports = importsOf(readerFile, readerSrc);
    const readerModule = (await import(/* @vite-ignore */ readerFile)) as Record<string, unknown>;
    for (const p of readerSrc.matchAll(PARSE_CALL)) {
      const schema = p[1]! in readerModule ? readerModule[p[1]!] : await resolveValue(readerImports, p[1]!, `${where} (${m[1]})`);
      (m[1]!.startsWith("parse") ? out.query : out.body).add(schema);
    }
  }
  return out;
}

const guardOf = (section: string): ApiOperation["auth"] => {
  if (/\bwithApiKey\(/.test(section)) return { kind: "apiKey" };
  const auth = /\bwithAuth\(\{([^}]*)\}/.exec(section);
  if (auth) {
    const permission = /permission: "([^"]+)"/.exec(auth[1]!)?.[1];
    return { kind: "session", ...(permission ? { permission } : {}) } as ApiOperation["auth"];
  }
  if (/\bhandleRoute\(/.test(section)) return { kind: "public" };
  throw new Error("no withApiKey, withAuth or handleRoute");
};

// ---------- the tests ----------

let served: OpenApiDocument;
let prevKeys: string | undefined;
beforeAll(async () => {
  prevKeys = process.env.SNIPPET_LAB_API_KEYS;
  delete process.env.SNIPPET_LAB_API_KEYS;
  const { GET } = await import("@/app/api/v1/openapi.json/route");
  const res = await GET(new Request("http://127.0.0.1/api/v1/openapi.json"), undefined);
  expect(res.status).toBe(200);
  served = (await res.json()) as OpenApiDocument;
});
afterAll(() => {
  if (prevKeys !== undefined) process.env.SNIPPET_LAB_API_KEYS = prevKeys;
});

describe("the OpenAPI document and the route handlers", () => {
  it("lists exactly the operations app/api implements", async () => {
    const routes = (await routeOperations()).map(key).sort();
    expect(routes.length).toBeGreaterThan(30);
    expect(API_OPERATIONS.map(key).sort()).toEqual(routes);
    const documented = Object.entries(served.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`));
    expect(documented.sort()).toEqual(routes);
    expect(new Set(API_OPERATIONS.map((o) => o.operationId)).size).toBe(API_OPERATIONS.length);
  });

  it("is the document the builder makes, every $ref resolving", () => {
    expect(served).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
    expect(served.openapi).toBe("3.1.0");
    const refs = [...JSON.stringify(served).matchAll(/"\$ref":"#\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of new Set(refs)) {
      const target = ref.split("/").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], served);
      expect(target, ref).toBeDefined();
    }
  });

  it("each handler's summary, guard, body cap, success statuses and schemas are its entry's", async () => {
    const problems: string[] = [];
    for (const r of await routeOperations()) {
      const op = operationFor(r);
      if (!op) continue; // the first test reports it
      const where = key(r);
      const file = path.join(root, r.file);
      const src = readFileSync(file, "utf8");
      const { purpose, body: section } = sectionOf(src, r);
      const check = (ok: boolean, what: string) => ok || problems.push(`${where}: ${what}`);

      check(purpose === op.summary, `summary "${op.summary}" ≠ header "${purpose}"`);
      const guard = guardOf(section);
      check(JSON.stringify(guard) === JSON.stringify(op.auth), `auth ${JSON.stringify(op.auth)} ≠ handler ${JSON.stringify(guard)}`);
      const limit = /maxBytes: BODY_LIMITS\.(\w+)/.exec(section)?.[1];
      check(limit === op.bodyLimit, `bodyLimit ${op.bodyLimit} ≠ handler ${limit}`);
      check(/emptyAs: \{\}/.test(section) === !!op.emptyBody, `emptyBody ${!!op.emptyBody} ≠ handler`);
      const statuses = [...section.matchAll(/\bstatus: ([^,}]+)/g)].flatMap((m) => [...m[1]!.matchAll(/\b([23]\d\d)\b/g)].map((s) => Number(s[1])));
      const documented = op.responses.map((x) => x.status);
      check(
        statuses.every((s) => documented.includes(s as never)) && documented.every((s) => s === 200 || statuses.includes(s)),
        `success statuses ${documented} ≠ handler ${statuses}`,
      );

      const used = await schemasOf(r, section, importsOf(file, src));
      check(used.params === op.params, "params schema is not the handler's");
      check(used.query.size === (op.query ? 1 : 0) && (!op.query || used.query.has(op.query)), "query schema is not the handler's");
      const bodies = new Set([op.body, op.form?.schema].filter(Boolean));
      check(used.body.size === bodies.size && [...bodies].every((b) => used.body.has(b)), "body schema is not the handler's");
    }
    expect(problems).toEqual([]);
  });

  it("each operation carries its schemas as generated from zod", () => {
    const strip = (s: JsonSchema) => {
      const { $schema: _dialect, ...rest } = s;
      return rest;
    };
    const components = served.components.schemas;
    for (const op of API_OPERATIONS) {
      const doc = served.paths[op.path]![op.method.toLowerCase() as "get"]!;
      expect(doc.summary).toBe(op.summary);
      const names = (s?: z.ZodObject) => Object.keys(s?.shape ?? {});
      const documentedParams = (where: string) => (doc.parameters ?? []).filter((p) => p.in === where).map((p) => p.name);
      expect(documentedParams("path"), key(op)).toEqual(names(op.params));
      expect(documentedParams("query"), key(op)).toEqual([...names(op.query), ...(op.form?.raw ? names(op.form.schema) : [])]);
      const body = doc.requestBody?.content["application/json"]?.schema as { $ref?: string } | undefined;
      if (op.body) {
        expect(body?.$ref, key(op)).toMatch(/^#\/components\/schemas\//);
        expect(components[body!.$ref!.split("/").pop()!]).toEqual(strip(z.toJSONSchema(op.body, { io: "input" }) as JsonSchema));
      } else expect(body, key(op)).toBeUndefined();
      for (const r of op.responses) {
        const schema = (doc.responses[String(r.status)] as { content?: Record<string, { schema?: { $ref?: string } }> }).content?.["application/json"]
          ?.schema;
        if (r.schema) expect(components[schema!.$ref!.split("/").pop()!]).toEqual(strip(z.toJSONSchema(r.schema, { io: "output" }) as JsonSchema));
        else if (!r.contentTypes) expect(schema, `${key(op)} ${r.status}`).toBeUndefined();
      }
    }
  });
});

describe("documented responses are what the service routes send", () => {
  /** Parses with the documented schema: a missing field throws, an undocumented one is stripped and fails the equality. */
  const expectDocumented = (path: string, method: string, body: unknown) => {
    const op = API_OPERATIONS.find((o) => o.path === path && o.method === method)!;
    const schema = op.responses.find((r) => r.status === 200)!.schema!;
    expect(schema.parse(body)).toEqual(body);
  };

  it("GET /api/v1/models", async () => {
    const { GET } = await import("@/app/api/v1/models/route");
    const res = await GET(new Request("http://127.0.0.1/api/v1/models"), undefined);
    expect(res.status).toBe(200);
    expectDocumented("/api/v1/models", "GET", await res.json());
  });

  it("POST /api/v1/compress, with and without include.tokens", async () => {
    const { POST } = await import("@/app/api/v1/compress/route");
    for (const include of [{ tokens: true }, undefined]) {
      const req = {
        query: "when did the bridge open?",
        results: [{ id: "a", html: "<h1>Bridge</h1><p>The bridge opened in 1932. It is 1,149 m long.</p>" }, { text: "Unrelated text." }],
        model: "bm25",
        preset: "low",
        ...(include ? { include } : {}),
      };
      const res = await POST(new Request("http://127.0.0.1/api/v1/compress", { method: "POST", body: JSON.stringify(req) }), undefined);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.results[0].spans.length).toBeGreaterThan(0);
      expectDocumented("/api/v1/compress", "POST", body);
    }
  });
});
