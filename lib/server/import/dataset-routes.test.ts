// Dataset routes end to end against a temp SQLite database: permissions, pair creation (pasted and fetched), imports
// (every format, bad files all-or-nothing, size limits) and exports (round trips through gold JSONL and Label Studio).
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as datasetsRoute from "@/app/api/v1/datasets/route";
import * as exportRoute from "@/app/api/v1/datasets/[id]/export/route";
import * as importRoute from "@/app/api/v1/datasets/[id]/import/route";
import * as pairsRoute from "@/app/api/v1/datasets/[id]/pairs/route";
import { MiB } from "@/lib/schemas/limits";
import { createSession } from "../auth/create-session";
import { SESSION_COOKIE } from "../auth/session-cookie";
import { createTempDatabase, seedRoleUsers, type TempDatabase } from "../auth/test-helpers";
import { disconnectDb, getDb } from "../db/client";
import { createPair } from "../db/create-pair";
import { ROLES, type Role } from "../../schemas/enums";
import type { PrismaClient } from "../db/generated/client";
import { getPair } from "../db/get-pair";

let temp: TempDatabase;
let db: PrismaClient;
let users: Record<Role, { id: string; email: string }>;
const tokens = {} as Record<Role, string>;

beforeAll(async () => {
  temp = await createTempDatabase("datasets");
  process.env.DATABASE_URL = temp.url;
  db = getDb();
  users = await seedRoleUsers(db);
  for (const role of ROLES) tokens[role] = (await createSession({ db, userId: users[role].id })).token;
});
afterAll(async () => {
  await disconnectDb();
  temp?.cleanup();
});

const ORIGIN = "http://127.0.0.1:3000";
type ReqInit = RequestInit & { as?: Role | null; headers?: Record<string, string> };
function req(p: string, { as = "researcher", headers = {}, ...rest }: ReqInit = {}) {
  const h = new Headers(headers);
  h.set("host", "127.0.0.1:3000");
  if (as) h.set("cookie", `${SESSION_COOKIE}=${tokens[as]}`);
  return new Request(`${ORIGIN}${p}`, { ...rest, headers: h, ...(rest.body instanceof ReadableStream ? { duplex: "half" } : {}) } as RequestInit);
}
const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const postJson = (p: string, body: unknown, as: Role | null = "researcher") =>
  req(p, { as, method: "POST", headers: { "content-type": "application/json", origin: ORIGIN }, body: JSON.stringify(body) });

async function createDatasetVia(name: string): Promise<string> {
  const res = await datasetsRoute.POST(postJson("/api/v1/datasets", { name }), undefined);
  expect(res.status).toBe(201);
  return (await res.json()).dataset.id as string;
}

function importReq(id: string, format: string, file: string | Uint8Array, as: Role | null = "researcher", extra: Record<string, string> = {}) {
  const form = new FormData();
  form.set("format", format);
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  form.set("file", new Blob([typeof file === "string" ? file : new Uint8Array(file)]), `upload.${format.includes("jsonl") ? "jsonl" : "json"}`);
  return req(`/api/v1/datasets/${id}/import`, { as, method: "POST", body: form });
}
const importFile = async (id: string, format: string, file: string | Uint8Array, extra: Record<string, string> = {}) =>
  importRoute.POST(importReq(id, format, file, "researcher", extra), ctx(id));

const exportReq = (id: string, format: string, as: Role | null = "researcher") => req(`/api/v1/datasets/${id}/export?format=${format}`, { as });
async function exportText(id: string, format: string): Promise<string> {
  const res = await exportRoute.GET(exportReq(id, format), ctx(id));
  expect(res.status, await res.clone().text()).toBe(200);
  return res.text();
}

/** Row counts of every table an import writes: "nothing half-imported" means these do not move. */
async function counts() {
  return {
    datasets: await db.dataset.count(),
    queries: await db.query.count(),
    pairs: await db.pair.count(),
    documents: await db.document.count(),
    pairDocuments: await db.pairDocument.count(),
    spans: await db.span.count(),
    events: await db.spanEvent.count(),
    suggestions: await db.suggestion.count(),
  };
}

describe("permissions", () => {
  it("annotators and reviewers cannot create datasets; signed-out users get 401; everyone signed in can list", async () => {
    for (const role of ["annotator", "reviewer"] as const) {
      const res = await datasetsRoute.POST(postJson("/api/v1/datasets", { name: `nope-${role}` }, role), undefined);
      expect(res.status).toBe(403);
      expect((await res.json()).error.message).toMatch(/dataset:write/);
    }
    expect((await datasetsRoute.POST(postJson("/api/v1/datasets", { name: "anon" }, null), undefined)).status).toBe(401);
    expect((await datasetsRoute.GET(req("/api/v1/datasets", { as: null }), undefined)).status).toBe(401);
    expect((await datasetsRoute.GET(req("/api/v1/datasets", { as: "annotator" }), undefined)).status).toBe(200);
    expect(await db.dataset.count({ where: { name: { startsWith: "nope" } } })).toBe(0);
  });

  it("annotators and reviewers cannot import or create pairs; annotators cannot export", async () => {
    const id = await createDatasetVia("perm");
    const before = await counts();
    for (const role of ["annotator", "reviewer"] as const) {
      expect((await importRoute.POST(importReq(id, "jsonl", readFixture("examples.jsonl"), role), ctx(id))).status).toBe(403);
      const pair = await pairsRoute.POST(postJson(`/api/v1/datasets/${id}/pairs`, { query: "q", results: [{ text: "t" }] }, role), ctx(id));
      expect(pair.status).toBe(403);
    }
    expect((await importRoute.POST(importReq(id, "jsonl", readFixture("examples.jsonl"), null), ctx(id))).status).toBe(401);
    expect((await exportRoute.GET(exportReq(id, "label-studio", "annotator"), ctx(id))).status).toBe(403);
    expect((await exportRoute.GET(exportReq(id, "label-studio", null), ctx(id))).status).toBe(401);
    expect((await exportRoute.GET(exportReq(id, "label-studio", "reviewer"), ctx(id))).status).toBe(200);
    expect(await counts()).toEqual(before);
  });
});

