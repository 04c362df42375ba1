// Where RAG developers are: the client package (packages/client) against the running server.
// (a) A real retrieval chain — an in-memory vector store over a small multilingual corpus with the project's own word
//     vectors as embeddings — wrapped in LangChain's ContextualCompressionRetriever with SnippetLabCompressor (and in a
//     DocumentCompressorPipeline beside LangChain's EmbeddingsFilter), and the LlamaIndex.TS node postprocessor: one
//     budget across the set is respected, offsets point at the kept text, the kept text is the source's own.
// (b) The packed package (`npm pack`) installed into a scratch project under the OS temp dir with @langchain/core from
//     the registry, its types checked, and the README's LangChain.js quickstart run against the server.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ContextualCompressionRetriever } from "@langchain/classic/retrievers/contextual_compression";
import { DocumentCompressorPipeline } from "@langchain/classic/retrievers/document_compressors";
import { EmbeddingsFilter } from "@langchain/classic/retrievers/document_compressors/embeddings_filter";
import { MemoryVectorStore } from "@langchain/classic/vectorstores/memory";
import { Document, type DocumentInterface } from "@langchain/core/documents";
import { expect, test } from "@playwright/test";
import { TextNode, type NodeWithScore } from "llamaindex";
import { API_VERSION } from "../lib/schemas/api-version";
import { SnippetLabClient, SnippetLabError, type SnippetLabMetadata } from "../packages/client/src/index.js";
import { SnippetLabCompressor } from "../packages/client/src/langchain/index.js";
import { SnippetLabNodePostprocessor } from "../packages/client/src/llamaindex/index.js";
import { CORPUS, QUESTIONS } from "../tests/test-support/multilingual-corpus";
import { WordVectorEmbeddings } from "../tests/test-support/word-vector-embeddings";
import { E2E_API_KEY } from "./constants";

const ROOT = path.resolve(import.meta.dirname, "..");
const SOURCE = new Map(CORPUS.map((d) => [d.id, d.text]));
const BUDGET = 30;

const meta = (d: DocumentInterface) => d.metadata.snippetLab as SnippetLabMetadata;

/** Kept spans are the source's own text at their offsets; the set's tokens stay within the budget. */
function expectVerbatimWithinBudget(docs: DocumentInterface[], budget: number): void {
  let total = 0;
  for (const d of docs) {
    const source = SOURCE.get(d.metadata.id as string)!;
    const m = meta(d);
    expect(m.budget).toBe(budget);
    expect(m.setTokensOut).toBeLessThanOrEqual(budget);
    expect(m.spans.length).toBeGreaterThan(0);
    for (const s of m.spans) {
      expect(source).toContain(s.text);
      // One-paragraph documents: the canonical text is the source, so both offset pairs point at the kept text.
      expect(source.slice(s.start, s.end)).toBe(s.text);
      expect(source.slice(s.sourceStart!, s.sourceEnd!)).toBe(s.text);
    }
    expect(d.pageContent).toBe(m.spans.map((s) => s.text).join("\n…\n"));
    total += m.tokensOut;
  }
  expect(total).toBeLessThanOrEqual(budget);
}

