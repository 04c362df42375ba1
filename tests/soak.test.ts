// scripts/soak.mjs's pure parts: the PostgreSQL client swap of a SQLite build, the generated pairs and spans, the
// figures (percentiles, RSS verdicts, goals). The soak itself is `node scripts/soak.mjs` (docs/soak.md).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseJsonl } from "@/lib/data/read-jsonl";
import { snapSpansToWords } from "@/lib/spans/snap-spans-to-words";
import { textToCanonical } from "@/lib/text/text-to-canonical";
import {
  annotatorSpans,
  compressBodies,
  findSentences,
  goldFromAnnotation,
  makePairRecords,
  pairSentences,
  sameSpans,
  spanKey,
  toJsonl,
  // @ts-expect-error: a plain .mjs script without type declarations
} from "../scripts/soak/soak-corpus.mjs";
import {
  SoakStats,
  combineVerdicts,
  evaluateGoals,
  formatMinuteLine,
  formatSummary,
  memoryVerdict,
  memoryWindows,
  percentile,
  rssVerdict,
  // @ts-expect-error: a plain .mjs script without type declarations
} from "../scripts/soak/soak-stats.mjs";
// @ts-expect-error: a plain .mjs script without type declarations
import { buildProvider, swapPostgresProvider } from "../scripts/soak/swap-postgres-provider.mjs";

const root = path.join(import.meta.dirname, "..");

type Span = { id?: string; documentId: string; start: number; end: number; text: string; category: string };
type Sentence = { documentId: string; start: number; end: number; text: string };

