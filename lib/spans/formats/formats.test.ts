import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isAppError } from "../../errors";
import { bertVocabFromNpm } from "../../tokenizer/test-support/bert-vocab-from-npm";
import { WordPieceTokenizer } from "../../tokenizer/wordpiece";
import { CATEGORY_META, SPAN_CATEGORIES } from "../categories";
import type { Span } from "../schemas";
import { decodeUtf8Strict } from "./decode-utf8-strict";
import { findInvalidUtf8 } from "../../text-decoding/find-invalid-utf8";
import { buildGoldRecords, exportGoldJsonl } from "./export-gold-jsonl";
import { exportLabelStudio } from "./export-label-studio";
import { buildProdigyRecords, exportProdigy } from "./export-prodigy";
import { importLabelStudio } from "./import-label-studio";
import { LS_FROM_NAME, LS_TO_NAME } from "./label-studio-types";
import { parseGoldJsonl } from "./parse-gold-jsonl";
import type { SpanDocument } from "./types";

const tok = new WordPieceTokenizer(bertVocabFromNpm());
const enc = (s: string) => new TextEncoder().encode(s);

const TEXT_A = "Tickets cost 12 euros. Buy now! Opening hours: 9-5.";
const TEXT_B = "The museum 🩷 opens at 10 am on weekends.";
const at = (text: string, needle: string) => {
  const start = text.indexOf(needle);
  if (start < 0) throw new Error(needle);
  return { start, end: start + needle.length, text: needle };
};
const span = (documentId: string, text: string, needle: string, rest: Omit<Span, "documentId" | "start" | "end" | "text">): Span => ({
  documentId,
  ...at(text, needle),
  ...rest,
});

function sampleDocs(): SpanDocument[] {
  return [
    {
      pairId: "p1",
      query: "How much is a ticket?",
      documentId: "docA",
      url: "https://example.org/a",
      title: "Museum",
      text: TEXT_A,
      spans: [
        span("docA", TEXT_A, "Tickets cost 12 euros.", { id: "h1", category: "vital", source: "human", author: "ann@x.org" }),
        span("docA", TEXT_A, "Buy now!", { id: "h2", category: "ads", source: "human", author: "ann@x.org" }),
        span("docA", TEXT_A, "Tickets cost 12 euros", { id: "h3", category: "vital", source: "human", author: "bob@x.org" }),
        span("docA", TEXT_A, "Tickets cost 12 euros.", { id: "g1", category: "vital", source: "gold", author: "rev@x.org" }),
        span("docA", TEXT_A, "Opening hours: 9-5.", { id: "g2", category: "off_topic", source: "gold" }),
        span("docA", TEXT_A, "cost 12 euros", { id: "m1", category: "vital", source: "model", author: "snippet-mini", score: 0.91 }),
        span("docA", TEXT_A, "Buy now!", { id: "j1", category: "ads", source: "judge", author: "gpt-judge", score: 0.5 }),
        span("docA", TEXT_A, "Opening", { id: "m2", category: "vital", source: "model" }),
      ],
    },
    {
      pairId: "p1",
      query: "How much is a ticket?",
      documentId: "docB",
      text: TEXT_B,
      spans: [span("docB", TEXT_B, "🩷", { id: "h9", category: "duplicate", source: "human", author: "ann@x.org", score: 1 })],
    },
  ];
}

const sortSpans = (l: Span[]) => l.slice().sort((a, b) => (a.id! < b.id! ? -1 : 1));
const normalize = (docs: SpanDocument[]) => docs.map((d) => ({ ...d, spans: sortSpans(d.spans) }));

