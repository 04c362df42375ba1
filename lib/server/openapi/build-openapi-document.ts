import "server-only";
import { z } from "zod";
import { PERMISSION_LABELS } from "@/lib/auth/policy";
import { API_DEPRECATIONS, API_VERSION, API_VERSION_HEADER } from "@/lib/schemas/api-version";
import { SESSION_COOKIE } from "../auth/session-cookie";
import { BODY_LIMITS } from "../http/body-limits";
import { STATUS_BY_CODE } from "../http/handle-route";
import { API_OPERATIONS, API_TAGS, type ApiOperation, type ErrorStatus } from "./operations";

// The OpenAPI 3.1 document of the HTTP API, generated from API_OPERATIONS and the zod schemas they name (zod 4's
// JSON Schema output is draft 2020-12, which OpenAPI 3.1 uses as is). Served at GET /api/v1/openapi.json, rendered
// by /api-docs.

export type JsonSchema = { [key: string]: unknown };

export interface OpenApiParameter {
  name: string;
  in: "path" | "query";
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface OpenApiMedia {
  schema?: JsonSchema;
  example?: unknown;
}

export interface OpenApiResponse {
  description: string;
  content?: Record<string, OpenApiMedia>;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security: Record<string, string[]>[];
  /** The permission a session route checks (`pair:read`, …). */
  "x-permission"?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; description?: string; content: Record<string, OpenApiMedia> };
  responses: Record<string, OpenApiResponse | { $ref: string }>;
}

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Partial<Record<Lowercase<ApiOperation["method"]>, OpenApiOperation>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, OpenApiResponse>;
    securitySchemes: Record<string, JsonSchema>;
  };
}

const DESCRIPTION = `JSON over HTTP. This document is generated from the schemas the route handlers validate with.

**Two kinds of routes.** The service routes (\`POST /api/v1/compress\`, \`GET /api/v1/models\`) are for scripts: set
\`SNIPPET_LAB_API_KEYS=key1,key2\` on the server to require \`Authorization: Bearer <key>\`; unset, they are open (bind
the server to loopback). The annotation app's routes take the session cookie from \`POST /api/auth/login\`; each checks
one permission of the signed-in role (401 signed out, 403 without the permission), and state-changing requests must
come from the same origin. This document and \`/api-docs\` are public.

**Errors** always have the shape \`{error: {code, message, details?}}\`. An unknown \`/api\` path answers 404, a method
a route does not take 405 with an \`Allow\` header.

**Offsets** of spans, units, blocks and tokens are end-exclusive UTF-16 code-unit offsets into the canonical text
(HTML or text converted to blocks joined by newlines), never into submitted HTML: \`text.slice(start, end)\` is the
covered text in JavaScript.

**Versions.** \`info.version\` is the API's own semantic version (not the app's); every \`/api\` response carries it in
the \`${API_VERSION_HEADER}\` header. A new major version removes or changes fields, so a client should refuse a server
of another major version; a newer minor version only adds. The changelog is \`docs/api-changelog.md\` in the
repository.

**Deprecated** (still accepted or sent; marked \`deprecated\` below):
${API_DEPRECATIONS.map(
  (d) => `- \`${d.schema}.${d.field}\` (since ${d.deprecatedIn}): use ${d.replacement}; removed in ${d.removedIn}, not before ${d.removalDate}.`,
).join("\n")}`;

/** What every error status means unless an operation says more. */
const ERROR_TEXT: Record<number, string> = {
  400: "Invalid JSON, parameters or fields: the message lists every offending path (`details.issues`).",
  401: "Not authenticated.",
  403: "Forbidden.",
  404: "Unknown record.",
  409: "A conflict with the stored state.",
  413: "The body is too large.",
  422: "Well-formed but unusable input.",
  429: "Too many requests: `Retry-After` says when to try again.",
  500: "Unexpected; logged on the server.",
  503: "A service the request needs is unavailable.",
};

const CODE_BY_STATUS = new Map(Object.entries(STATUS_BY_CODE).map(([code, status]) => [status, code]));

const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(Object.keys(STATUS_BY_CODE) as [string, ...string[]]),
    message: z.string().describe("For people: what went wrong and, where it helps, what to do."),
    details: z.unknown().optional().describe("Structured context: `issues` (400), `allow` (405), `models` (unknown model), `errors` (import)…"),
  }),
});

const pascal = (id: string) => id.charAt(0).toUpperCase() + id.slice(1);
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const bytes = (n: number) => (n >= 1024 * 1024 ? `${+(n / 1024 / 1024).toFixed(1)} MB` : `${+(n / 1024).toFixed(1)} KB`);

/** A zod object's fields as OpenAPI parameters (request side: what a client may send). */
function parametersOf(schema: z.ZodObject, where: "path" | "query", opts: { optional?: boolean; note?: string } = {}): OpenApiParameter[] {
  const json = z.toJSONSchema(schema, { io: "input" }) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, prop]) => {
    const { description, ...rest } = prop;
    const text = [typeof description === "string" ? description : "", opts.note ?? ""].filter(Boolean).join(" ");
    return {
      name,
      in: where,
      required: where === "path" || (!opts.optional && (json.required ?? []).includes(name)),
      ...(text ? { description: text } : {}),
      schema: rest,
    };
  });
}

function errorResponses(op: ApiOperation): Record<string, OpenApiResponse | { $ref: string }> {
  const out = new Map<number, string | null>(); // status → description (null: the shared component)
  if (op.params || op.query || op.body || op.form) out.set(400, null);
  if (op.auth.kind === "apiKey") out.set(401, "API keys are configured and the bearer key is missing or wrong.");
  if (op.auth.kind === "session") {
    out.set(401, "Signed out, or the session expired or was ended.");
    const why = [op.auth.permission ? `the role lacks \`${op.auth.permission}\`` : "", op.method !== "GET" ? "a cross-origin request" : ""];
    if (why.some(Boolean))
      out.set(
        403,
        `${why.filter(Boolean).join(", or ")}.`.replace(/^./, (c) => c.toUpperCase()),
      );
  }
  if (op.bodyLimit) out.set(413, `The JSON body is over ${bytes(BODY_LIMITS[op.bodyLimit])}.`);
  for (const e of op.errors ?? []) {
    const { status, description } = typeof e === "number" ? { status: e, description: null } : e;
    const before = out.get(status);
    out.set(status, description && before ? `${before} ${description}` : (description ?? before ?? null));
  }
  out.set(500, null);
  const responses: Record<string, OpenApiResponse | { $ref: string }> = {};
  for (const status of [...out.keys()].sort((a, b) => a - b)) {
    const description = out.get(status);
    responses[String(status)] = description
      ? { description: `\`${CODE_BY_STATUS.get(status)}\`: ${description}`, content: { "application/json": { schema: ref("ErrorBody") } } }
      : { $ref: `#/components/responses/${status}` };
  }
  return responses;
}

