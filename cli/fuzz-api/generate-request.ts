import fc from "fast-check";
import { z } from "zod";
import type { ApiOperation } from "../../lib/server/openapi/operations";
import { BODY_LIMITS } from "../../lib/server/http/body-limits";
import type { DatabaseProbe } from "./database-probe";
import { pathTable, type FuzzDictionary } from "./fuzz-dictionary";
import { ACTORS, type Caller, type FuzzServer, type WireRequest } from "./fuzz-server";
import { groundedArbitrary, type Grounded } from "./grounded-requests";
import { multipartBody } from "./multipart-body";
import { deepJson, mutateArbitrary, toJsonText, WEIRD_STRINGS } from "./mutate-value";
import { schemaArbitrary, type JsonSchema, type ValueMode } from "./schema-arbitrary";
import type { ImportTemplate } from "./seed-fuzz-data";

// One fuzzed request of one operation: its caller, path id, query and body, from the operation's own schemas
// (API_OPERATIONS: params, query, body, form), valid, on the limits, invalid by one mutation, or not JSON at all.

export const VARIANTS = ["valid", "grounded", "boundary", "invalid", "raw", "auth"] as const;
export type Variant = (typeof VARIANTS)[number];

/** How often each variant is drawn (of 100). */
export const VARIANT_WEIGHTS: Record<Variant, number> = { valid: 22, grounded: 22, boundary: 12, invalid: 26, raw: 10, auth: 8 };

export type GeneratedRequest = { wire: WireRequest; variant: Variant; note: string };

type OpSchemas = { params?: JsonSchema; query?: JsonSchema; body?: JsonSchema; form?: JsonSchema };

const JSON_TYPE = "application/json";

/** Bodies that are not the JSON object a route wants: empty, scalar, broken, not UTF-8, BOMs, very deep. */
const RAW_BODIES: readonly (string | Uint8Array)[] = [
  "",
  " ",
  "null",
  "true",
  "0",
  '"text"',
  "[]",
  "[{}]",
  "{",
  "}",
  '{"a":}',
  "{'a':1}",
  '{"a":1,}',
  "NaN",
  "\u0000",
  "\uFEFF{}",
  '{"__proto__":{"admin":true}}',
  '{"a":1,"a":2}',
  `${"[".repeat(100_000)}${"]".repeat(100_000)}`,
  `${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}`,
  new Uint8Array([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
  new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
  new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]),
  new Uint8Array([0x00, 0x01, 0x02, 0x03]),
];

const CONTENT_TYPES = [
  JSON_TYPE,
  "application/json; charset=utf-16",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=zzz",
  "multipart/form-data",
  null,
] as const;

/** Query strings no form would send: bad escapes, repeated and empty names, prototype keys, 8 kB. */
const RAW_QUERIES: readonly string[] = [
  "%",
  "%ZZ",
  "a=%FF%FE",
  "&&&",
  "=",
  "=x",
  "datasetId",
  "datasetId=&datasetId=x",
  "limit=1&limit=2&limit=",
  "__proto__=1&constructor=2",
  "format=json&format=csv",
  "limit=%00",
  "threshold=1e-400",
  // Node's HTTP parser refuses request heads over 16 kB (431) before any handler: the longest a query gets.
  `datasetId=${"x".repeat(8_000)}`,
];

function toSearch(value: unknown): string {
  if (typeof value === "string") return value;
  if (!value || typeof value !== "object" || Array.isArray(value)) return "";
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v])
      sp.append(k, typeof item === "string" ? item : typeof item === "number" ? String(item) : (toJsonText(item) ?? ""));
  }
  return sp.toString();
}

export class RequestGenerator {
  private readonly schemas = new Map<string, OpSchemas>();

  constructor(
    private readonly server: FuzzServer,
    private readonly dict: FuzzDictionary,
    private readonly probe: DatabaseProbe,
    private readonly templates: readonly ImportTemplate[] = [],
  ) {
    const json = (s: z.ZodType) => z.toJSONSchema(s, { io: "input", unrepresentable: "any" }) as JsonSchema;
    for (const op of server.operations.values()) {
      this.schemas.set(op.operationId, {
        ...(op.params ? { params: json(op.params) } : {}),
        ...(op.query ? { query: json(op.query) } : {}),
        ...(op.body ? { body: json(op.body) } : {}),
        ...(op.form?.schema ? { form: json(op.form.schema) } : {}),
      });
    }
  }

