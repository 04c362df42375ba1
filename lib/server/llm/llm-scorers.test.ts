// llm-extract and hybrid through the compress pipeline and `runEval`, against the local judge server over real HTTP:
// extracts matched back to verbatim spans with offsets, tokens and latency reported, replies cached, and the fidelity
// check catching a changed number and a dropped "not" in what the LLM wrote.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressResponseSchema } from "@/lib/schemas/compress";
import { runEval } from "@/lib/eval/run-eval";
import { createTempDatabase, type TempDatabase } from "../auth/test-helpers";
import { disconnectDb } from "../db/client";
import { compressRequest } from "../compress/compress-request";
import { resolveMethod } from "../scoring/resolve-method";
import { startLocalJudgeServer, type LocalJudgeServer } from "../judge/test-support/local-judge-server";

let temp: TempDatabase;
let server: LocalJudgeServer;
const saved = { ...process.env };

const MUSEUM = [
  "Visit us",
  "The museum opens at 10 am on Sundays and closes at 6 pm. Tickets cost 12 euros for adults.",
  "The museum is not open on Mondays, except on public holidays.",
  "Our shop sells postcards, books and prints of the collection. Parking is free after 6 pm in the square.",
  "Subscribe to our newsletter!",
].join("\n\n");
const OTHER = "Guided tours of the museum start every hour. The café on the ground floor serves coffee and cakes all day long.";

const body = (model: string, extra: Record<string, unknown> = {}) => ({
  query: "when is the museum open on sundays and mondays",
  results: [
    { id: "a", text: MUSEUM },
    { id: "b", text: OTHER },
  ],
  model,
  budget: 1000,
  include: { tokens: true },
  ...extra,
});

beforeAll(async () => {
  temp = await createTempDatabase("llm-scorers");
  server = await startLocalJudgeServer();
  process.env.DATABASE_URL = temp.url;
  process.env.SNIPPET_LAB_JUDGE_BASE_URL = server.url;
  process.env.SNIPPET_LAB_JUDGE_MODEL = "local-rules";
  process.env.SNIPPET_LAB_JUDGE_MAX_RETRIES = "0";
});
afterAll(async () => {
  process.env = saved;
  await disconnectDb();
  await server?.close();
  temp?.cleanup();
});

describe("llm-extract", () => {
  it("keeps what the LLM extracted as verbatim source text with offsets, and reports tokens, requests and fidelity", async () => {
    const before = server.requests.length;
    const out = compressResponseSchema.parse(await compressRequest(compressRequestBody("llm-extract")));
    expect(out.model).toBe("llm-extract");
    expect(out.threshold).toBe(0.5);
    const sent = server.requests.slice(before);
    expect(sent.map((r) => [r.kind, r.responseFormat])).toEqual([
      ["extract", "json_schema"],
      ["extract", "json_schema"],
    ]);
    const a = out.results.find((r) => r.id === "a")!;
    for (const s of a.spans) expect(a.text!.slice(s.start, s.end)).toBe(s.text);
    expect(a.snippet).toContain("The museum opens at 10 am on Sundays and closes at 6 pm.");
    expect(a.snippet).toContain("The museum is not open on Mondays, except on public holidays.");
    expect(a.snippet).not.toContain("newsletter");
    expect(out.llm).toMatchObject({ model: "local-rules", requests: 2, cachedRequests: 0 });
    expect(out.llm!.promptTokens).toBeGreaterThan(100);
    expect(out.llm!.extracts.every((e) => e.method === "exact")).toBe(true);
    expect(out.fidelity).toEqual({ checked: expect.any(Number), violations: [] });

    // The same request again: every reply comes from the cache.
    const again = server.requests.length;
    const cached = await compressRequest(compressRequestBody("llm-extract"));
    expect(server.requests.length).toBe(again);
    expect(cached.llm).toMatchObject({ requests: 0, cachedRequests: 2, promptTokens: 0 });
    expect(cached.results.map((r) => r.spans)).toEqual(out.results.map((r) => r.spans));
  });

  it('the fidelity check catches a changed number and a dropped "not" in what the LLM wrote; the snippet stays the source\'s', async () => {
    process.env.SNIPPET_LAB_JUDGE_MODEL = "local-rules+change-number+drop-not";
    try {
      const out = await compressRequest(compressRequestBody("llm-extract"));
      // The extracts were altered, yet matched back (fuzzy or regex) to the source sentences, which are what is kept.
      const a = out.results.find((r) => r.id === "a")!;
      expect(a.snippet).toContain("The museum is not open on Mondays, except on public holidays.");
      expect(a.snippet).toContain("The museum opens at 10 am on Sundays"); // the source's number, not the LLM's 13
      const kinds = out.fidelity!.violations.map((v) => v.kind);
      expect(kinds).toContain("number");
      expect(kinds).toContain("negation");
      const number = out.fidelity!.violations.find((v) => v.kind === "number")!;
      expect(number.message).toMatch(/the source says "10", the output "13"/);
      const negation = out.fidelity!.violations.find((v) => v.kind === "negation")!;
      expect(negation.message).toBe('negation "not" of the source missing from the output');
      expect(negation.output).toBe("The museum is open on Mondays, except on public holidays.");
    } finally {
      process.env.SNIPPET_LAB_JUDGE_MODEL = "local-rules";
    }
  });

  it("flags extracts absent from the page instead of keeping them", async () => {
    process.env.SNIPPET_LAB_JUDGE_MODEL = "local-rules+phantom";
    try {
      const out = await compressRequest(compressRequestBody("llm-extract"));
      const phantom = out.llm!.extracts.filter((e) => e.reason);
      expect(phantom.map((e) => e.text)).toEqual(["This sentence was invented by the extractor.", "This sentence was invented by the extractor."]);
      expect(phantom[0]!.reason).toMatch(/not found in the document/);
      expect(out.results.every((r) => !r.snippet.includes("invented"))).toBe(true);
      expect(out.fidelity!.violations.filter((v) => v.kind === "absent")).toHaveLength(2);
    } finally {
      process.env.SNIPPET_LAB_JUDGE_MODEL = "local-rules";
    }
  });
});

