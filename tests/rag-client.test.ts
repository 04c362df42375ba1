// The client package (packages/client) against the real compress and models route handlers, in process: the request
// the adapters build passes the server's own validation, and what comes back maps onto the documents — offsets that
// point at the kept text, one budget across the set — inside LangChain's ContextualCompressionRetriever and
// DocumentCompressorPipeline, and as a LlamaIndex node postprocessor. The handlers are called through the client's
// `fetch` option, with the version header next.config.ts adds to every /api answer. bm25 and lead need no model; one
// test runs the shipped model for the categories. e2e/rag-client.spec.ts does the same over HTTP, and installs the
// packed package.
import { ContextualCompressionRetriever } from "@langchain/classic/retrievers/contextual_compression";
import { DocumentCompressorPipeline } from "@langchain/classic/retrievers/document_compressors";
import { EmbeddingsFilter } from "@langchain/classic/retrievers/document_compressors/embeddings_filter";
import { MemoryVectorStore } from "@langchain/classic/vectorstores/memory";
import { Document, type DocumentInterface } from "@langchain/core/documents";
import { TextNode, type NodeWithScore } from "llamaindex";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as compressRoute } from "@/app/api/v1/compress/route";
import { GET as modelsRoute } from "@/app/api/v1/models/route";
import { API_VERSION, API_VERSION_HEADER } from "@/lib/schemas/api-version";
import { SnippetLabClient, SnippetLabError, type SnippetLabMetadata } from "../packages/client/src/index.js";
import { SnippetLabCompressor } from "../packages/client/src/langchain/index.js";
import { SnippetLabNodePostprocessor } from "../packages/client/src/llamaindex/index.js";
import { CORPUS, QUESTIONS } from "./test-support/multilingual-corpus";
import { WordVectorEmbeddings } from "./test-support/word-vector-embeddings";

const ROUTES: Record<string, (req: Request, ctx: undefined) => Promise<Response>> = {
  "POST /api/v1/compress": compressRoute,
  "GET /api/v1/models": modelsRoute,
};

/** fetch answered by the route handlers, with the headers next.config.ts adds. */
const routeFetch: typeof fetch = async (input, init) => {
  const req = new Request(input, init);
  const route = ROUTES[`${req.method} ${new URL(req.url).pathname}`];
  if (!route) return new Response("not found", { status: 404 });
  const res = await route(req, undefined);
  const headers = new Headers(res.headers);
  headers.set(API_VERSION_HEADER, API_VERSION);
  return new Response(res.body, { status: res.status, headers });
};

const client = new SnippetLabClient({ baseUrl: "http://snippet-lab.test", fetch: routeFetch });
const SOURCE = new Map(CORPUS.map((d) => [d.id, d.text]));
const embeddings = new WordVectorEmbeddings();
let store: MemoryVectorStore;

let prevKeys: string | undefined;
beforeAll(async () => {
  prevKeys = process.env.SNIPPET_LAB_API_KEYS;
  delete process.env.SNIPPET_LAB_API_KEYS;
  store = await MemoryVectorStore.fromDocuments(
    CORPUS.map((d) => new Document({ pageContent: d.text, metadata: { id: d.id, lang: d.lang } })),
    embeddings,
  );
});
afterAll(() => {
  if (prevKeys !== undefined) process.env.SNIPPET_LAB_API_KEYS = prevKeys;
});

const meta = (d: DocumentInterface) => d.metadata.snippetLab as SnippetLabMetadata;

/** Every kept span is the source's own text at its offsets; the set's tokens stay within the budget. */
function expectVerbatimWithinBudget(docs: DocumentInterface[], budget: number): void {
  let total = 0;
  for (const d of docs) {
    const source = SOURCE.get(d.metadata.id as string)!;
    const m = meta(d);
    expect(m.budget).toBe(budget);
    expect(m.spans.length).toBeGreaterThan(0);
    for (const s of m.spans) {
      // One-paragraph documents: canonical text = source, so both offset pairs point at the kept text.
      expect(source.slice(s.start, s.end)).toBe(s.text);
      expect([s.sourceStart, s.sourceEnd]).toEqual([s.start, s.end]);
    }
    expect(d.pageContent).toBe(m.spans.map((s) => s.text).join("\n…\n"));
    total += m.tokensOut;
    expect(m.setTokensOut).toBeLessThanOrEqual(budget);
  }
  expect(total).toBeLessThanOrEqual(budget);
}