describe("datasets", () => {
  it("creates, refuses duplicates and lists with counts", async () => {
    const id = await createDatasetVia("listed");
    const dup = await datasetsRoute.POST(postJson("/api/v1/datasets", { name: "listed" }), undefined);
    expect(dup.status).toBe(409);
    expect((await datasetsRoute.POST(postJson("/api/v1/datasets", { name: "  " }), undefined)).status).toBe(400);
    await createPair({ db, datasetId: id, query: "q", documents: [{ text: "Alpha beta." }, { text: "Gamma." }] });
    const list = (await (await datasetsRoute.GET(req("/api/v1/datasets"), undefined)).json()).datasets as {
      id: string;
      pairs: number;
      documents: number;
      goldPairs: number;
    }[];
    expect(list.find((d) => d.id === id)).toMatchObject({ pairs: 1, documents: 2, goldPairs: 0 });
  });
});

describe("POST /datasets/:id/pairs", () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((r, res) => {
      if (r.url === "/junk") {
        res.writeHead(200, { "content-type": "text/plain" });
        res.end(readTextFixture("random-binary.bin"));
        return;
      }
      if (r.url === "/koi8") {
        res.writeHead(200, { "content-type": "text/html" });
        res.end(readTextFixture("koi8u-ukrainian.html"));
        return;
      }
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end("<html><head><title>Fetched</title></head><body><main><p>The fetched page says hello.</p></main></body></html>");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it("creates a pair from pasted text and HTML and returns its id", async () => {
    const id = await createDatasetVia("pasted");
    const res = await pairsRoute.POST(
      postJson(`/api/v1/datasets/${id}/pairs`, {
        query: "  How much is a ticket?  ",
        results: [{ text: "Tickets cost 12 euros.\n\nBuy now!", title: "Prices" }, { html: "<p>Opening <b>hours</b>: 9-5.</p>" }],
      }),
      ctx(id),
    );
    expect(res.status).toBe(201);
    const pair = await getPair({ db, id: (await res.json()).id });
    expect(pair).toMatchObject({ datasetId: id, query: { text: "How much is a ticket?" }, status: "unlabeled" });
    expect(pair!.documents.map((d) => [d.title, d.text, d.rawHtml !== null])).toEqual([
      ["Prices", "Tickets cost 12 euros.\nBuy now!", false],
      [null, "Opening hours: 9-5.", true],
    ]);
  });

  it("fetches URL results server-side only when private addresses are allowed", async () => {
    const id = await createDatasetVia("fetched");
    const body = { query: "What does the page say?", results: [{ url: `${base}/page` }] };
    const prev = process.env.SNIPPET_LAB_FETCH_ALLOW_PRIVATE;
    try {
      delete process.env.SNIPPET_LAB_FETCH_ALLOW_PRIVATE;
      const refused = await pairsRoute.POST(postJson(`/api/v1/datasets/${id}/pairs`, body), ctx(id));
      expect(refused.status).toBe(400);
      expect((await refused.json()).error.message).toMatch(/^Result 1: refusing to fetch .*loopback/);
      process.env.SNIPPET_LAB_FETCH_ALLOW_PRIVATE = "1";
      const ok = await pairsRoute.POST(postJson(`/api/v1/datasets/${id}/pairs`, body), ctx(id));
      expect(ok.status).toBe(201);
      const pair = await getPair({ db, id: (await ok.json()).id });
      expect(pair!.documents[0]).toMatchObject({
        url: `${base}/page`,
        title: "Fetched",
        text: expect.stringContaining("The fetched page says hello."),
      });
    } finally {
      if (prev === undefined) delete process.env.SNIPPET_LAB_FETCH_ALLOW_PRIVATE;
      else process.env.SNIPPET_LAB_FETCH_ALLOW_PRIVATE = prev;
    }
  });

  describe("uploaded files (multipart) are decoded strictly, all or nothing", () => {
    const filesReq = (
      id: string,
      files: { name: string; bytes: Uint8Array | string; type?: string }[],
      fields: Record<string, string> = { query: "Is the coffee good?" },
    ) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      for (const f of files)
        form.append("file", new File([typeof f.bytes === "string" ? f.bytes : new Uint8Array(f.bytes)], f.name, f.type ? { type: f.type } : {}));
      return req(`/api/v1/datasets/${id}/pairs`, { method: "POST", headers: { origin: ORIGIN }, body: form });
    };

    it("stores a cp1252 .txt, a UTF-16 file with a BOM, charset-declared and <meta>-declared files correctly", async () => {
      const id = await createDatasetVia("files-decoded");
      const res = await pairsRoute.POST(
        filesReq(
          id,
          [
            { name: "caffe.txt", bytes: readTextFixture("cp1252-italian.txt"), type: "text/plain" },
            { name: "gruss.txt", bytes: readTextFixture("utf16le-bom.txt") },
            { name: "uk.txt", bytes: readTextFixture("windows1251-ukrainian.txt"), type: "text/plain; charset=windows-1251" },
            { name: "zh.html", bytes: readTextFixture("gb18030-chinese.html"), type: "text/html" },
          ],
          { query: "Is the coffee good?", results: JSON.stringify([{ text: "Pasted first." }]) },
        ),
        ctx(id),
      );
      expect(res.status, await res.clone().text()).toBe(201);
      const pair = await getPair({ db, id: (await res.json()).id });
      expect(pair!.documents.map((d) => [d.title, d.text])).toEqual([
        [null, "Pasted first."],
        ["caffe", "Il caffè è buono. L’espresso costa 1,20 € — «perché no?» À domani, Müller & Søren."],
        ["gruss", "Grüße aus Köln — 日本語のテキスト 🙂 Zweite Zeile."],
        ["uk", "Привіт, світе! Ґанок, їжак, Європа й ще трохи тексту українською."],
        ["zh", "今天天气很好，我们去公园散步吧。中文文本测试：GB18030 编码。"],
      ]);
      expect(pair!.documents.some((d) => d.text.includes("\ufffd"))).toBe(false);
    });

    it("refuses a binary file with a 422 naming it, and creates nothing when one file of three is bad", async () => {
      const id = await createDatasetVia("files-refused");
      const before = await counts();
      const res = await pairsRoute.POST(
        filesReq(id, [
          { name: "good.txt", bytes: "A perfectly good page." },
          { name: "junk.txt", bytes: readTextFixture("random-binary.bin"), type: "text/plain" },
          { name: "caffe.txt", bytes: readTextFixture("cp1252-italian.txt") },
        ]),
        ctx(id),
      );
      expect(res.status).toBe(422);
      const body = await res.json();
      expect(body.error).toMatchObject({
        code: "UNPROCESSABLE",
        message: "junk.txt: looks like binary data, not text",
        details: { errors: [{ file: "junk.txt", message: "junk.txt: looks like binary data, not text" }] },
      });
      expect(await counts()).toEqual(before);

      // Undecodable (undeclared Cyrillic) and truncated UTF-8 are refused the same way, every bad file named.
      const two = await pairsRoute.POST(
        filesReq(id, [
          { name: "uk.txt", bytes: readTextFixture("windows1251-ukrainian.txt") },
          { name: "cut.txt", bytes: readTextFixture("truncated-utf8.txt") },
        ]),
        ctx(id),
      );
      expect(two.status).toBe(422);
      const msg = (await two.json()).error.message as string;
      expect(msg).toMatch(
        /^2 files refused, nothing was created: uk\.txt: not UTF-8, and its encoding could not be recognised .*; cut\.txt: not valid UTF-8: it ends in the middle of a character/,
      );
      expect(await counts()).toEqual(before);
    });

    it("an oversize file is a 413 naming it; an empty one a 422", async () => {
      const id = await createDatasetVia("files-size");
      const before = await counts();
      const big = await pairsRoute.POST(filesReq(id, [{ name: "big.txt", bytes: new Uint8Array(6 * MiB).fill(0x61) }]), ctx(id));
      expect(big.status).toBe(413);
      expect((await big.json()).error.message).toBe("big.txt is 6 MB; a result is at most 5 MB");
      const justOver = await pairsRoute.POST(filesReq(id, [{ name: "big5mb.txt", bytes: new Uint8Array(5 * MiB + 1).fill(0x61) }]), ctx(id));
      expect(justOver.status).toBe(413);
      expect((await justOver.json()).error.message).toBe("big5mb.txt is 5,242,881 bytes; a result is at most 5,242,880 bytes (5 MB)");
      const empty = await pairsRoute.POST(filesReq(id, [{ name: "empty.txt", bytes: " \n" }]), ctx(id));
      expect(empty.status).toBe(422);
      expect((await empty.json()).error.message).toBe("empty.txt is empty");
      expect(await counts()).toEqual(before);
    });

    it("pasted binary text and invalid UTF-8 JSON are refused too", async () => {
      const id = await createDatasetVia("pasted-refused");
      const pasted = await pairsRoute.POST(
        postJson(`/api/v1/datasets/${id}/pairs`, { query: "q", results: [{ text: "ok" }, { text: "\u0000\u0001\u0002\u0003\u0004" }] }),
        ctx(id),
      );
      expect(pasted.status).toBe(400);
      expect((await pasted.json()).error.message).toContain("results.1.text: looks like binary data, not text");
      const bytes = new Uint8Array([
        ...new TextEncoder().encode('{"query": "caf'),
        0xe9,
        ...new TextEncoder().encode('", "results": [{"text": "x"}]}'),
      ]);
      const invalid = await pairsRoute.POST(
        req(`/api/v1/datasets/${id}/pairs`, { method: "POST", headers: { "content-type": "application/json", origin: ORIGIN }, body: bytes }),
        ctx(id),
      );
      expect(invalid.status).toBe(400);
      expect((await invalid.json()).error).toMatchObject({ code: "BAD_REQUEST", details: { reason: "encoding", byteOffset: 14 } });
      expect(await db.pair.count({ where: { datasetId: id } })).toBe(0);
    });

    it("a fetched URL is decoded by its <meta> charset, and binary is refused naming the result", async () => {
      const id = await createDatasetVia("fetched-charsets");
      const prev = process.env.SNIPPET_LAB_FETCH_ALLOW_PRIVATE;
      process.env.SNIPPET_LAB_FETCH_ALLOW_PRIVATE = "1";
      try {
        const ok = await pairsRoute.POST(postJson(`/api/v1/datasets/${id}/pairs`, { query: "q", results: [{ url: `${base}/koi8` }] }), ctx(id));
        expect(ok.status).toBe(201);
        const pair = await getPair({ db, id: (await ok.json()).id });
        expect(pair!.documents[0]!.text).toContain("Привіт, світе! Ґанок, їжак");
        const junk = await pairsRoute.POST(
          postJson(`/api/v1/datasets/${id}/pairs`, { query: "q", results: [{ text: "fine" }, { url: `${base}/junk` }] }),
          ctx(id),
        );
        expect(junk.status).toBe(422);
        expect((await junk.json()).error.message).toBe(`Result 2: ${base}/junk: looks like binary data, not text`);
        expect(await db.pair.count({ where: { datasetId: id } })).toBe(1);
      } finally {
        if (prev === undefined) delete process.env.SNIPPET_LAB_FETCH_ALLOW_PRIVATE;
        else process.env.SNIPPET_LAB_FETCH_ALLOW_PRIVATE = prev;
      }
    });
  });

  it("validates the body and the dataset", async () => {
    const id = await createDatasetVia("invalid-pairs");
    const bad = [
      { query: "", results: [{ text: "x" }] },
      { query: "q", results: [] },
      { query: "q", results: [{ text: "x", html: "<p>x</p>" }] },
      { query: "q", results: [{ url: "file:///etc/passwd" }] },
    ];
    for (const b of bad) expect((await pairsRoute.POST(postJson(`/api/v1/datasets/${id}/pairs`, b), ctx(id))).status).toBe(400);
    expect(
      (await pairsRoute.POST(postJson(`/api/v1/datasets/${id}/pairs`, { query: "q", results: [{ html: "<script>x</script>" }] }), ctx(id))).status,
    ).toBe(422);
    expect((await pairsRoute.POST(postJson("/api/v1/datasets/missing/pairs", { query: "q", results: [{ text: "x" }] }), ctx("missing"))).status).toBe(
      404,
    );
    expect(await db.pair.count({ where: { datasetId: id } })).toBe(0);
  });
});