  /** One request: `seed` makes it reproducible against the same database state. */
  generate(op: ApiOperation, variant: Variant, seed: number): GeneratedRequest {
    const [out] = fc.sample(this.arbitrary(op, variant), { seed, numRuns: 1 });
    return out!;
  }

  private value(schema: JsonSchema, mode: ValueMode): fc.Arbitrary<unknown> {
    return schemaArbitrary(schema, { mode, fieldStrings: this.dict.fieldStrings });
  }

  private callerArb(op: ApiOperation): fc.Arbitrary<Pick<WireRequest, "caller" | "origin" | "apiKey">> {
    const others = ACTORS.filter((a) => a !== "admin");
    return fc.record({
      caller: fc.oneof({ weight: 8, arbitrary: fc.constant<Caller>("admin") }, { weight: 2, arbitrary: fc.constantFrom<Caller>(...others) }),
      origin: op.method === "GET" ? fc.constant("none" as const) : fc.constantFrom("same" as const, "none" as const),
      apiKey: fc.constant("right" as const),
    });
  }

  /** The ways a caller is refused: signed out, another role, another site, a wrong or missing key. */
  private authArb(op: ApiOperation): fc.Arbitrary<Pick<WireRequest, "caller" | "origin" | "apiKey">> {
    const options: fc.Arbitrary<Pick<WireRequest, "caller" | "origin" | "apiKey">>[] = [
      fc.constant({ caller: "anonymous" as Caller, origin: "none" as const, apiKey: "none" as const }),
      fc.constantFrom(...ACTORS).map((caller) => ({ caller: caller as Caller, origin: "none" as const, apiKey: "right" as const })),
      fc.constantFrom(...ACTORS).map((caller) => ({ caller: caller as Caller, origin: "cross" as const, apiKey: "right" as const })),
    ];
    if (op.auth.kind === "apiKey")
      options.push(
        fc.constantFrom("wrong" as const, "none" as const).map((apiKey) => ({ caller: "anonymous" as Caller, origin: "none" as const, apiKey })),
      );
    return fc.oneof(...options);
  }

  private pathIdArb(op: ApiOperation, variant: Variant): fc.Arbitrary<string | undefined> {
    if (!op.params) return fc.constant(undefined);
    const table = pathTable(op.path);
    const own = table ? this.dict.ids(table) : [];
    const any = this.dict.allIds();
    const weird = fc.oneof(fc.constantFrom(...WEIRD_STRINGS), fc.constant("x".repeat(201)), fc.string({ maxLength: 30 }));
    const arbs: { weight: number; arbitrary: fc.Arbitrary<string> }[] = [{ weight: variant === "invalid" ? 3 : 1, arbitrary: weird }];
    if (own.length > 0) arbs.push({ weight: 12, arbitrary: fc.constantFrom(...own) });
    if (any.length > 0) arbs.push({ weight: 2, arbitrary: fc.constantFrom(...any) });
    return fc.oneof(...arbs);
  }

  private queryArb(op: ApiOperation, variant: Variant): fc.Arbitrary<string | undefined> {
    const schema = this.schemas.get(op.operationId)?.query ?? this.schemas.get(op.operationId)?.form;
    if (!schema)
      return variant === "raw" || variant === "invalid" ? fc.option(fc.constantFrom(...RAW_QUERIES), { nil: undefined }) : fc.constant(undefined);
    const mode: ValueMode = variant === "boundary" ? "boundary" : "valid";
    const valid = this.value(schema, mode);
    if (variant === "invalid") return valid.chain((v) => mutateArbitrary(v, schema, { maxHuge: 2_000 })).map((m) => toSearch(m.value));
    if (variant === "raw") return fc.constantFrom(...RAW_QUERIES);
    return valid.map(toSearch);
  }