describe("gold JSONL", () => {
  it("writes one line per pair × document with token keep labels from vital spans", () => {
    const [rec] = buildGoldRecords({ documents: [sampleDocs()[0]!], tokenizer: tok, keepSources: ["gold"] });
    const toks = rec!.tokens.starts.map((s, i) => TEXT_A.slice(s, rec!.tokens.ends[i]));
    expect(toks.slice(0, 6)).toEqual(["Tickets", "cost", "12", "euros", ".", "Buy"]);
    // Gold vital = "Tickets cost 12 euros." → first five tokens kept, nothing else.
    expect(rec!.tokens.keep).toEqual(toks.map((_, i) => (i < 5 ? 1 : 0)));
    expect(rec!.tokens.ids?.slice(0, 3)).toEqual(tok.encode(TEXT_A).ids.slice(0, 3));
    expect(rec!.spans[0]).toEqual({ start: 0, end: 21, text: "Tickets cost 12 euros", category: "vital", source: "human", author: "bob@x.org" });
    expect(Object.keys(rec!)).toEqual(["pairId", "query", "documentId", "text", "spans", "tokens", "url", "title"]);
    // Default keep sources = every span: the model's "Opening" then counts too.
    const all = buildGoldRecords({ documents: [sampleDocs()[0]!], tokenizer: tok })[0]!;
    expect(all.tokens.keep.filter(Boolean).length).toBe(6);
  });

  it("round-trips through parseGoldJsonl", () => {
    const text = exportGoldJsonl({ documents: sampleDocs(), tokenizer: tok });
    expect(text.split("\n")).toHaveLength(3);
    const r = parseGoldJsonl({ input: enc(text) });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.records).toEqual(buildGoldRecords({ documents: sampleDocs(), tokenizer: tok }));
    // Spans (without ids, which are DB-internal) survive.
    const spans = r.records.flatMap((x) => x.spans.map((s) => ({ ...s, documentId: x.documentId })));
    const original = sampleDocs().flatMap((d) => d.spans.map(({ id: _id, ...s }) => s));
    expect(sortBy(spans)).toEqual(sortBy(original));
  });

  it("keeps the blocks' structure through a round trip, a run-in heading's break included", () => {
    const blocks = [
      { start: 0, end: 22, kind: "paragraph" as const, role: "main" as const },
      { start: 23, end: 51, kind: "paragraph" as const, role: "footer" as const, linkDensity: 0.5, breaks: [32] },
    ];
    const text = exportGoldJsonl({ documents: [{ ...sampleDocs()[0]!, blocks }], tokenizer: tok });
    const r = parseGoldJsonl({ input: enc(text) });
    expect(r.ok && r.records[0]!.blocks).toEqual(blocks);
  });

  it("refuses blocks that do not fit the text, with the line and the block named", () => {
    const line = (blocks: unknown) => JSON.stringify({ ...buildGoldRecords({ documents: [sampleDocs()[0]!], tokenizer: tok })[0]!, blocks });
    const ok = [
      { start: 0, end: 22, kind: "heading", role: "header", level: 1 },
      { start: 23, end: 51, kind: "paragraph", role: "main" },
    ];
    const bad = [
      [{ ...ok[0], kind: "banner" }, ok[1]], // unknown kind
      [ok[0], { ...ok[1], role: "sidebar" }], // unknown role
      [ok[0], { ...ok[1], end: 60 }], // beyond the text
      [ok[1], ok[0]], // not sorted
      [ok[0]], // "Buy now! …" lies in no block
      [ok[0], { ...ok[1], breaks: [10] }], // a break outside its block
      [{ ...ok[0], kind: "paragraph" }, ok[1]], // a level on a paragraph
    ];
    const r = parseGoldJsonl({ input: [line(ok), ...bad.map(line)].join("\n") });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => e.record)).toEqual(["line 2", "line 3", "line 4", "line 5", "line 6", "line 7", "line 8"]);
    const messages = r.errors.map((e) => e.message);
    expect(messages[0]).toMatch(/blocks\[0\]\.kind/);
    expect(messages[1]).toMatch(/blocks\[1\]\.role/);
    expect(messages[2]).toMatch(/blocks\[1\]: \[23, 60\) is not a non-empty range within the text/);
    expect(messages[3]).toMatch(/sorted and disjoint/);
    expect(messages[4]).toMatch(/blocks: text at 23 \("Buy now! Opening hou"\) lies in no block/);
    expect(messages[5]).toMatch(/blocks\[1\]: break 10/);
    expect(messages[6]).toMatch(/blocks\[0\]: level 1 on a paragraph/);
  });

  it("refuses to export blocks an import would refuse", () => {
    const blocks = [{ start: 0, end: 22, kind: "paragraph" as const, role: "main" as const }];
    expect(() => exportGoldJsonl({ documents: [{ ...sampleDocs()[0]!, blocks }], tokenizer: tok })).toThrow(
      /1 document with invalid blocks, nothing exported[\s\S]*document docA blocks: text at 23/,
    );
  });

  it("reports bad lines with their number and imports nothing", () => {
    const good = exportGoldJsonl({ documents: sampleDocs(), tokenizer: tok }).split("\n")[0]!;
    const broken = JSON.parse(good);
    broken.spans[0].end = 999;
    const r = parseGoldJsonl({
      input: [good, "{oops", JSON.stringify(broken), JSON.stringify({ ...JSON.parse(good), tokens: { starts: [0], ends: [3], keep: [] } })].join(
        "\n",
      ),
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => e.record)).toEqual(["line 2", "line 3", "line 4"]);
    expect(r.errors[1]!.message).toMatch(/spans\[0\]: .*beyond the text/);
    expect(r.errors[2]!.message).toMatch(/lengths differ/);
  });

  it("refuses to export drifted spans", () => {
    const docs = sampleDocs();
    docs[0]!.spans[0]!.text = "Tickets cost 13 euros.";
    expect(() => exportGoldJsonl({ documents: docs, tokenizer: tok })).toThrow(/1 invalid span, nothing exported[\s\S]*span h1: text mismatch/);
  });
});