test.describe("RAG frameworks over the compress API", () => {
  const embeddings = new WordVectorEmbeddings();
  let store: MemoryVectorStore;

  test.beforeAll(async () => {
    store = await MemoryVectorStore.fromDocuments(
      CORPUS.map((d) => new Document({ pageContent: d.text, metadata: { id: d.id, lang: d.lang } })),
      embeddings,
    );
  });

  for (const { lang, query, answerIn, answer } of QUESTIONS) {
    test(`LangChain.js: ContextualCompressionRetriever + SnippetLabCompressor (${lang})`, async ({ baseURL }) => {
      const client = new SnippetLabClient({ baseUrl: baseURL!, apiKey: E2E_API_KEY });
      const base = store.asRetriever({ k: 4 });
      const retrieved = await base.invoke(query);
      expect(retrieved.map((d) => d.metadata.id)).toContain(answerIn);
      const retriever = new ContextualCompressionRetriever({
        baseRetriever: base,
        baseCompressor: new SnippetLabCompressor({ client, budget: BUDGET }),
      });
      const docs = await retriever.invoke(query);
      expect(docs.length).toBeGreaterThan(0);
      expectVerbatimWithinBudget(docs, BUDGET);
      // Compressed: less than the four documents held, and only documents the retriever returned.
      expect(meta(docs[0]!).setTokensOut).toBeLessThan(meta(docs[0]!).setTokensIn);
      for (const d of docs) expect(retrieved.map((r) => r.metadata.id)).toContain(d.metadata.id);
      // The shipped model keeps the sentence that answers, and says why (token categories).
      expect(docs.find((d) => d.metadata.id === answerIn)?.pageContent).toContain(answer);
      for (const s of docs.flatMap((d) => meta(d).spans)) {
        expect(s.score).toBeGreaterThan(0);
        expect(Object.keys(s.categories ?? {})).toContain(s.category);
      }
      // The server says its API version on every answer, and it is the one the client was generated for.
      expect(client.serverApiVersion).toBe(API_VERSION);
    });
  }

  test("LangChain.js: in a DocumentCompressorPipeline after EmbeddingsFilter", async ({ baseURL }) => {
    const { query } = QUESTIONS[0]!;
    const pipeline = new DocumentCompressorPipeline({
      transformers: [
        new EmbeddingsFilter({ embeddings, k: 2 }),
        new SnippetLabCompressor({ baseUrl: baseURL!, apiKey: E2E_API_KEY, method: "bm25", budget: 20, categories: false }),
      ],
    });
    const docs = await new ContextualCompressionRetriever({ baseRetriever: store.asRetriever({ k: 6 }), baseCompressor: pipeline }).invoke(query);
    expect(docs.length).toBeGreaterThan(0);
    expect(docs.length).toBeLessThanOrEqual(2);
    expectVerbatimWithinBudget(docs, 20);
    expect(meta(docs[0]!).method).toBe("bm25");
  });

  test("LlamaIndex.TS: SnippetLabNodePostprocessor", async ({ baseURL }) => {
    const { query, answerIn, answer } = QUESTIONS[3]!;
    const retrieved = await store.similaritySearchWithScore(query, 4);
    const nodes: NodeWithScore[] = retrieved.map(([d, score]) => ({ node: new TextNode({ id_: d.metadata.id, text: d.pageContent }), score }));
    const out = await new SnippetLabNodePostprocessor({ baseUrl: baseURL!, apiKey: E2E_API_KEY, budget: BUDGET }).postprocessNodes(nodes, query);
    let total = 0;
    for (const n of out) {
      const node = n.node as TextNode;
      const m = node.metadata.snippetLab as SnippetLabMetadata;
      for (const s of m.spans) expect(SOURCE.get(node.id_)!.slice(s.start, s.end)).toBe(s.text);
      expect(n.score).toBe(nodes.find((x) => x.node.id_ === node.id_)!.score);
      total += m.tokensOut;
    }
    expect(total).toBeLessThanOrEqual(BUDGET);
    expect((out.find((n) => n.node.id_ === answerIn)?.node as TextNode | undefined)?.text).toContain(answer);
  });

  test("typed errors: a wrong key is UNAUTHORIZED, an unknown model NOT_FOUND", async ({ baseURL }) => {
    const wrongKey = await new SnippetLabClient({ baseUrl: baseURL!, apiKey: "not-the-key" }).listModels().catch((e: unknown) => e);
    expect(wrongKey).toBeInstanceOf(SnippetLabError);
    expect(wrongKey).toMatchObject({ status: 401, code: "UNAUTHORIZED", serverApiVersion: API_VERSION });
    const client = new SnippetLabClient({ baseUrl: baseURL!, apiKey: E2E_API_KEY });
    const unknown = await client.compress({ query: "q", results: [{ text: "t" }], method: "model:does-not-exist" }).catch((e: unknown) => e);
    expect(unknown).toMatchObject({ status: 404, code: "NOT_FOUND" });
  });
});