describe("the PostgreSQL client swapped into a SQLite build", () => {
  const sqliteClass = readFileSync(path.join(root, "lib/server/db/generated/internal/class.ts"), "utf8");

  it("turns the generated SQLite client's config into PostgreSQL's", () => {
    const { source, swapped } = swapPostgresProvider(sqliteClass);
    expect(swapped).toBe(true);
    expect(source).toContain('"activeProvider": "postgresql"');
    expect(source).toContain('provider = \\"postgresql\\"');
    expect(source).toContain("query_compiler_fast_bg.postgresql.mjs");
    expect(source).toContain("query_compiler_fast_bg.postgresql.wasm-base64.mjs");
    expect(source).not.toMatch(/activeProvider": "sqlite"|provider = \\"sqlite\\"|_bg\.sqlite\./);
  });

  // lib/server/db/generated-pg exists after `npm test`'s PostgreSQL step (or a soak) has generated it; comparable when it
  // was generated from the same schema (the same data model).
  const pgClassFile = path.join(root, "lib/server/db/generated-pg/internal/class.ts");
  const pgClass = existsSync(pgClassFile) ? readFileSync(pgClassFile, "utf8") : null;
  const dataModel = (s: string) => /config\.runtimeDataModel = JSON\.parse\((".*")\)/.exec(s)?.[1];
  it.skipIf(pgClass === null || dataModel(pgClass) !== dataModel(sqliteClass))("gives what prisma generate gives for provider postgresql", () => {
    // The output folder aside (and the alignment prisma generate gives the inline schema around it).
    const normalize = (s: string) =>
      s
        .replace(/generated-pg/g, "generated")
        .replace(/output\s*=\s*\\"[^"\\]*\\"/g, "output")
        .replace(/ {2,}/g, " ");
    expect(normalize(swapPostgresProvider(sqliteClass).source)).toBe(normalize(pgClass!));
  });

  it("swaps a minified chunk and leaves other code alone", () => {
    const chunk =
      'let a={clientVersion:"7.10.1",activeProvider:"sqlite",inlineSchema:\'datasource db {\\n  provider = "sqlite"\\n}\'};' +
      'a.y("@prisma/client-2c3a/runtime/query_compiler_fast_bg.sqlite.mjs");a.y("@prisma/client-2c3a/runtime/query_compiler_fast_bg.sqlite.wasm-base64.mjs");' +
      'const adapter="better-sqlite3";';
    const { source } = swapPostgresProvider(chunk);
    expect(source).toBe(
      'let a={clientVersion:"7.10.1",activeProvider:"postgresql",inlineSchema:\'datasource db {\\n  provider = "postgresql"\\n}\'};' +
        'a.y("@prisma/client-2c3a/runtime/query_compiler_fast_bg.postgresql.mjs");a.y("@prisma/client-2c3a/runtime/query_compiler_fast_bg.postgresql.wasm-base64.mjs");' +
        'const adapter="better-sqlite3";',
    );
    expect(swapPostgresProvider("module.exports = 1;")).toEqual({ source: "module.exports = 1;", swapped: false });
  });

  it("tells which provider a build was made for", () => {
    expect(buildProvider(["x", 'y={activeProvider:"sqlite"}'])).toBe("sqlite");
    expect(buildProvider(['{activeProvider:"postgresql"}'])).toBe("postgresql");
    expect(buildProvider(['{activeProvider:"postgresql"}', '{activeProvider:"sqlite"}'])).toBe("mixed");
    expect(buildProvider(["nothing"])).toBeNull();
  });
});

describe("the soak's pairs and spans", () => {
  const records = makePairRecords({ prefix: "soak-t", first: 5, count: 4, seed: 7 });

  it("are valid import records with the given external ids, the same for the same seed", () => {
    const examples = parseJsonl(toJsonl(records));
    expect(examples.map((e) => e.id)).toEqual(["soak-t-5", "soak-t-6", "soak-t-7", "soak-t-8"]);
    expect(examples.every((e) => e.results.length === 3 && e.evidence.length === 1)).toBe(true);
    expect(makePairRecords({ prefix: "soak-t", first: 5, count: 4, seed: 7 })).toEqual(records);
    expect(makePairRecords({ prefix: "soak-t", first: 5, count: 4, seed: 8 })).not.toEqual(records);
  });

  const documents = records[0].results.map((r: { id: string; text: string }) => ({ id: `doc-${r.id}`, text: textToCanonical(r.text).text }));
  const texts = new Map<string, string>(documents.map((d: { id: string; text: string }) => [d.id, d.text]));
  const sentences: Sentence[] = pairSentences(documents);

  it("are whole sentences of the canonical text, which a save does not widen", () => {
    expect(sentences.length).toBeGreaterThanOrEqual(15);
    for (const s of sentences) expect(texts.get(s.documentId)!.slice(s.start, s.end)).toBe(s.text);
    const spans = sentences.map((s) => ({ ...s, category: "vital" }));
    expect(snapSpansToWords({ spans, texts }).snapped).toBe(0);
    // Short bits ("No.") are left out: too short to be a span worth saving.
    expect(findSentences("  One sentence here. No. Two more!  ")).toEqual([
      { start: 2, end: 20, text: "One sentence here." },
      { start: 25, end: 34, text: "Two more!" },
    ]);
  });

  it("grow by one span a save, change a category on the third, and keep stored ids", () => {
    const one: Span[] = annotatorSpans({ sentences, slot: 0, step: 1 });
    const two: Span[] = annotatorSpans({ sentences, slot: 0, step: 2 });
    const three: Span[] = annotatorSpans({ sentences, slot: 0, step: 3, ids: new Map([[spanKey(two[0]), "id-a"]]) });
    expect([one.length, two.length, three.length]).toEqual([1, 2, 3]);
    expect(one[0]!.category).toBe("vital");
    expect(three[1]!.category).not.toBe(two[1]!.category);
    expect(three[0]!.id).toBe("id-a");
    expect(three[1]!.id).toBeUndefined();
    const other: Span[] = annotatorSpans({ sentences, slot: 1, step: 3 });
    expect(sameSpans(other, three)).toBe(false);
    expect(new Set(three.map(spanKey)).size).toBe(3);
  });

  it("compare by place and category only", () => {
    const a = [
      { id: "x", documentId: "d", start: 0, end: 5, text: "Hello", category: "vital" },
      { documentId: "d", start: 6, end: 9, text: "you", category: "ads" },
    ];
    expect(
      sameSpans(
        a,
        [...a].reverse().map(({ id: _id, ...s }) => s),
      ),
    ).toBe(true);
    expect(sameSpans(a, [{ ...a[0], category: "ads" }, a[1]])).toBe(false);
    expect(sameSpans(a, a.slice(1))).toBe(false);
    expect(goldFromAnnotation(a)).toEqual(a.map(({ id: _id, ...s }) => s));
  });

  it("make compress bodies of three small pages", () => {
    const bodies: string[] = compressBodies({ count: 3, seed: 1 });
    const body = JSON.parse(bodies[0]!);
    expect(bodies).toHaveLength(3);
    expect(body.results).toHaveLength(3);
    expect(bodies[0]!.length).toBeLessThan(5_000);
  });
});

describe("the soak's figures", () => {
  it("percentiles by nearest rank", () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect([percentile(xs, 50), percentile(xs, 99), percentile(xs, 100), percentile([], 50)]).toEqual([50, 99, 100, null]);
  });

  it("count requests and errors per minute", () => {
    const stats = new SoakStats(0);
    stats.request({ at: 1_000, ms: 10, kind: "save", status: 200 });
    stats.request({ at: 2_000, ms: 30, kind: "compress", status: 200 });
    stats.request({ at: 61_000, ms: 50, kind: "compress", status: 200 });
    stats.error({ at: 61_500, kind: "save", cls: "killed", what: "ECONNRESET" });
    stats.error({ at: 62_000, kind: "gold", cls: "other", what: "500" });
    expect(stats.minutes()).toEqual([
      { minute: 1, requests: 2, killed: 0, other: 0, p50Ms: 10, p99Ms: 30, compressP50Ms: 30, compressP99Ms: 30 },
      { minute: 2, requests: 1, killed: 1, other: 1, p50Ms: 50, p99Ms: 50, compressP50Ms: 50, compressP99Ms: 50 },
    ]);
    expect(stats.totals()).toMatchObject({ requests: 3, killed: 1, other: 1, compressRequests: 2 });
    expect(stats.failures).toEqual([{ atS: 62, kind: "gold", what: "500" }]);
    // Retries that are not errors are counted apart.
    stats.note({ kind: "save", what: "reconciled" });
    stats.note({ kind: "compress", what: "staleKeepAlive" });
    expect(stats.notes).toEqual({ reconciled: 1, staleKeepAlive: 1 });
    expect(stats.totals()).toMatchObject({ killed: 1, other: 1 });
  });

  const samples = (from: number, to: number, kb: (t: number) => number) =>
    Array.from({ length: (to - from) / 5_000 + 1 }, (_, i) => ({ t: from + i * 5_000, kb: kb(from + i * 5_000) }));

  it("judge RSS growth between the window after the warm-up and the last window, on the lowest samples", () => {
    const base = { startedAt: 0, endedAt: 600_000, killed: false, warmupMs: 60_000, windowMs: 60_000, maxGrowth: 0.1 };
    // A start-up climb during the warm-up does not count.
    const flat = rssVerdict({ ...base, samples: samples(0, 600_000, (t) => (t < 60_000 ? 100_000 : 300_000)) });
    expect(flat).toMatchObject({ verdict: "PASS", startKb: 300_000, endKb: 300_000, growth: 0, allowedKb: 32 * 1024 });
    // A large process: 10% of its floor.
    const large = (end: number) => samples(0, 600_000, (t) => (t < 540_000 ? 1_000_000 : end));
    expect(rssVerdict({ ...base, samples: large(1_090_000) })).toMatchObject({ verdict: "PASS", allowedKb: 100_000 });
    expect(rssVerdict({ ...base, samples: large(1_110_000) }).verdict).toBe("FAIL");
    // Bursts lift the peaks, not the floor.
    const bursts = rssVerdict({ ...base, samples: samples(0, 600_000, (t) => (t % 20_000 === 0 ? 300_000 : t > 500_000 ? 420_000 : 360_000)) });
    expect(bursts).toMatchObject({ verdict: "PASS", startKb: 300_000, endKb: 300_000 });
    const leak = rssVerdict({ ...base, samples: samples(0, 600_000, (t) => 300_000 + t / 10) });
    expect(leak.verdict).toBe("FAIL");
    expect(leak.growth).toBeGreaterThan(0.1);
    // A small process may grow by 32 MB (V8's young generation), not more.
    const small = (grow: number) => samples(0, 600_000, (t) => (t < 540_000 ? 60_000 : 60_000 + grow));
    expect(rssVerdict({ ...base, samples: small(30_000) })).toMatchObject({ verdict: "PASS", allowedKb: 32 * 1024 });
    expect(rssVerdict({ ...base, samples: small(40_000) }).verdict).toBe("FAIL");
    expect(rssVerdict({ ...base, killed: true, samples: samples(0, 600_000, () => 1) })).toMatchObject({
      verdict: "n/a",
      note: "killed by the soak",
    });
    expect(rssVerdict({ ...base, endedAt: 150_000, samples: samples(0, 150_000, () => 1) }).verdict).toBe("n/a");
    // A short run: the figures, no verdict.
    expect(rssVerdict({ ...base, judge: false, samples: samples(0, 600_000, (t) => 300_000 + t / 10) })).toMatchObject({ verdict: "info" });
  });

  it("judge live JavaScript memory on the lowest samples of the same windows, allowing 10% or 4 MB", () => {
    const base = { startedAt: 0, endedAt: 600_000, killed: false, warmupMs: 60_000, windowMs: 60_000, maxGrowth: 0.1 };
    const MB = 1024 * 1024;
    const live = (bytes: (t: number) => number) => samples(0, 600_000, bytes).map(({ t, kb }) => ({ t, bytes: kb }));
    // Warm-up (code, caches filling) then flat: passes.
    expect(memoryVerdict({ ...base, samples: live((t) => (t < 60_000 ? 20 * MB : 80 * MB)) })).toMatchObject({
      verdict: "PASS",
      startBytes: 80 * MB,
      endBytes: 80 * MB,
      allowedBytes: 8 * MB,
    });
    // Garbage a collection left unmarked lifts some samples, not the floor.
    expect(memoryVerdict({ ...base, samples: live((t) => (t % 10_000 === 0 ? 80 * MB : t > 540_000 ? 95 * MB : 85 * MB)) }).verdict).toBe("PASS");
    // 1 kB retained per request at 20 requests a second: 1.2 MB a minute.
    const leak = memoryVerdict({ ...base, samples: live((t) => 80 * MB + (t / 1000) * 20 * 1024) });
    expect(leak.verdict).toBe("FAIL");
    // A small heap: 4 MB of slack, not 10% of 9 MB.
    expect(memoryVerdict({ ...base, samples: live((t) => (t < 540_000 ? 9 * MB : 12 * MB)) })).toMatchObject({
      verdict: "PASS",
      allowedBytes: 4 * MB,
    });
    expect(memoryVerdict({ ...base, samples: live((t) => (t < 540_000 ? 9 * MB : 14 * MB)) }).verdict).toBe("FAIL");
    // No samples (a process without the probe): no verdict.
    expect(memoryVerdict({ ...base, samples: [] })).toMatchObject({ verdict: "n/a", note: "no samples in a window" });
  });

  it("combine an incarnation's verdicts: a failure wins, then a pass", () => {
    expect(combineVerdicts("PASS", "FAIL")).toBe("FAIL");
    expect(combineVerdicts("FAIL", "n/a")).toBe("FAIL");
    expect(combineVerdicts("PASS", "n/a")).toBe("PASS");
    expect(combineVerdicts("info", "info")).toBe("info");
    expect(combineVerdicts("n/a", "n/a")).toBe("n/a");
  });

  it("scale the memory windows with the run", () => {
    expect(memoryWindows(30 * 60_000)).toEqual({ warmupMs: 300_000, windowMs: 300_000 });
    expect(memoryWindows(10 * 60_000)).toEqual({ warmupMs: 100_000, windowMs: 100_000 });
    expect(memoryWindows(60_000)).toEqual({ warmupMs: 20_000, windowMs: 15_000 });
  });

  it("print each process's live memory and RSS, every minute and in the summary", () => {
    const MB = 1024 * 1024;
    const minute = formatMinuteLine({
      row: { minute: 3, requests: 10, killed: 0, other: 0, p50Ms: 5, p99Ms: 9, compressP50Ms: 4, compressP99Ms: 8 },
      minutes: 30,
      acked: { saves: 1, submits: 1, reviews: 0, golds: 0 },
      jobs: { done: 1, live: 1 },
      rss: [
        { name: "judge", kb: 70 * 1024, liveBytes: 9.2 * MB },
        { name: "app0", kb: 600 * 1024, liveBytes: null },
      ],
    });
    expect(minute).toContain("RSS judge 70 MB (live 9.2 MB), app0 600 MB");
    const base = { startedAt: 0, endedAt: 600_000, killed: false, warmupMs: 60_000, windowMs: 60_000, maxGrowth: 0.1 };
    const judge = {
      name: "judge#1",
      pid: 42,
      rss: rssVerdict({ ...base, samples: samples(0, 600_000, () => 70 * 1024) }),
      live: memoryVerdict({ ...base, samples: samples(0, 600_000, (t) => 9 * MB + t * 20).map(({ t, kb }) => ({ t, bytes: kb })) }),
    };
    const killed = {
      name: "app0#1",
      pid: 43,
      rss: rssVerdict({ ...base, killed: true, samples: [] }),
      live: memoryVerdict({ ...base, killed: true, samples: [] }),
    };
    const rss = [judge, killed].map((r) => ({ ...r, verdict: combineVerdicts(r.rss.verdict, r.live.verdict) }));
    const report = {
      minutesRun: 10,
      config: { build: "postgresql" },
      totals: { requests: 1, killed: 0, other: 0, p50Ms: 1, p99Ms: 1, compressRequests: 0, compressP50Ms: null, compressP99Ms: null },
      notes: { reconciled: 0, staleKeepAlive: 0 },
      minutes: [],
      kills: { events: [] },
      memoryWindows: { warmupS: 60, windowS: 60 },
      rss,
      rows: { checked: 1, lost: 0, extra: 0, detail: [] },
      jobs: { started: 0, done: 0, failed: 0, unfinished: 0, resumed: 0 },
      failures: [],
      goals: evaluateGoals({
        totals: { other: 0 },
        rss,
        rows: { lost: 0, checked: 1 },
        jobs: { done: 1, failed: 0, unfinished: 0 },
        kills: { done: 2, planned: 2 },
        acked: { saves: 1, golds: 1 },
      }),
    };
    const lines = formatSummary(report).join("\n");
    // 9 MB growing by 20 bytes a ms: the lowest samples, at 60 s and 540 s.
    expect(lines).toMatch(/judge#1 +pid 42 +live 10\.1 MB → 19\.3 MB \+90\.2% FAIL; RSS 70 MB → 70 MB \+0\.0% PASS: FAIL/);
    expect(lines).toMatch(/app0#1 +pid 43 +live -; RSS first -, last -: n\/a \(killed by the soak\)/);
    expect(lines).toContain("FAIL  memory growth after the warm-up ≤ 10% per process");
    expect(lines).toContain("over: judge#1");
  });

  it("pass only when every goal is met", () => {
    const ok = {
      totals: { other: 0 },
      rss: [
        { name: "app1#1", verdict: "PASS" },
        { name: "app0#1", verdict: "n/a" },
      ],
      rows: { lost: 0, checked: 10 },
      jobs: { done: 2, failed: 0, unfinished: 0 },
      kills: { done: 2, planned: 2 },
      acked: { saves: 5, submits: 2, golds: 1 },
    };
    expect(evaluateGoals(ok).passed).toBe(true);
    expect(evaluateGoals({ ...ok, rss: [{ name: "app1#1", verdict: "info" }] }).goals[1]).toMatchObject({
      value: "not judged in this run",
      pass: true,
    });
    expect(evaluateGoals({ ...ok, totals: { other: 1 } }).passed).toBe(false);
    expect(evaluateGoals({ ...ok, rss: [{ name: "app1#1", verdict: "FAIL" }] }).passed).toBe(false);
    expect(evaluateGoals({ ...ok, rows: { lost: 1, checked: 10 } }).passed).toBe(false);
    expect(evaluateGoals({ ...ok, jobs: { done: 2, failed: 0, unfinished: 1 } }).passed).toBe(false);
    expect(evaluateGoals({ ...ok, kills: { done: 1, planned: 2 } }).passed).toBe(false);
  });
});