const FIXTURES = path.resolve(import.meta.dirname, "../../data/fixtures");
const readTextFixture = (name: string) => new Uint8Array(readFileSync(path.resolve(import.meta.dirname, "../../text-decoding/fixtures", name)));
const readFixture = (name: string) => readFileSync(path.join(FIXTURES, name), "utf8");

describe("imports", () => {
  it("imports JSONL, SQuAD and HotpotQA through the importers, evidence as gold; re-import is idempotent", async () => {
    for (const [format, file] of [
      ["jsonl", "examples.jsonl"],
      ["squad", "squad-tiny.json"],
      ["hotpotqa", "hotpotqa-tiny.json"],
    ] as const) {
      const id = await createDatasetVia(`import-${format}`);
      const res = await importFile(id, format, readFixture(file));
      const summary = await res.json();
      expect(res.status, JSON.stringify(summary)).toBe(200);
      expect(summary.pairs).toBeGreaterThan(0);
      expect(summary.goldSpans).toBeGreaterThan(0);
      expect(await db.pair.count({ where: { datasetId: id, status: "accepted" } })).toBe(summary.pairs);
      // Every stored gold span covers its document's text exactly.
      const spans = await db.span.findMany({
        where: { pair: { datasetId: id } },
        select: { start: true, end: true, text: true, category: true, document: { select: { text: true } } },
      });
      for (const s of spans) {
        expect(s.document.text.slice(s.start, s.end)).toBe(s.text);
        expect(s.category).toBe("vital");
      }
      const again = await (await importFile(id, format, readFixture(file))).json();
      expect(again).toMatchObject({ pairs: 0, skipped: summary.pairs });
    }
  });

  it("can store evidence as model suggestions instead (raw body with ?format=)", async () => {
    const id = await createDatasetVia("import-suggest");
    const res = await importRoute.POST(
      req(`/api/v1/datasets/${id}/import?format=jsonl&evidence=suggestion`, { method: "POST", body: readFixture("examples.jsonl") }),
      ctx(id),
    );
    const summary = await res.json();
    expect(res.status).toBe(200);
    expect(summary).toMatchObject({ goldSpans: 0 });
    expect(summary.suggestions).toBeGreaterThan(0);
    expect(await db.suggestion.count({ where: { pair: { datasetId: id }, modelName: "jsonl-evidence", source: "model" } })).toBe(summary.suggestions);
    expect(await db.pair.count({ where: { datasetId: id, status: "unlabeled" } })).toBe(summary.pairs);
  });

  describe("bad files give per-record errors and leave the database unchanged", () => {
    let id: string;
    beforeAll(async () => {
      id = await createDatasetVia("bad-files");
    });
    const task = (value: object, extra: object = {}) => ({
      data: { text: "Tickets cost 12 euros. Buy now!", query: "q", pairId: "p1", documentId: "d1" },
      annotations: [{ result: [{ id: "r1", from_name: "label", to_name: "text", type: "labels", value }] }],
      ...extra,
    });
    const expect422 = async (format: string, file: string | Uint8Array, match: { record?: unknown; message: RegExp }[]) => {
      const before = await counts();
      const res = await importFile(id, format, file);
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(body.error.code).toBe("UNPROCESSABLE");
      const errors = body.error.details.errors as { record: unknown; message: string }[];
      for (const m of match)
        expect(errors).toContainEqual(
          expect.objectContaining({ ...(m.record !== undefined ? { record: m.record } : {}), message: expect.stringMatching(m.message) }),
        );
      expect(await counts()).toEqual(before);
      return errors;
    };

    it("wrong schema", async () => {
      const file = JSON.stringify([task({ start: 0, end: 7, text: "Tickets", labels: ["vital"] }), { data: { query: "no text" } }, { nope: 1 }]);
      const errors = await expect422("label-studio", file, [
        { record: "[1]", message: /data\.text/ },
        { record: "[2]", message: /data/ },
      ]);
      expect(errors).toHaveLength(2);
      await expect422("jsonl", '{"id": "a", "query": "q", "text": "t", "evidence": [{"start": 0, "end": 1}]}\n{"id": "b", "query": 5}\n', [
        { record: "line 2", message: /query must be a string \(got a number\)/ },
      ]);
      await expect422("squad", JSON.stringify({ version: "1.1" }), [{ record: "file", message: /data/ }]);
      await expect422("hotpotqa", "{not json", [{ record: "file", message: /not valid JSON/ }]);
      await expect422("gold-jsonl", '{"pairId": "p"}\n', [{ record: "line 1", message: /query|documentId|text/ }]);
    });

    it("offsets outside the text", async () => {
      await expect422("label-studio", JSON.stringify([task({ start: 23, end: 900, labels: ["ads"] })]), [
        { record: "[0].annotations[0].result[0]", message: /ends beyond the text \(31 chars\)/ },
      ]);
      const line = {
        pairId: "p",
        query: "q",
        documentId: "d",
        text: "abc",
        spans: [{ start: 1, end: 9, text: "bc", category: "vital", source: "gold" }],
        tokens: { starts: [], ends: [], keep: [] },
      };
      await expect422("gold-jsonl", JSON.stringify(line) + "\n", [{ record: "line 1", message: /spans\[0\].*beyond the text/ }]);
      await expect422("jsonl", '{"id": "a", "query": "q", "text": "short", "evidence": [{"start": 2, "end": 50}]}\n', [
        { record: "line 1", message: /beyond the text/ },
      ]);
    });

    it("text that no longer matches", async () => {
      await expect422("label-studio", JSON.stringify([task({ start: 0, end: 7, text: "Tickers", labels: ["vital"] })]), [
        { record: "[0].annotations[0].result[0]", message: /text mismatch at \[0, 7\)/ },
      ]);
      const line = {
        pairId: "p",
        query: "q",
        documentId: "d",
        text: "abc",
        spans: [{ start: 0, end: 2, text: "xx", category: "vital", source: "gold" }],
        tokens: { starts: [], ends: [], keep: [] },
      };
      await expect422("gold-jsonl", JSON.stringify(line) + "\n", [{ record: "line 1", message: /text mismatch/ }]);
    });

    it("gold JSONL blocks that do not fit the text", async () => {
      const line = (blocks: unknown) =>
        JSON.stringify({
          pairId: "p",
          query: "q",
          documentId: "d",
          text: "Title\nBody text.",
          blocks,
          spans: [],
          tokens: { starts: [], ends: [], keep: [] },
        });
      const title = { start: 0, end: 5, kind: "heading", role: "main", level: 1 };
      await expect422("gold-jsonl", line([title]) + "\n", [{ record: "line 1", message: /blocks: text at 6 \("Body text\."\) lies in no block/ }]);
      await expect422("gold-jsonl", line([title, { start: 6, end: 16, kind: "paragraph", role: "sidebar" }]) + "\n", [
        { record: "line 1", message: /blocks\[1\]\.role/ },
      ]);
      await expect422("gold-jsonl", line([{ start: 6, end: 16, kind: "paragraph", role: "main" }, title]) + "\n", [
        { record: "line 1", message: /blocks\[1\]: .*sorted and disjoint/ },
      ]);
    });

    it("unknown labels and one bad record among good ones import nothing", async () => {
      const good = task({ start: 0, end: 7, text: "Tickets", labels: ["vital"] });
      const bad = { ...task({ start: 0, end: 7, text: "Tickets", labels: ["spam"] }), data: { ...good.data, pairId: "p2" } };
      await expect422("label-studio", JSON.stringify([good, bad]), [{ record: "[1].annotations[0].result[0]", message: /unknown label "spam"/ }]);
    });

    it("non-UTF-8 bytes", async () => {
      const bytes = new Uint8Array([
        ...new TextEncoder().encode('{"id": "a", "query": "caf'),
        0xe9,
        ...new TextEncoder().encode('", "text": "x", "evidence": [{"text": "x"}]}\n'),
      ]);
      for (const format of ["jsonl", "label-studio", "gold-jsonl", "squad"]) {
        await expect422(format, bytes, [
          { record: "file", message: /not valid UTF-8: invalid or truncated sequence at byte offset 25 \(byte 0xE9\)/ },
        ]);
      }
    });

    it("> 100 MB: 413 from Content-Length before reading", async () => {
      const before = await counts();
      let pulled = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(c) {
          pulled++;
          c.enqueue(new Uint8Array(16));
          c.close();
        },
      });
      const res = await importRoute.POST(
        req(`/api/v1/datasets/${id}/import?format=jsonl`, { method: "POST", body, headers: { "content-length": String(100 * MiB + 1) } }),
        ctx(id),
      );
      expect(res.status).toBe(413);
      // One byte over: exact sizes (rounded, both would read "100 MB").
      expect((await res.json()).error.message).toMatch(/is 104,857,601 bytes; at most 104,857,600 bytes \(100 MB\)/);
      expect(pulled).toBeLessThanOrEqual(1); // a stream may pre-pull once; the route never read it
      expect(await counts()).toEqual(before);
    });

    it("> 100 MB streamed without Content-Length (raw and multipart): 413 while reading", async () => {
      const before = await counts();
      const chunk = new Uint8Array(MiB).fill(0x20); // one buffer enqueued again and again: nothing near 100 MB is allocated
      const stream = (prefix?: Uint8Array) => {
        let sent = 0;
        return new ReadableStream<Uint8Array>({
          pull(c) {
            if (sent === 0 && prefix) c.enqueue(prefix);
            if (sent++ >= 200) return c.close();
            c.enqueue(chunk);
          },
        });
      };
      const raw = await importRoute.POST(req(`/api/v1/datasets/${id}/import?format=jsonl`, { method: "POST", body: stream() }), ctx(id));
      expect(raw.status).toBe(413);
      const boundary = "----snippetlab";
      const head = new TextEncoder().encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="format"\r\n\r\njsonl\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jsonl"\r\n\r\n`,
      );
      const multipart = await importRoute.POST(
        req(`/api/v1/datasets/${id}/import`, {
          method: "POST",
          body: stream(head),
          headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
        }),
        ctx(id),
      );
      expect(multipart.status).toBe(413);
      expect(await counts()).toEqual(before);
    });

    it("a missing format or file is a 400, an unknown dataset 404", async () => {
      const noFormat = await importRoute.POST(req(`/api/v1/datasets/${id}/import`, { method: "POST", body: "x" }), ctx(id));
      expect(noFormat.status).toBe(400);
      expect((await noFormat.json()).error.message).toMatch(/format must be one of jsonl, squad/);
      const form = new FormData();
      form.set("format", "jsonl");
      expect((await importRoute.POST(req(`/api/v1/datasets/${id}/import`, { method: "POST", body: form }), ctx(id))).status).toBe(400);
      expect((await importFile("missing", "jsonl", readFixture("examples.jsonl"))).status).toBe(404);
    });
  });
});