  /** A JSON body (as text) and its content type. */
  private bodyArb(op: ApiOperation, variant: Variant): fc.Arbitrary<{ body?: string | Uint8Array; contentType: string | null; note: string }> {
    const schema = this.schemas.get(op.operationId)?.body;
    if (op.method === "GET") return fc.constant({ contentType: null, note: "" });
    if (variant === "raw") {
      const limit = op.bodyLimit ? BODY_LIMITS[op.bodyLimit] : 64 * 1024;
      const over = op.bodyLimit && limit <= 8 * 1024 * 1024 ? [`{"pad":"${"x".repeat(limit)}"}`] : [];
      return fc
        .record({
          body: fc.oneof(fc.constantFrom(...RAW_BODIES, ...over), fc.uint8Array({ maxLength: 256 }), fc.string({ maxLength: 200 })),
          contentType: fc.constantFrom(...CONTENT_TYPES),
        })
        .map(({ body, contentType }) => ({
          body,
          contentType,
          note: `raw ${typeof body === "string" ? `"${body.slice(0, 40)}"${body.length > 40 ? `…(${body.length})` : ""}` : `${body.byteLength} bytes`}`,
        }));
    }
    if (!schema) return fc.constant({ contentType: JSON_TYPE, note: "" });
    const valid = this.value(schema, variant === "boundary" ? "boundary" : "valid");
    if (variant === "invalid") {
      return valid
        .chain((v) => mutateArbitrary(v, schema))
        .map((m) => ({ body: toJsonText(m.value), contentType: JSON_TYPE, note: `${m.mutation} at ${m.path}` }));
    }
    return valid.map((v) => ({ body: toJsonText(v), contentType: JSON_TYPE, note: "" }));
  }

  /** The import upload (raw file body + query options, or multipart) from its form schema. */
  private formArb(op: ApiOperation, variant: Variant): fc.Arbitrary<{ body?: string | Uint8Array; contentType: string | null; note: string }> {
    const file = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.uint8Array({ maxLength: 300 }),
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
      fc.constant(deepJson(3_000)),
      fc.constant('{"data":[{"paragraphs":[{"context":"x","qas":[{"id":1,"question":"q","answers":[{"text":"x","answer_start":0}]}]}]}]}'),
    );
    if (variant === "raw" || variant === "invalid") {
      return fc.record({ body: file, contentType: fc.constantFrom(...CONTENT_TYPES) }).map((r) => ({ ...r, note: "upload" }));
    }
    return fc
      .record({ body: file, multipart: fc.boolean(), format: fc.constantFrom("jsonl", "squad", "hotpotqa", "label-studio", "gold-jsonl") })
      .map(({ body, multipart, format }) => {
        if (!multipart) return { body, contentType: "application/octet-stream", note: "raw upload" };
        const m = multipartBody([
          { name: "format", data: format },
          { name: "file", filename: "upload.json", data: body },
        ]);
        return { body: m.body, contentType: m.contentType, note: "multipart upload" };
      });
  }

  private arbitrary(op: ApiOperation, variant: Variant): fc.Arbitrary<GeneratedRequest> {
    const grounded =
      variant === "grounded"
        ? groundedArbitrary(op.operationId, { server: this.server, dict: this.dict, probe: this.probe, templates: this.templates })
        : undefined;
    const effective: Variant = variant === "grounded" && !grounded ? "valid" : variant;
    const isUpload = !!op.form && !op.body;
    return fc
      .record({
        who: effective === "auth" ? this.authArb(op) : this.callerArb(op),
        pathId: this.pathIdArb(op, effective),
        search: this.queryArb(op, effective === "auth" || effective === "grounded" ? "valid" : effective),
        body: isUpload ? this.formArb(op, effective) : this.bodyArb(op, effective === "auth" || effective === "grounded" ? "valid" : effective),
        ground: grounded ?? fc.constant<Grounded>({}),
      })
      .map(({ who, pathId, search, body, ground }): GeneratedRequest => {
        const wire: WireRequest = {
          operationId: op.operationId,
          ...who,
          ...(pathId !== undefined ? { pathId } : {}),
          ...(search ? { search } : {}),
          ...(body.body !== undefined ? { body: body.body } : {}),
          contentType: body.contentType,
        };
        if (ground.caller) wire.caller = ground.caller;
        if (ground.pathId !== undefined) wire.pathId = ground.pathId;
        if (ground.search !== undefined) wire.search = ground.search;
        if (ground.body !== undefined) Object.assign(wire, { body: JSON.stringify(ground.body), contentType: JSON_TYPE });
        if (ground.raw) Object.assign(wire, { body: ground.raw.body, contentType: ground.raw.contentType });
        return { wire, variant, note: body.note };
      });
  }
}