describe("Label Studio export", () => {
  const tasks = exportLabelStudio({ documents: sampleDocs() });

  it("puts human/gold layers in annotations and model/judge layers in predictions", () => {
    expect(tasks).toHaveLength(2);
    const t = tasks[0]!;
    expect(t.id).toBe(1);
    expect(t.data).toEqual({
      text: TEXT_A,
      query: "How much is a ticket?",
      pairId: "p1",
      documentId: "docA",
      url: "https://example.org/a",
      title: "Museum",
    });
    expect(t.annotations.map((a) => [a.completed_by, a.ground_truth, a.result.map((r) => r.id)])).toEqual([
      ["bob@x.org", false, ["h3"]],
      ["rev@x.org", true, ["g1"]],
      ["ann@x.org", false, ["h1", "h2"]],
      [undefined, true, ["g2"]],
    ]);
    expect(t.annotations[2]!.result[1]).toEqual({
      id: "h2",
      from_name: "label",
      to_name: "text",
      type: "labels",
      origin: "manual",
      value: { start: 23, end: 31, text: "Buy now!", labels: ["ads"] },
    });
    expect(t.predictions.map((p) => [p.model_version, p.score])).toEqual([
      ["model:snippet-mini", 0.91],
      ["judge:gpt-judge", 0.5],
      ["model", undefined],
    ]);
    expect(t.predictions[0]!.result[0]).toMatchObject({
      origin: "prediction",
      score: 0.91,
      value: { score: 0.91, labels: ["vital"], text: "cost 12 euros" },
    });
  });

  it("round-trips: export → JSON file → import loses nothing", () => {
    const file = enc(JSON.stringify(tasks, null, 2));
    const r = importLabelStudio({ input: file });
    expect(r.ok && r.records.length).toBe(2);
    if (!r.ok) return;
    expect(normalize(r.records)).toEqual(normalize(sampleDocs()));
  });

  it("matches the labeling config in docs/data-formats.md: every category with its hotkey and colour", () => {
    const doc = readFileSync(path.join(import.meta.dirname, "../../../docs/data-formats.md"), "utf8");
    const xml = /```xml\n([\s\S]*?<\/View>)\n\s*```/.exec(doc)?.[1] ?? "";
    expect(xml).toContain(`<Labels name="${LS_FROM_NAME}" toName="${LS_TO_NAME}">`);
    expect(xml).toContain(`<Text name="${LS_TO_NAME}" value="$text"`);
    const labels = [...xml.matchAll(/<Label value="([^"]+)" hotkey="([^"]+)" background="([^"]+)"\/>/g)].map((m) => m.slice(1));
    expect(labels).toEqual(SPAN_CATEGORIES.map((c) => [c, CATEGORY_META[c].key, CATEGORY_META[c].color]));
  });
});