/** npm without the npm_* settings of an `npm run` that started Playwright (npm_config_local_prefix would point here). */
function npm(args: string[], cwd: string, timeout: number): string {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k))) as NodeJS.ProcessEnv;
  const r = spawnSync("npm", args, { cwd, env, encoding: "utf8", timeout });
  expect(r.status, `npm ${args.join(" ")} in ${cwd}:\n${r.stdout}\n${r.stderr}\n${r.error ?? ""}`).toBe(0);
  return r.stdout;
}

test("the packed client installs into a scratch project and runs the README's LangChain.js quickstart", async ({ baseURL }) => {
  // npm pack builds the package (prepack: tsc); npm install fetches @langchain/core (about 30–60 s on a cold cache).
  test.setTimeout(240_000);
  const scratch = mkdtempSync(path.join(os.tmpdir(), "snippet-lab-rag-client-"));
  try {
    npm(["pack", "--pack-destination", scratch], path.join(ROOT, "packages/client"), 120_000);
    const tgz = readdirSync(scratch).find((f) => f.endsWith(".tgz"));
    expect(tgz, "npm pack wrote no tarball").toBeTruthy();

    writeFileSync(path.join(scratch, "package.json"), JSON.stringify({ name: "scratch", private: true, type: "module" }));
    const core = JSON.parse(readFileSync(path.join(ROOT, "node_modules/@langchain/core/package.json"), "utf8")).version as string;
    npm(["install", "--no-audit", "--no-fund", "--prefer-offline", path.join(scratch, tgz!), `@langchain/core@${core}`], scratch, 150_000);

    // The README's quickstart, as written there.
    const readme = readFileSync(path.join(ROOT, "packages/client/README.md"), "utf8");
    const snippet = /<!-- quickstart[^>]*-->\s*```js\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(snippet, "packages/client/README.md has no quickstart block").toBeTruthy();
    expect(snippet!.trim().split("\n").length).toBeLessThanOrEqual(10);
    writeFileSync(path.join(scratch, "quickstart.mjs"), snippet!);
    // Playwright sets FORCE_COLOR for its workers: console.log would colour the numbers the assertions read.
    const { FORCE_COLOR: _color, ...plain } = process.env;
    const env = { ...plain, NO_COLOR: "1", SNIPPET_LAB_URL: baseURL!, SNIPPET_LAB_API_KEY: E2E_API_KEY };
    const run = spawnSync(process.execPath, ["quickstart.mjs"], { cwd: scratch, env, encoding: "utf8", timeout: 60_000 });
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toContain("The Golden Gate Bridge opened on May 27, 1937.");
    expect(run.stdout).toContain("sourceStart: 0");
    expect(run.stdout).not.toContain("Parking fills up");

    // The declarations resolve as a user's TypeScript sees them (their own .d.ts checked too: skipLibCheck off).
    writeFileSync(
      path.join(scratch, "check.ts"),
      [
        'import { SnippetLabClient, type CompressResponse, type SnippetLabMetadata } from "@snippet-lab/client";',
        'import { SnippetLabCompressor } from "@snippet-lab/client/langchain";',
        'const client = new SnippetLabClient({ baseUrl: "http://127.0.0.1:3000" });',
        'export const compressor = new SnippetLabCompressor({ client, preset: "low" });',
        "export const read = (r: CompressResponse, m: SnippetLabMetadata): number => r.tokensOut + (m.spans[0]?.sourceStart ?? 0);",
        "// @ts-expect-error: not a preset",
        'new SnippetLabCompressor({ client, preset: "huge" });',
      ].join("\n"),
    );
    writeFileSync(
      path.join(scratch, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          lib: ["ESNext", "DOM"],
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          noEmit: true,
          types: [],
        },
        files: ["check.ts"],
      }),
    );
    const tsc = spawnSync(process.execPath, [path.join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.json"], {
      cwd: scratch,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(tsc.status, `${tsc.stdout}\n${tsc.stderr}`).toBe(0);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});