describe("hybrid", () => {
  it("sends only the units the filter passed to the LLM", async () => {
    const before = server.requests.length;
    const out = await compressRequest(compressRequestBody("hybrid:bm25"));
    expect(out.model).toBe("hybrid:bm25");
    expect(out.llm).toMatchObject({ filter: "bm25", totalUnits: 9 });
    expect(out.llm!.passedUnits!).toBeGreaterThanOrEqual(3);
    expect(out.llm!.passedUnits!).toBeLessThan(9);
    const prompts = server.requests.slice(before).map((r) => r.messages[1]!.content);
    expect(prompts.join("\n")).not.toContain("Subscribe to our newsletter"); // no query word: filtered out
    expect(out.results.find((r) => r.id === "a")!.snippet).toContain("The museum opens at 10 am on Sundays");
  });

  it("is refused with 503 naming the variables when no judge server is configured", async () => {
    delete process.env.SNIPPET_LAB_JUDGE_BASE_URL;
    delete process.env.SNIPPET_LAB_JUDGE_MODEL;
    try {
      await expect(compressRequest(compressRequestBody("llm-extract"))).rejects.toMatchObject({
        code: "UNAVAILABLE",
        message: expect.stringMatching(/SNIPPET_LAB_JUDGE_BASE_URL/),
      });
      await expect(compressRequest(compressRequestBody("hybrid"))).rejects.toMatchObject({ code: "UNAVAILABLE" });
    } finally {
      process.env.SNIPPET_LAB_JUDGE_BASE_URL = server.url;
      process.env.SNIPPET_LAB_JUDGE_MODEL = "local-rules";
    }
  });
});

describe("snippet-lab eval with LLM methods", () => {
  it("reports fidelity per setting, violations per query, and latency and LLM tokens per method", async () => {
    process.env.SNIPPET_LAB_JUDGE_MODEL = "local-rules+change-number";
    try {
      const text = MUSEUM;
      const start = text.indexOf("The museum opens");
      const example = {
        id: "q1",
        query: "when is the museum open on sundays",
        results: [{ id: "a", text }],
        evidence: [{ resultId: "a", start, end: text.indexOf(".", start) + 1 }],
        group: "q1",
      };
      const methods = ["llm-extract", "bm25"].map((name) => {
        const method = resolveMethod(name, []);
        return { name, score: (_: unknown, input: Parameters<typeof method.score>[0]) => method.score(input) };
      });
      const report = await runEval({ dataset: "t", examples: [example], methods, budgets: [1000], thresholds: [0.5], reportCosts: true });
      const llmRow = report.results.find((r) => r.method === "llm-extract" && r.budget === 1000)!;
      expect(llmRow.evidenceRecall).toBe(1);
      expect(llmRow.fidelity).toMatchObject({ queriesWithViolations: 1, byKind: { number: 1 } });
      expect(report.results.find((r) => r.method === "bm25" && r.threshold === 0.5)!.fidelity).toMatchObject({ violations: 0 });
      expect(report.fidelityViolations).toEqual([
        expect.objectContaining({
          query: "q1",
          method: "llm-extract",
          setting: { key: "budget", value: 1000 },
          violations: [expect.objectContaining({ kind: "number" })],
        }),
        expect.objectContaining({ query: "q1", method: "llm-extract", setting: { key: "threshold", value: 0.5 } }),
      ]);
      expect(report.methods!["llm-extract"]!.llm).toMatchObject({ requestsPerQuery: 1 });
      expect(report.methods!["llm-extract"]!.llm!.promptTokensPerQuery).toBeGreaterThan(50);
      expect(report.methods!["llm-extract"]!.latencyMs.mean).toBeGreaterThan(0);
      expect(report.methods!.bm25!.llm).toBeUndefined();
    } finally {
      process.env.SNIPPET_LAB_JUDGE_MODEL = "local-rules";
    }
  });
});

function compressRequestBody(model: string) {
  return { ...body(model), model } as Parameters<typeof compressRequest>[0];
}