describe("Label Studio import", () => {
  const region = (start: number, end: number, text: string, labels: string[], extra: object = {}) => ({
    id: `r${start}`,
    from_name: "label",
    to_name: "text",
    type: "labels",
    value: { start, end, text, labels },
    ...extra,
  });

  it("reads a native Label Studio export (numeric users, multi-label regions, cancelled annotations)", () => {
    const r = importLabelStudio({
      input: [
        {
          id: 42,
          data: { text: "Hello big world" },
          annotations: [
            { id: 1, completed_by: 7, result: [region(6, 9, "big", ["vital", "ads"])] },
            { id: 2, completed_by: { id: 8, email: "eve@x.org" }, was_cancelled: true, result: [] },
            { id: 3, completed_by: 9, ground_truth: true, result: [region(6, 9, "big", ["vital"])] },
          ],
          predictions: [{ model_version: "v3", result: [region(0, 5, "Hello", ["metadata"], { score: 0.3 })] }],
        },
      ],
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const [doc] = r.records;
    expect([doc!.pairId, doc!.documentId, doc!.query]).toEqual(["42", "42", ""]);
    expect(doc!.spans.map((s) => [s.id, s.category, s.source, s.author, s.score])).toEqual([
      ["r6", "vital", "human", "7", undefined],
      ["r6#ads", "ads", "human", "7", undefined],
      ["r6~2", "vital", "gold", "9", undefined],
      ["r0", "metadata", "model", "v3", 0.3],
    ]);
  });

  it("reports every bad record with its index and imports nothing", () => {
    const good = { data: { text: "abc def", documentId: "ok" }, annotations: [{ result: [region(0, 3, "abc", ["vital"])] }] };
    const r = importLabelStudio({
      input: JSON.stringify([
        good,
        { data: { title: "no text" } },
        { data: { text: "abc", documentId: "d2" }, annotations: [{ result: [region(1, 9, "bc", ["vital"])] }] },
        { data: { text: "abc def", documentId: "d3" }, annotations: [{ result: [region(4, 7, "xyz", ["vital"]), region(0, 3, "abc", ["spam"])] }] },
        { data: { text: "abc", documentId: "d4" }, predictions: [{ result: [{ id: "c", type: "choices", value: { choices: ["x"] } }] }] },
        { data: { text: "abc", documentId: "d5" }, annotations: [{ result: [region(2, 1, "", ["vital"])] }] },
        { data: { text: "a 🩷", documentId: "d6" }, annotations: [{ result: [region(3, 4, "\udc77", ["vital"])] }] },
        {
          data: { text: "abc", documentId: "d7" },
          annotations: [{ result: [{ id: "x", type: "labels", value: { start: 0.5, end: 2, labels: [] } }] }],
        },
        { ...good },
      ]),
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => [e.index, e.record])).toEqual([
      [1, "[1]"],
      [2, "[2].annotations[0].result[0]"],
      [3, "[3].annotations[0].result[0]"],
      [3, "[3].annotations[0].result[1]"],
      [4, "[4].predictions[0].result[0]"],
      [5, "[5].annotations[0].result[0]"],
      [6, "[6].annotations[0].result[0]"],
      [7, "[7].annotations[0].result[0]"],
      [8, "[8]"],
    ]);
    const msg = r.errors.map((e) => e.message);
    expect(msg[0]).toMatch(/data\.text/);
    expect(msg[1]).toBe("span [1, 9) ends beyond the text (3 chars)");
    expect(msg[2]).toBe('text mismatch at [4, 7): span has "xyz", document has "def"');
    expect(msg[3]).toMatch(/unknown label "spam"; expected one of vital, off_topic/);
    expect(msg[4]).toMatch(/unsupported result type "choices"/);
    expect(msg[5]).toMatch(/empty or reversed/);
    expect(msg[6]).toMatch(/surrogate/);
    expect(msg[7]).toBe("value.start must be an integer (got a decimal number); value.labels must not be empty");
    expect(msg[8]).toBe("pair ok document ok already came in task [0]");
  });

  it("refuses wrong top-level shapes and invalid JSON", () => {
    expect(importLabelStudio({ input: '{"tasks": []}' })).toEqual({
      ok: false,
      errors: [{ index: null, record: "file", message: "expected a JSON array of Label Studio tasks" }],
    });
    const bad = importLabelStudio({ input: "[{]" });
    expect(!bad.ok && bad.errors[0]!.message).toMatch(/^not valid JSON/);
    // A single task object is fine.
    expect(importLabelStudio({ input: JSON.stringify({ data: { text: "x" } }) }).ok).toBe(true);
  });

  it("refuses non-UTF-8 bytes with the byte offset", () => {
    const bytes = new Uint8Array([...enc('[{"data":{"text":"caf'), 0xe9, ...enc('"}}]')]);
    const r = importLabelStudio({ input: bytes });
    expect(r).toEqual({
      ok: false,
      errors: [
        {
          index: null,
          record: "file",
          message: "Label Studio file is not valid UTF-8: invalid or truncated sequence at byte offset 21 (byte 0xE9); save it as UTF-8 and retry",
        },
      ],
    });
  });

  it("refuses oversized input before parsing", () => {
    const huge = new Uint8Array(101 * 1024 * 1024); // 101 MB of zeros: never decoded or parsed
    const r = importLabelStudio({ input: huge });
    expect(!r.ok && r.errors[0]!.message).toBe("Label Studio file is 101 MB; the limit is 20 MB");
    const small = importLabelStudio({ input: JSON.stringify([{ data: { text: "hello" } }]), maxBytes: 10 });
    expect(!small.ok && small.errors[0]!.message).toBe("Label Studio file is 27 B; the limit is 10 B");
    expect(importLabelStudio({ input: [{ data: { text: "a" } }, { data: { text: "b" } }], maxTasks: 1 })).toMatchObject({
      ok: false,
      errors: [{ message: "2 tasks; the limit is 1" }],
    });
  });
});

describe("Prodigy export", () => {
  it("writes spans with inclusive token indices", () => {
    const docs = sampleDocs();
    const [rec] = buildProdigyRecords({ documents: [docs[0]!], tokenizer: tok });
    expect(rec!.meta).toEqual({ pairId: "p1", query: "How much is a ticket?", documentId: "docA", url: "https://example.org/a", title: "Museum" });
    expect(rec!.answer).toBe("accept");
    // "Tickets cost 12 euros" = tokens 0..3; "cost 12 euros" = 1..3; "Buy now!" = 5..7.
    expect(rec!.spans.slice(0, 3)).toEqual([
      { start: 0, end: 21, label: "vital", token_start: 0, token_end: 3 },
      { start: 0, end: 22, label: "vital", token_start: 0, token_end: 4 },
      { start: 0, end: 22, label: "vital", token_start: 0, token_end: 4 },
    ]);
    expect(rec!.spans.find((s) => s.label === "ads")).toEqual({ start: 23, end: 31, label: "ads", token_start: 5, token_end: 7 });
    expect(rec!.tokens?.[3]).toEqual({ text: "euros", start: 16, end: 21, id: 3, ws: false });
    expect(rec!.tokens?.[4]).toMatchObject({ text: ".", ws: true });
  });

  it("omits token fields without a tokenizer and writes JSONL", () => {
    const lines = exportProdigy({ documents: sampleDocs() }).trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    const second = JSON.parse(lines[1]!);
    expect(second).toEqual({
      text: TEXT_B,
      meta: { pairId: "p1", query: "How much is a ticket?", documentId: "docB" },
      spans: [{ start: 11, end: 13, label: "duplicate" }],
      answer: "accept",
    });
  });
});

describe("decodeUtf8Strict", () => {
  it("decodes valid UTF-8 and drops a BOM", () => {
    expect(decodeUtf8Strict(new Uint8Array([0xef, 0xbb, 0xbf, ...enc("café 🩷")]))).toBe("café 🩷");
  });
  it("finds the first invalid sequence", () => {
    expect(findInvalidUtf8(enc("ok 🩷"))).toBe(-1);
    expect(findInvalidUtf8(new Uint8Array([0x61, 0xff]))).toBe(1);
    expect(findInvalidUtf8(new Uint8Array([0x61, 0xc0, 0x80]))).toBe(1); // overlong
    expect(findInvalidUtf8(new Uint8Array([0x61, 0x62, 0xe2, 0x82]))).toBe(2); // truncated
    expect(findInvalidUtf8(new Uint8Array([0xed, 0xa0, 0x80]))).toBe(0); // encoded surrogate
    expect(findInvalidUtf8(new Uint8Array([0xf4, 0x90, 0x80, 0x80]))).toBe(0); // > U+10FFFF
  });
  it("throws an UNPROCESSABLE AppError naming the offset", () => {
    try {
      decodeUtf8Strict(new Uint8Array([0x61, 0x62, 0x80]), { label: "upload.json" });
      expect.unreachable();
    } catch (e) {
      expect(isAppError(e) && e.code).toBe("UNPROCESSABLE");
      expect((e as Error).message).toBe(
        "upload.json is not valid UTF-8: invalid or truncated sequence at byte offset 2 (byte 0x80); save it as UTF-8 and retry",
      );
    }
  });
});

function sortBy<T extends { documentId: string; start: number; end: number; category: string; source: string; author?: string }>(l: T[]): T[] {
  return l
    .slice()
    .sort((a, b) =>
      JSON.stringify([a.documentId, a.start, a.end, a.category, a.source, a.author ?? ""]).localeCompare(
        JSON.stringify([b.documentId, b.start, b.end, b.category, b.source, b.author ?? ""]),
      ),
    );
}

describe("externalId and streamed numbering", () => {
  const withExternal = () => sampleDocs().map((d) => ({ ...d, externalId: "src-1" }));
  it("carries externalId through gold JSONL, Label Studio and Prodigy", () => {
    const gold = parseGoldJsonl({ input: exportGoldJsonl({ documents: withExternal(), tokenizer: tok }) });
    expect(gold.ok && gold.records.map((r) => r.externalId)).toEqual(["src-1", "src-1"]);
    const ls = importLabelStudio({ input: JSON.stringify(exportLabelStudio({ documents: withExternal() })) });
    expect(ls.ok && ls.records.map((r) => r.externalId)).toEqual(["src-1", "src-1"]);
    expect(buildProdigyRecords({ documents: withExternal() }).map((r) => r.meta.externalId)).toEqual(["src-1", "src-1"]);
    expect(exportLabelStudio({ documents: sampleDocs() })[0]!.data).not.toHaveProperty("externalId");
  });
  it("numbers tasks and annotations from the given offsets", () => {
    const tasks = exportLabelStudio({ documents: sampleDocs(), firstTaskId: 11, firstAnnotationId: 101 });
    expect(tasks.map((t) => t.id)).toEqual([11, 12]);
    expect(tasks.flatMap((t) => t.annotations.map((a) => a.id))).toEqual([101, 102, 103, 104, 105]);
  });
});
