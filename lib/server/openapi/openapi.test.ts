// The OpenAPI document against the route handlers: every handler under app/api is built by defineRoute from its
// API_OPERATIONS entry (so its guard, parameters, body schema and cap are the entry's), every operation is exported by
// exactly one route module under its own path and method, the document has every operation, and the responses the
// service routes really send parse with the schemas the document gives for them.
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTE_OPERATION } from "../http/define-route";
import { NOT_ALLOWED_HANDLER, ROUTE_METHODS } from "../http/method-not-allowed";
import { buildOpenApiDocument, type JsonSchema, type OpenApiDocument } from "./build-openapi-document";
import { API_OPERATIONS, OPERATIONS, type ApiOperation } from "./operations";

const modules = import.meta.glob<Record<string, unknown>>("/app/api/**/route.ts");

const isRefusal = (h: unknown) => typeof h === "function" && (h as unknown as Record<symbol, unknown>)[NOT_ALLOWED_HANDLER] === true;
/** "/app/api/v1/pairs/[id]/gold/route.ts" → "/api/v1/pairs/{id}/gold". */
const urlPathOf = (file: string) =>
  file
    .replace(/^\/app/, "")
    .replace(/\/route\.ts$/, "")
    .replace(/\[([^\].]+)\]/g, "{$1}");

interface RouteExport {
  file: string;
  method: (typeof ROUTE_METHODS)[number];
  /** The operation defineRoute built the handler from (undefined: not built by defineRoute). */
  operation: ApiOperation | undefined;
}

/** Every method a route module under app/api implements (its 405 refusals aside), with its handler's operation. */
async function routeExports(): Promise<RouteExport[]> {
  const out: RouteExport[] = [];
  for (const [file, load] of Object.entries(modules)) {
    if (file.includes("[...")) continue; // the JSON 404 for unknown /api paths
    const handlers = await load();
    for (const method of ROUTE_METHODS) {
      const handler = handlers[method];
      if (typeof handler !== "function" || isRefusal(handler)) continue;
      out.push({ file, method, operation: (handler as unknown as Record<symbol, ApiOperation | undefined>)[ROUTE_OPERATION] });
    }
  }
  return out;
}

const key = (o: { method: string; path: string }) => `${o.method} ${o.path}`;

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
  it("every handler under app/api is built from its operation, under the operation's path and method", async () => {
    const exports = await routeExports();
    expect(exports.length).toBeGreaterThan(30);
    for (const r of exports) {
      expect(r.operation, `${r.method} ${r.file}: not built by defineRoute`).toBeDefined();
      expect(API_OPERATIONS, `${r.method} ${r.file}: an operation outside API_OPERATIONS`).toContain(r.operation);
      expect(key(r.operation!), r.file).toBe(`${r.method} ${urlPathOf(r.file)}`);
    }
  });

  it("exports every operation from exactly one route module", async () => {
    const exports = await routeExports();
    for (const op of API_OPERATIONS) {
      expect(
        exports.filter((r) => r.operation === op).map((r) => `${r.method} ${r.file}`),
        op.operationId,
      ).toHaveLength(1);
    }
  });

  it("documents every operation once, under its own id", () => {
    expect(new Set(API_OPERATIONS.map(key)).size).toBe(API_OPERATIONS.length);
    expect(Object.entries(OPERATIONS).every(([id, op]) => op.operationId === id)).toBe(true);
    const documented = Object.entries(served.paths).flatMap(([p, item]) =>
      Object.entries(item).map(([m, doc]) => `${m.toUpperCase()} ${p} ${doc.operationId}`),
    );
    expect(documented.sort()).toEqual(API_OPERATIONS.map((o) => `${key(o)} ${o.operationId}`).sort());
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

describe("response contracts", () => {
  it("every operation documents its JSON answers with a schema; only files and text go without", () => {
    const without = API_OPERATIONS.filter((op) => op.responses.some((r) => !r.schema && r.status !== 303)).map((op) => op.operationId);
    expect(without.sort()).toEqual(["exportDataset", "getMetrics"]);
  });

  it("a response schema shared by operations is one component, named after the first", () => {
    const ref = (op: ApiOperation) => {
      const r = served.paths[op.path]![op.method.toLowerCase() as "get"]!.responses["200"];
      return r && "content" in r ? (r.content?.["application/json"]?.schema as { $ref?: string } | undefined)?.$ref : undefined;
    };
    expect([OPERATIONS.getJob, OPERATIONS.cancelJob, OPERATIONS.resumeJob].map(ref)).toEqual(Array(3).fill("#/components/schemas/GetJobResponse"));
    expect(ref(OPERATIONS.deleteDataset)).toBe("#/components/schemas/DeleteDatasetResponse");
  });

  it("documents JSON and CSV where a research route sends either", () => {
    const media = served.paths["/api/v1/research/frontier"]!.get!.responses["200"] as { content: Record<string, { schema: JsonSchema }> };
    expect(Object.keys(media.content).sort()).toEqual(["application/json", "text/csv"]);
    expect(media.content["text/csv"]!.schema).toEqual({ type: "string" });
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