describe("exports and round trips", () => {
  const TEXT_A = "Tickets cost 12 euros. Buy now! Great deals today. Opening hours: 9-5.";
  const TEXT_B = "The museum 🩷 opens at 10 am on weekends.";
  let source: string;

  beforeAll(async () => {
    source = await createDatasetVia("round-trip-source");
    const p1 = await createPair({
      db,
      datasetId: source,
      query: "How much is a ticket?",
      documents: [{ text: TEXT_A, url: "https://example.org/a", title: "Museum" }, { html: `<p>${TEXT_B}</p>` }],
    });
    const p2 = await createPair({ db, datasetId: source, query: "When does it open?", documents: [{ text: TEXT_B }] });
    const p3 = await createPair({ db, datasetId: source, query: "Unlabeled pair", documents: [{ text: "Nothing labeled here yet." }] });
    const at = (text: string, needle: string) => ({ start: text.indexOf(needle), end: text.indexOf(needle) + needle.length, text: needle });
    const [dA, dB] = p1.documentIds as [string, string];
    const gold = (pairId: string, documentId: string, text: string, needle: string, category: string, extra: object = {}) =>
      db.span.create({ data: { pairId, documentId, ...at(text, needle), category, source: "gold", ...extra } });
    await gold(p1.id, dA, TEXT_A, "Tickets cost 12 euros.", "vital", { authorId: users.reviewer.id });
    await gold(p1.id, dA, TEXT_A, "Buy now! Great deals today.", "ads", { authorId: users.reviewer.id });
    await gold(p1.id, dB, TEXT_B, "🩷", "duplicate", { score: 0.5 });
    await gold(p2.id, p2.documentIds[0]!, TEXT_B, "opens at 10 am on weekends.", "vital");
    await db.pair.updateMany({ where: { id: { in: [p1.id, p2.id] } }, data: { status: "accepted" } });
    const suggestion = (
      pairId: string,
      documentId: string,
      text: string,
      needle: string,
      category: string,
      source: string,
      modelName: string,
      score?: number,
    ) => db.suggestion.create({ data: { pairId, documentId, ...at(text, needle), category, source, modelName, score: score ?? null } });
    await suggestion(p1.id, dA, TEXT_A, "cost 12 euros", "vital", "model", "snippet-mini", 0.91);
    await suggestion(p1.id, dA, TEXT_A, "Buy now!", "ads", "judge", "gpt-judge", 0.5);
    await suggestion(p3.id, p3.documentIds[0]!, "Nothing labeled here yet.", "Nothing", "off_topic", "model", "snippet-mini");
  });

  const lines = (text: string) =>
    text
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  /** Database ids differ between datasets: compare everything else. */
  const withoutIds = (r: Record<string, unknown>) => {
    const { pairId: _p, documentId: _d, externalId: _e, ...rest } = r;
    return rest;
  };

  it("gold JSONL: spans, offsets, categories and token keep labels; export → import → export loses nothing", async () => {
    const first = await exportText(source, "gold-jsonl");
    const records = lines(first);
    expect(records).toHaveLength(3); // pairs with gold only: p1 (2 documents) and p2
    const r0 = records[0] as {
      text: string;
      spans: { text: string; category: string; author?: string }[];
      tokens: { ids: number[]; starts: number[]; ends: number[]; keep: number[] };
    };
    expect(r0.text).toBe(TEXT_A);
    expect(r0.spans.map((s) => [s.text, s.category, s.author])).toEqual([
      ["Tickets cost 12 euros.", "vital", "reviewer@test.local"],
      ["Buy now! Great deals today.", "ads", "reviewer@test.local"],
    ]);
    expect(r0.tokens.ids.length).toBe(r0.tokens.keep.length);
    // The kept tokens are one run covering exactly the vital span, however the model's vocabulary splits its words.
    const kept = r0.tokens.keep.flatMap((k, i) => (k === 1 ? [i] : []));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.at(-1)! - kept[0]! + 1).toBe(kept.length);
    expect(r0.text.slice(r0.tokens.starts[kept[0]!], r0.tokens.ends[kept.at(-1)!])).toBe("Tickets cost 12 euros.");

    const target = await createDatasetVia("round-trip-gold-jsonl");
    const res = await importFile(target, "gold-jsonl", first);
    const summary = await res.json();
    expect(res.status, JSON.stringify(summary)).toBe(200);
    // Three pair × document records, two distinct texts: identical documents are stored once and shared.
    expect(summary).toMatchObject({ pairs: 2, documents: 2, goldSpans: 4, suggestions: 0, skipped: 0 });
    const second = await exportText(target, "gold-jsonl");
    expect(lines(second).map(withoutIds)).toEqual(records.map(withoutIds));
    // The imported pairs remember where they came from, so importing either file again changes nothing.
    expect(lines(second).map((r) => r.externalId)).toEqual(records.map((r) => r.pairId));
    const before = await counts();
    expect(await (await importFile(target, "gold-jsonl", second)).json()).toMatchObject({ pairs: 0, skipped: 2 });
    expect(await (await importFile(target, "gold-jsonl", first)).json()).toMatchObject({ pairs: 0, skipped: 2 });
    expect(await counts()).toEqual(before);
  });

  it("gold JSONL keeps the page structure: blocks (roles, headings, link density) survive export → import → export", async () => {
    const html = `<html><body>
<nav><a href="/">Home</a> <a href="/docs">Docs</a> <a href="/blog">Blog</a></nav>
<main><h1>Timeouts in fetch</h1>
<p>fetch() has no timeout option of its own; pass <a href="https://developer.mozilla.org/">AbortSignal.timeout()</a> as its signal.</p>
<h2>Example</h2>
<p>const res = await fetch("/api/report", { signal: AbortSignal.timeout(5000) });</p></main>
<footer><p>© 2026 Example Docs · <a href="/privacy">Privacy</a></p></footer>
</body></html>`;
    const id = await createDatasetVia("blocks-source");
    const p = await createPair({ db, datasetId: id, query: "how to set a timeout on fetch in JavaScript", documents: [{ html }] });
    const doc = await db.document.findUniqueOrThrow({ where: { id: p.documentIds[0]! } });
    const vital = "fetch() has no timeout option of its own;";
    const start = doc.text.indexOf(vital);
    await db.span.create({
      data: { pairId: p.id, documentId: doc.id, start, end: start + vital.length, text: vital, category: "vital", source: "gold" },
    });
    await db.pair.update({ where: { id: p.id }, data: { status: "accepted" } });
    const stored = JSON.parse(doc.blocksJson) as { kind: string; role: string; level?: number; linkDensity?: number }[];
    // The page has the structure the round trip used to flatten into main paragraphs.
    expect(stored.map((b) => b.role)).toEqual(expect.arrayContaining(["navigation", "footer", "main"]));
    expect(stored.filter((b) => b.kind === "heading").map((b) => b.level)).toEqual([1, 2]);
    expect(stored.some((b) => (b.linkDensity ?? 0) > 0)).toBe(true);

    const first = lines(await exportText(id, "gold-jsonl"));
    expect(first).toHaveLength(1);
    expect(first[0]!.blocks).toEqual(stored);

    const target = await createDatasetVia("blocks-target");
    const res = await importFile(target, "gold-jsonl", first.map((r) => JSON.stringify(r)).join("\n"));
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
    const imported = await db.document.findFirstOrThrow({ where: { datasetId: target } });
    expect(JSON.parse(imported.blocksJson)).toEqual(stored);
    const second = lines(await exportText(target, "gold-jsonl"));
    expect(second[0]!.blocks).toEqual(first[0]!.blocks);
    expect(second.map(withoutIds)).toEqual(first.map(withoutIds));

    // One text with two structures in one file (a record without blocks re-derives them) is two documents, not one.
    const { blocks: _b, ...bare } = first[0]!;
    const mixed = [first[0], { ...bare, pairId: "other-pair" }].map((r) => JSON.stringify(r)).join("\n");
    const third = await createDatasetVia("blocks-mixed");
    expect(await (await importFile(third, "gold-jsonl", mixed)).json()).toMatchObject({ pairs: 2, documents: 2 });
    const docs = await db.document.findMany({ where: { datasetId: third } });
    expect(docs.map((d) => JSON.parse(d.blocksJson)).filter((b) => JSON.stringify(b) === JSON.stringify(stored))).toHaveLength(1);
  });

  it('"nothing here is vital" is gold: JSONL "evidence": [] → accepted pair → gold JSONL (noVital) → import → eval unanswerable', async () => {
    const id = await createDatasetVia("no-vital-source");
    const file = [
      { id: "nv", query: "Who won the 1950 final?", text: "The museum opens at 10 am.", evidence: [] },
      { id: "v", query: "When does the museum open?", text: "The museum opens at 10 am.", evidence: [{ text: "opens at 10 am" }] },
    ]
      .map((l) => JSON.stringify(l))
      .join("\n");
    const summary = await (await importFile(id, "jsonl", file)).json();
    expect(summary).toMatchObject({ pairs: 2, goldSpans: 1 });
    const stored = await db.pair.findFirstOrThrow({ where: { datasetId: id, externalId: "nv" } });
    expect(stored).toMatchObject({ status: "accepted", goldNoVital: true });

    const records = lines(await exportText(id, "gold-jsonl"));
    expect(records).toHaveLength(2);
    const nv = records.find((r) => r.externalId === "nv")!;
    expect(nv).toMatchObject({ noVital: true, spans: [] });
    expect((nv.tokens as { keep: number[] }).keep.every((k) => k === 0)).toBe(true);
    expect(records.find((r) => r.externalId === "v")!.noVital).toBeUndefined();

    // eval --format gold-jsonl reads the export with goldRecordsToEvalExamples: the pair is a query without evidence.
    const { goldRecordsToEvalExamples } = await import("@/lib/data/read-gold-jsonl");
    const { goldJsonlRecordSchema } = await import("@/lib/spans/formats/gold-jsonl-schema");
    const examples = goldRecordsToEvalExamples(records.map((r) => goldJsonlRecordSchema.parse(r)));
    expect(examples.map((e) => [e.query, e.evidence.length])).toEqual(
      expect.arrayContaining([
        ["Who won the 1950 final?", 0],
        ["When does the museum open?", 1],
      ]),
    );

    const target = await createDatasetVia("no-vital-target");
    expect(await (await importFile(target, "gold-jsonl", records.map((r) => JSON.stringify(r)).join("\n"))).json()).toMatchObject({ pairs: 2 });
    const back = await db.pair.findFirstOrThrow({ where: { datasetId: target, query: { text: "Who won the 1950 final?" } } });
    expect(back).toMatchObject({ status: "accepted", goldNoVital: true });
  });

  it("Label Studio: gold annotations and model/judge predictions survive export → import → export", async () => {
    const res = await exportRoute.GET(exportReq(source, "label-studio"), ctx(source));
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="round-trip-source-label-studio.json"');
    const first = await res.text();
    const tasks = JSON.parse(first) as {
      id: number;
      data: Record<string, unknown>;
      annotations: { id: number; result: { id: string }[] }[];
      predictions: { model_version: string; score?: number; result: { id: string }[] }[];
    }[];
    expect(tasks.map((t) => t.id)).toEqual([1, 2, 3, 4]);
    expect(tasks[0]!.predictions.map((p) => [p.model_version, p.score])).toEqual([
      ["model:snippet-mini", 0.91],
      ["judge:gpt-judge", 0.5],
    ]);
    expect(tasks[3]!.annotations).toEqual([]);

    const target = await createDatasetVia("round-trip-label-studio");
    const imported = await (await importFile(target, "label-studio", first)).json();
    expect(imported).toMatchObject({ pairs: 3, documents: 3, goldSpans: 4, suggestions: 3 });
    expect(await db.span.count({ where: { pair: { datasetId: target }, authorId: users.reviewer.id } })).toBe(2);
    const second = JSON.parse(await exportText(target, "label-studio")) as typeof tasks;
    const normalize = (list: typeof tasks) =>
      list.map((t) => ({
        data: withoutIds(t.data),
        annotations: t.annotations.map(({ id: _id, ...a }) => ({ ...a, result: a.result.map(({ id: _r, ...r }) => r) })),
        predictions: t.predictions.map((p) => ({ ...p, result: p.result.map(({ id: _r, ...r }) => r) })),
      }));
    expect(normalize(second)).toEqual(normalize(tasks));
    expect(await (await importFile(target, "label-studio", JSON.stringify(second))).json()).toMatchObject({ pairs: 0, skipped: 3 });
  });

  it("Prodigy: gold spans with inclusive token indices", async () => {
    const records = lines(await exportText(source, "prodigy")) as {
      text: string;
      spans: { start: number; end: number; label: string; token_start: number; token_end: number }[];
      tokens: { text: string; start: number; end: number }[];
    }[];
    expect(records).toHaveLength(3);
    const s = records[0]!.spans[0]!;
    expect([records[0]!.text.slice(s.start, s.end), s.label]).toEqual(["Tickets cost 12 euros.", "vital"]);
    // Inclusive token indices: the first and last token of the span, however the vocabulary splits its words.
    const tokens = records[0]!.tokens;
    expect([tokens[s.token_start]!.start, tokens[s.token_end]!.end]).toEqual([s.start, s.end]);
    for (const t of tokens.slice(s.token_start, s.token_end + 1)) expect(records[0]!.text.slice(t.start, t.end)).toBe(t.text);
  });

  it("refuses to export drifted spans (422) and unknown formats (400)", async () => {
    const id = await createDatasetVia("drifted");
    const p = await createPair({ db, datasetId: id, query: "q", documents: [{ text: "Alpha beta gamma." }] });
    await db.span.create({
      data: { pairId: p.id, documentId: p.documentIds[0]!, start: 0, end: 5, text: "Omega", category: "vital", source: "gold" },
    });
    for (const format of ["gold-jsonl", "label-studio", "prodigy"]) {
      const res = await exportRoute.GET(exportReq(id, format), ctx(id));
      expect(res.status).toBe(422);
      expect((await res.json()).error.message).toMatch(/text mismatch at \[0, 5\)/);
    }
    expect((await exportRoute.GET(exportReq(id, "csv"), ctx(id))).status).toBe(400);
    expect((await exportRoute.GET(exportReq("missing", "prodigy"), ctx("missing"))).status).toBe(404);
  });

  it("streams page by page (a page size smaller than the dataset gives the same file)", async () => {
    const { exportDataset } = await import("../export/export-dataset");
    const read = async (pageSize: number) =>
      new Response((await exportDataset({ datasetId: source, format: "label-studio", pageSize, db })).body).text();
    const whole = await read(200);
    expect(await read(1)).toBe(whole);
    const tasks = JSON.parse(await read(1)) as { id: number; annotations: { id: number }[] }[];
    const annotationIds = tasks.flatMap((t) => t.annotations.map((a) => a.id));
    expect(new Set(annotationIds).size).toBe(annotationIds.length);
  });
});
