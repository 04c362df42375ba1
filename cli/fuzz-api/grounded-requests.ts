import fc from "fast-check";
import { SPAN_CATEGORIES } from "../../lib/schemas/enums";
import type { DatabaseProbe } from "./database-probe";
import { CHEAP_METHODS, QUERIES, type FuzzDictionary } from "./fuzz-dictionary";
import { FUZZ_PASSWORD, type Caller, type FuzzServer } from "./fuzz-server";
import { multipartBody } from "./multipart-body";
import { SAFE_URLS } from "./schema-arbitrary";
import type { ImportTemplate } from "./seed-fuzz-data";

// Requests built from the database's state, not only from the schema: the caller's current version, spans cut from
// the pair's real text, suggestion ids of that pair, an annotation waiting for review. Schema-random requests rarely
// get past a 409 or a 422; these reach the writes behind them (and then the invalid variants start from them too).

/** What a grounded request sets: the body as a value (sent as JSON) or as raw bytes with its type. */
export type Grounded = {
  caller?: Caller;
  pathId?: string;
  body?: unknown;
  search?: string;
  raw?: { body: string | Uint8Array; contentType: string | null };
};

type GroundContext = { server: FuzzServer; dict: FuzzDictionary; probe: DatabaseProbe; templates: readonly ImportTemplate[] };

function pick<T>(xs: readonly T[], fallback: T): fc.Arbitrary<T> {
  return xs.length > 0 ? fc.constantFrom(...xs) : fc.constant(fallback);
}

/** 0–3 spans whose text is the pair's document text at their offsets. */
function spansArb(probe: DatabaseProbe, pairId: string) {
  const docs = probe.pairDocuments(pairId);
  if (docs.length === 0) return fc.constant([] as unknown[]);
  const one = fc
    .record({
      doc: fc.nat({ max: docs.length - 1 }),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      len: fc.integer({ min: 1, max: 60 }),
      category: fc.constantFrom(...SPAN_CATEGORIES),
    })
    .map(({ doc, at, len, category }) => {
      const d = docs[doc]!;
      const start = Math.min(Math.floor(at * d.text.length), Math.max(d.text.length - 1, 0));
      const end = Math.min(d.text.length, start + len);
      return { documentId: d.id, start, end, text: d.text.slice(start, end), category };
    });
  return fc.array(one, { maxLength: 3 });
}

const annotators = ["annotator", "annotator2", "admin", "reviewer"] as const satisfies readonly Caller[];

/** An import file made from an export: as it is, or cut, with a number changed, a line doubled or dropped. */
function editedTemplate(templates: readonly ImportTemplate[]): fc.Arbitrary<{ format: string; text: string; edit: string }> {
  return fc
    .record({
      t: fc.constantFrom(...templates),
      edit: fc.constantFrom("none", "cut", "number", "double-line", "drop-line", "field"),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      n: fc.constantFrom(-1, 0, 1, 7, 999_999, 2 ** 53, 1.5),
    })
    .map(({ t, edit, at, n }) => {
      const lines = t.text.split("\n");
      const line = Math.floor(at * lines.length);
      let text = t.text;
      if (edit === "cut") text = t.text.slice(0, Math.floor(at * t.text.length));
      if (edit === "number") {
        const numbers = [...t.text.matchAll(/\d+/g)];
        const m = numbers[Math.floor(at * numbers.length)];
        if (m?.index !== undefined) text = t.text.slice(0, m.index) + String(n) + t.text.slice(m.index + m[0].length);
      }
      if (edit === "double-line") text = [...lines.slice(0, line + 1), ...lines.slice(line)].join("\n");
      if (edit === "drop-line") text = lines.filter((_, i) => i !== line).join("\n");
      if (edit === "field") text = t.text.replace(/"(start|end|text|category|query|id)":/, '"renamed":');
      return { format: t.format, text, edit };
    });
}

function importFile(): fc.Arbitrary<string> {
  const record = fc.record({
    id: fc.oneof(
      fc.constant("fz-1"),
      fc.nat({ max: 1_000_000 }).map((n) => `fz-${n}`),
    ),
    query: fc.constantFrom(...QUERIES),
    text: fc.constantFrom("The bridge opened in 1932. It is long.", "Boil the eggs for nine minutes.", "Київ — столиця України."),
    quote: fc.constantFrom("The bridge opened in 1932.", "nine minutes", "absent quote", "Київ"),
  });
  return fc
    .array(record, { minLength: 1, maxLength: 3 })
    .map((rs) => rs.map((r) => JSON.stringify({ id: r.id, query: r.query, text: r.text, evidence: [{ text: r.quote }] })).join("\n"));
}