describe("LangChain.js: SnippetLabCompressor", () => {
  it.each(QUESTIONS)("in a ContextualCompressionRetriever over a multilingual store ($lang)", async ({ query, answerIn }) => {
    const base = store.asRetriever({ k: 4 });
    const retrieved = await base.invoke(query);
    expect(retrieved.map((d) => d.metadata.id)).toContain(answerIn);
    const retriever = new ContextualCompressionRetriever({
      baseRetriever: base,
      baseCompressor: new SnippetLabCompressor({ client, method: "bm25", budget: 30 }),
    });
    const docs = await retriever.invoke(query);
    expect(docs.length).toBeGreaterThan(0);
    expectVerbatimWithinBudget(docs, 30);
    // One budget across the set: 4 documents of 30+ tokens each cannot all be kept whole.
    const tokensIn = retrieved.length * 25;
    expect(docs.reduce((n, d) => n + meta(d).tokensOut, 0)).toBeLessThan(tokensIn);
    // The retriever's documents, their metadata kept.
    for (const d of docs) {
      expect(retrieved.map((r) => r.metadata.id)).toContain(d.metadata.id);
      expect(d.metadata.lang).toBe(CORPUS.find((c) => c.id === d.metadata.id)!.lang);
    }
  });

  it("in a DocumentCompressorPipeline after LangChain's EmbeddingsFilter", async () => {
    const { query } = QUESTIONS[0]!;
    const pipeline = new DocumentCompressorPipeline({
      transformers: [new EmbeddingsFilter({ embeddings, k: 2 }), new SnippetLabCompressor({ client, method: "lead", budget: 20, categories: false })],
    });
    const retriever = new ContextualCompressionRetriever({ baseRetriever: store.asRetriever({ k: 6 }), baseCompressor: pipeline });
    const docs = await retriever.invoke(query);
    expect(docs.length).toBeGreaterThan(0);
    expect(docs.length).toBeLessThanOrEqual(2);
    expectVerbatimWithinBudget(docs, 20);
    // lead keeps each document's opening.
    for (const d of docs) expect(meta(d).spans[0]!.start).toBe(0);
  });

  it("returns nothing for no documents without calling the server, and the server's 400 as a typed error", async () => {
    const compressor = new SnippetLabCompressor({ client, method: "bm25", budget: 10 });
    await expect(compressor.compressDocuments([], "q")).resolves.toEqual([]);
    const e = await new SnippetLabCompressor({ client, method: "bm25", budget: 0 })
      .compressDocuments([new Document({ pageContent: "x" })], "q")
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(SnippetLabError);
    expect(e).toMatchObject({ status: 400, code: "BAD_REQUEST", serverApiVersion: API_VERSION });
    expect((e as Error).message).toContain("budget");
  });

  it.each(QUESTIONS)("the shipped model keeps the answer, with keep scores and token categories ($lang)", async ({ query, answerIn, answer }) => {
    const base = store.asRetriever({ k: 4 });
    const retriever = new ContextualCompressionRetriever({ baseRetriever: base, baseCompressor: new SnippetLabCompressor({ client, budget: 30 }) });
    const docs = await retriever.invoke(query);
    expectVerbatimWithinBudget(docs, 30);
    expect(meta(docs[0]!).method).toMatch(/^model:/);
    expect(docs.find((d) => d.metadata.id === answerIn)?.pageContent).toContain(answer);
    for (const s of docs.flatMap((d) => meta(d).spans)) {
      expect(s.score).toBeGreaterThanOrEqual(0);
      expect(s.score).toBeLessThanOrEqual(1);
      expect(Object.values(s.categories ?? {}).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
      expect(Object.keys(s.categories ?? {})).toContain(s.category);
    }
  });
});

describe("LlamaIndex.TS: SnippetLabNodePostprocessor", () => {
  it("compresses text nodes as one set, keeps their scores, hides the spans from the LLM's metadata", async () => {
    const { query, answerIn } = QUESTIONS[1]!;
    const nodes: NodeWithScore[] = CORPUS.filter((d) => d.lang === "it").map((d, i) => ({
      node: new TextNode({ id_: d.id, text: d.text, metadata: { id: d.id } }),
      score: 1 - i / 10,
    }));
    const out = await new SnippetLabNodePostprocessor({ client, method: "bm25", budget: 25 }).postprocessNodes(nodes, query);
    expect(out.length).toBeGreaterThan(0);
    expect(out.map((n) => n.node.id_)).toContain(answerIn);
    let total = 0;
    for (const n of out) {
      const node = n.node as TextNode;
      const m = node.metadata.snippetLab as SnippetLabMetadata;
      const source = SOURCE.get(node.id_)!;
      for (const s of m.spans) expect(source.slice(s.start, s.end)).toBe(s.text);
      expect(node.text).toBe(m.spans.map((s) => s.text).join("\n…\n"));
      expect(node.excludedLlmMetadataKeys).toContain("snippetLab");
      expect(node.getContent("LLM" as never)).not.toContain("sourceStart");
      expect(n.score).toBe(nodes.find((x) => x.node.id_ === node.id_)!.score);
      total += m.tokensOut;
    }
    expect(total).toBeLessThanOrEqual(25);
    // The originals are untouched.
    expect((nodes[0]!.node as TextNode).text).toBe(CORPUS.find((d) => d.lang === "it")!.text);
  });

  it("needs the query", async () => {
    const nodes = [{ node: new TextNode({ text: "x" }) }];
    await expect(new SnippetLabNodePostprocessor({ client, method: "bm25" }).postprocessNodes(nodes)).rejects.toThrow(/needs the query/);
  });
});

describe("SnippetLabClient", () => {
  it("lists the methods compress accepts", async () => {
    const models = await client.listModels();
    expect(models.methods).toEqual(expect.arrayContaining(["bm25", "lead", "model"]));
    expect(client.serverApiVersion).toBe(API_VERSION);
  });
});