/** The component names of the schemas: one per request body, one per response schema (shared by the operations that answer with it). */
type SchemaNames = { requests: Set<string>; responses: Map<z.ZodType, string> };

function operationOf(op: ApiOperation, schemas: SchemaNames): OpenApiOperation {
  const name = pascal(op.operationId);
  const auth = op.auth;
  const description = [
    op.description ?? "",
    auth.kind === "apiKey"
      ? "**Auth:** `Authorization: Bearer <key>` when API keys are configured."
      : auth.kind === "session"
        ? `**Auth:** session cookie${auth.permission ? `, permission \`${auth.permission}\` (${PERMISSION_LABELS[auth.permission]})` : " (any role)"}.`
        : "**Auth:** none.",
  ]
    .filter(Boolean)
    .join("\n\n");

  const parameters = [
    ...(op.params ? parametersOf(op.params, "path") : []),
    ...(op.query ? parametersOf(op.query, "query") : []),
    ...(op.form?.schema && op.form.raw ? parametersOf(op.form.schema, "query", { optional: true, note: "(With the file as the whole body.)" }) : []),
  ];

  const content: Record<string, OpenApiMedia> = {};
  if (op.body) {
    if (!schemas.requests.has(`${name}Request`)) throw new Error(`${op.operationId}: request schema not generated`);
    content["application/json"] = { schema: ref(`${name}Request`), ...(op.example !== undefined ? { example: op.example } : {}) };
  }
  if (op.form) {
    const base = op.form.schema
      ? (z.toJSONSchema(op.form.schema, { io: "input" }) as { properties?: Record<string, JsonSchema>; required?: string[] })
      : { properties: {}, required: [] };
    const file = { type: "string", contentMediaType: "application/octet-stream" };
    const fields = Object.fromEntries(Object.entries(op.form.fields ?? {}).map(([k, d]) => [k, { type: "string", description: d }]));
    const files = op.form.files;
    content["multipart/form-data"] = {
      schema: {
        type: "object",
        properties: {
          ...base.properties,
          ...fields,
          [files.name]: files.multiple ? { type: "array", items: file, description: files.description } : { ...file, description: files.description },
        },
        required: [...(base.required ?? []), ...(op.body ? [] : [files.name])],
      },
    };
    if (op.form.raw) content["application/octet-stream"] = { schema: { ...file, description: op.form.raw } };
  }

  const responses: Record<string, OpenApiResponse | { $ref: string }> = {};
  for (const r of op.responses) {
    const media: Record<string, OpenApiMedia> = {};
    if (r.schema) {
      const id = schemas.responses.get(r.schema);
      if (!id) throw new Error(`${op.operationId}: response schema not generated`);
      media["application/json"] = { schema: ref(id), ...(r.example !== undefined ? { example: r.example } : {}) };
    }
    // Files, CSV and text: strings (beside a schema, the JSON is the other choice).
    for (const t of r.contentTypes ?? []) if (!media[t]) media[t] = { schema: { type: "string" } };
    if (Object.keys(media).length === 0 && r.status !== 303)
      throw new Error(`${op.operationId}: the ${r.status} answer has no schema or content type`);
    responses[String(r.status)] = {
      description: r.description,
      ...(Object.keys(media).length > 0 ? { content: media } : {}),
      ...(r.status === 303 ? { headers: { Location: { description: "Where the browser goes next.", schema: { type: "string" } } } } : {}),
    };
  }
  Object.assign(responses, errorResponses(op));

  return {
    operationId: op.operationId,
    summary: op.summary,
    description,
    tags: [op.tag],
    security: auth.kind === "apiKey" ? [{ apiKey: [] }, {}] : auth.kind === "session" ? [{ session: [] }] : [],
    ...(auth.kind === "session" && auth.permission ? { "x-permission": auth.permission } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(Object.keys(content).length > 0
      ? {
          requestBody: {
            required: !op.emptyBody,
            ...(op.emptyBody ? { description: "An empty body counts as `{}`." } : {}),
            content,
          },
        }
      : {}),
    responses,
  };
}

/** Component schemas of a registry (one JSON Schema per id; references between them point into components). */
function componentSchemas(registry: z.core.$ZodRegistry<{ id: string }>, io: "input" | "output"): Record<string, JsonSchema> {
  const { schemas } = z.toJSONSchema(registry, { io, uri: (id) => `#/components/schemas/${id}` });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const { $schema: _dialect, $id: _id, ...rest } = schema as JsonSchema;
      return [id, rest];
    }),
  );
}