/** Grounded requests of the operations whose handlers need state to get anywhere; the rest use the dictionary. */
export function groundedArbitrary(operationId: string, ctx: GroundContext): fc.Arbitrary<Grounded> | undefined {
  const { server, dict, probe } = ctx;
  const pairs = dict.ids("Pair");
  const datasets = dict.ids("Dataset");
  const version = (pairId: string, caller: Caller) =>
    caller === "anonymous" ? 0 : (probe.annotationOf(pairId, server.actors[caller].id)?.version ?? 0);
  switch (operationId) {
    case "saveAnnotation":
      return fc
        .record({ pathId: pick(pairs, "x"), caller: fc.constantFrom(...annotators) })
        .chain(({ pathId, caller }) =>
          spansArb(probe, pathId).map((spans) => ({ pathId, caller, body: { version: version(pathId, caller), spans } })),
        );
    case "submitAnnotation":
      return fc
        .record({
          pathId: pick(pairs, "x"),
          caller: fc.constantFrom(...annotators),
          noVital: fc.option(fc.boolean(), { nil: undefined }),
          comment: fc.option(fc.string(), { nil: undefined }),
        })
        .map(({ pathId, caller, noVital, comment }) => ({ pathId, caller, body: { version: version(pathId, caller), noVital, comment } }));
    case "acceptSuggestions":
      return fc
        .record({ pathId: pick(pairs, "x"), caller: fc.constantFrom(...annotators), n: fc.integer({ min: 1, max: 3 }) })
        .map(({ pathId, caller, n }) => {
          const ids = probe.suggestionIds(pathId).slice(0, n);
          return { pathId, caller, body: { ids: ids.length > 0 ? ids : dict.ids("Suggestion").slice(0, n), version: version(pathId, caller) } };
        });
    case "reviewAnnotation":
      return fc
        .record({
          pathId: pick(probe.submittedAnnotationIds(), "x"),
          caller: fc.constantFrom("reviewer", "admin") as fc.Arbitrary<Caller>,
          decision: fc.constantFrom("accept", "reject"),
        })
        .map(({ pathId, caller, decision }) => ({
          pathId,
          caller,
          body: { decision, comment: "fuzz review", version: probe.annotation(pathId)?.version ?? 0 },
        }));
    case "saveGold":
      return fc
        .record({ pathId: pick(pairs, "x"), caller: fc.constantFrom("reviewer", "admin") as fc.Arbitrary<Caller>, noVital: fc.boolean() })
        .chain(({ pathId, caller, noVital }) =>
          spansArb(probe, pathId).map((spans) => ({
            pathId,
            caller,
            body: { spans, ...(noVital ? { noVital } : {}), version: probe.pairVersion(pathId) ?? 0 },
          })),
        );
    case "runJudge":
      return pick(pairs, "x").map((pathId) => ({
        pathId,
        body: {
          documentIds: probe
            .pairDocuments(pathId)
            .map((d) => d.id)
            .slice(0, 1),
        },
      }));
    case "scorePair":
      return fc
        .record({ pathId: pick(pairs, "x"), model: fc.constantFrom(...CHEAP_METHODS) })
        .map(({ pathId, model }) => ({ pathId, body: { model } }));
    case "compress":
      return fc
        .record({
          query: fc.constantFrom(...QUERIES),
          results: fc.array(
            fc.oneof(
              fc.record({ text: fc.string({ minLength: 1, maxLength: 200 }) }),
              fc.record({ html: fc.constantFrom("<h1>Bridge</h1><p>The bridge opened in 1932.</p>", "<p>x</p>") }),
            ),
            { minLength: 1, maxLength: 3 },
          ),
          method: fc.constantFrom(...CHEAP_METHODS),
          budget: fc.option(fc.integer({ min: 1, max: 2_000 }), { nil: undefined }),
          include: fc.option(fc.record({ tokens: fc.boolean() }), { nil: undefined }),
        })
        .map((body) => ({ body }));
    case "createPair":
      return fc
        .record({
          pathId: pick(datasets, "x"),
          query: fc.constantFrom(...QUERIES),
          results: fc.array(
            fc.oneof(fc.record({ text: fc.string({ minLength: 1, maxLength: 200 }) }), fc.record({ url: fc.constantFrom(...SAFE_URLS) })),
            { minLength: 1, maxLength: 2 },
          ),
          multipart: fc.boolean(),
          file: fc.oneof(fc.string({ minLength: 1, maxLength: 200 }), fc.uint8Array({ minLength: 1, maxLength: 64 })),
        })
        .map(({ pathId, query, results, multipart, file }) =>
          multipart
            ? (() => {
                const m = multipartBody([
                  { name: "query", data: query },
                  { name: "results", data: JSON.stringify(results.filter((r) => "text" in r)) },
                  { name: "file", filename: "page.txt", contentType: "text/plain", data: file },
                ]);
                return { pathId, raw: { body: m.body, contentType: m.contentType } };
              })()
            : { pathId, body: { query, results } },
        );
    case "importDataset":
      return fc
        .record({
          pathId: pick(datasets, "x"),
          file: fc.oneof(
            importFile().map((text) => ({ format: "jsonl", text })),
            ...(ctx.templates.length > 0 ? [editedTemplate(ctx.templates)] : []),
          ),
          evidence: fc.constantFrom("gold", "suggestion", "none"),
          multipart: fc.boolean(),
        })
        .map(({ pathId, file, evidence, multipart }) => {
          const { format, text } = file;
          if (!multipart)
            return { pathId, search: `format=${format}&evidence=${evidence}`, raw: { body: text, contentType: "application/x-ndjson" } };
          const m = multipartBody([
            { name: "format", data: format },
            { name: "evidence", data: evidence },
            { name: "file", filename: "pairs.jsonl", contentType: "application/x-ndjson", data: text },
          ]);
          return { pathId, raw: { body: m.body, contentType: m.contentType } };
        });
    case "createUser":
      return fc
        .record({ n: fc.nat({ max: 1_000_000 }), role: fc.constantFrom("annotator", "reviewer", "researcher", "admin") })
        .map(({ n, role }) => ({ body: { email: `user${n}@fuzz.test`, name: `user ${n}`, password: FUZZ_PASSWORD, role } }));
    case "updateUser":
      return fc
        .record({
          pathId: pick(dict.ids("User"), "x"),
          role: fc.option(fc.constantFrom("annotator", "reviewer", "researcher", "admin"), { nil: undefined }),
          disabled: fc.option(fc.boolean(), { nil: undefined }),
          name: fc.option(fc.constantFrom("renamed", "Ада Лавлейс"), { nil: undefined }),
        })
        .map(({ pathId, ...change }) => ({ pathId, body: change }));
    case "resetPassword":
      return fc
        .record({ pathId: pick(dict.ids("User"), "x"), password: fc.option(fc.constant(FUZZ_PASSWORD), { nil: undefined }) })
        .map(({ pathId, password }) => ({ pathId, body: password ? { password } : {} }));
    case "login":
      return fc
        .record({
          email: pick(dict.emails, "admin@fuzz.test"),
          right: fc.boolean(),
          caller: fc.constantFrom("anonymous", "admin") as fc.Arbitrary<Caller>,
        })
        .map(({ email, right, caller }) => ({ caller, body: { email, password: right ? FUZZ_PASSWORD : "wrong password" } }));
    case "startJob":
      return fc
        .record({ datasetId: pick(datasets, "x"), kind: fc.constantFrom("score-pairs", "frontier-sweep", "judge-run", "model-eval", "unit-scores") })
        .map(({ datasetId, kind }) => {
          const payload: Record<string, unknown> = {
            "score-pairs": { datasetId, model: "snippet-mini" },
            "frontier-sweep": { datasetId, methods: ["bm25", "lead"], thresholds: [0.5], budgets: [100] },
            "judge-run": { datasetId, limit: 2 },
            "model-eval": { model: "snippet-mini", datasetId },
            "unit-scores": { datasetId, model: "snippet-mini" },
          }[kind]!;
          return { body: { kind, payload } };
        });
    case "getFrontierPairs":
      return fc
        .record({
          datasetId: pick(datasets, "x"),
          method: fc.constantFrom("bm25", "lead"),
          point: fc.oneof(fc.constant("threshold=0.5"), fc.constant("budget=100")),
        })
        .map(({ datasetId, method, point }) => ({ search: `datasetId=${datasetId}&method=${method}&${point}` }));
    case "getCategoryBreakdown":
    case "getCategoryPairs":
      return fc
        .record({
          datasetId: pick(datasets, "x"),
          method: fc.constantFrom("bm25", "lead"),
          category: fc.constantFrom(...SPAN_CATEGORIES, "unlabelled"),
        })
        .map(({ datasetId, method, category }) => ({
          search: `datasetId=${datasetId}&method=${method}&preset=low${operationId === "getCategoryPairs" ? `&category=${category}` : ""}`,
        }));
    default:
      return undefined;
  }
}