export function buildOpenApiDocument(operations: readonly ApiOperation[] = API_OPERATIONS): OpenApiDocument {
  // Request bodies as clients may send them (defaults optional), responses as the server sends them.
  const requests = z.registry<{ id: string }>();
  const responses = z.registry<{ id: string }>();
  // A response schema is one component, named after the first operation that answers with it (`GetJobResponse` is
  // also what cancelJob and resumeJob answer).
  const responseNames = new Map<z.ZodType, string>();
  for (const op of operations) {
    if (op.body) requests.add(op.body, { id: `${pascal(op.operationId)}Request` });
    for (const r of op.responses) {
      if (!r.schema || responseNames.has(r.schema)) continue;
      const id = `${pascal(op.operationId)}Response`;
      if ([...responseNames.values()].includes(id)) throw new Error(`${op.operationId}: two response schemas`);
      responseNames.set(r.schema, id);
      responses.add(r.schema, { id });
    }
  }
  const requestSchemas = componentSchemas(requests, "input");
  const responseSchemas = componentSchemas(responses, "output");

  const paths: OpenApiDocument["paths"] = {};
  const names: SchemaNames = { requests: new Set(Object.keys(requestSchemas)), responses: responseNames };
  for (const op of operations) {
    const item = (paths[op.path] ??= {});
    const method = op.method.toLowerCase() as Lowercase<ApiOperation["method"]>;
    if (item[method]) throw new Error(`${op.method} ${op.path} is listed twice`);
    item[method] = operationOf(op, names);
  }

  const sharedErrors = [400, 401, 403, 404, 409, 413, 422, 429, 500, 503] satisfies (ErrorStatus | 400 | 401 | 500)[];
  return {
    openapi: "3.1.0",
    info: { title: "Snippet Lab API", version: API_VERSION, description: DESCRIPTION },
    tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: {
        ...requestSchemas,
        ...responseSchemas,
        ErrorBody: (({ $schema: _dialect, ...rest }) => rest)(z.toJSONSchema(errorBodySchema, { io: "output" }) as JsonSchema),
      },
      responses: Object.fromEntries(
        sharedErrors.map((status) => [
          String(status),
          { description: `\`${CODE_BY_STATUS.get(status)}\`: ${ERROR_TEXT[status]}`, content: { "application/json": { schema: ref("ErrorBody") } } },
        ]),
      ),
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          description: "One of the keys in SNIPPET_LAB_API_KEYS; the service routes are open when none is configured.",
        },
        session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE, description: "The session cookie POST /api/auth/login sets." },
      },
    },
  };
}

let cached: OpenApiDocument | undefined;

/** The document of this server's API, built once per process. */
export function getOpenApiDocument(): OpenApiDocument {
  return (cached ??= buildOpenApiDocument());
}
