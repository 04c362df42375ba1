// Numeric flags across the CLI: a word where a number belongs is a usage error (exit 2) that names the flag, before
// any model loads or file is written; never a NaN figure, a stack trace or a run on 0 (train: train.test.ts).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCommandForTest } from "../run-command-for-test";
import { command as bench } from "./bench";
import { command as compress } from "./compress";
import { command as evalCommand } from "./eval";
import { command as trainData } from "./train-data";
import { command as worker } from "./worker";

const dir = mkdtempSync(path.join(tmpdir(), "number-flags-"));
const page = path.join(dir, "page.txt");
writeFileSync(page, "The river rises in the hills. It reaches the sea at the port.");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("numeric flags", () => {
  it("compress: a word for --budget names the flag; a number out of range reads as the API words it", async () => {
    const word = await runCommandForTest(compress, ["--query", "where does the river reach the sea", "--budget", "abc", page]);
    expect(word).toMatchObject({ code: 2, error: '--budget takes a number (got "abc")' });
    const zero = await runCommandForTest(compress, ["--query", "where does the river reach the sea", "--budget", "0", page]);
    expect(zero.code).toBe(2);
    expect(zero.error).toMatch(/^invalid request: budget: /);
    const threshold = await runCommandForTest(compress, ["--query", "river", "--threshold", "high", page]);
    expect(threshold).toMatchObject({ code: 2, error: '--threshold takes a number (got "high")' });
  });

  it("bench: --runs, --threads, --window and --provider are checked before the model loads", async () => {
    expect(await runCommandForTest(bench, ["--runs", "abc"])).toMatchObject({ code: 2, error: '--runs takes an integer of at least 10 (got "abc")' });
    expect((await runCommandForTest(bench, ["--threads", "0"])).error).toBe('--threads takes an integer of at least 1 (got "0")');
    expect((await runCommandForTest(bench, ["--window", "1.5"])).error).toMatch(/^--window takes an integer/);
    expect(await runCommandForTest(bench, ["--provider", "gpu"])).toMatchObject({ code: 2, error: '--provider takes cpu or cuda (got "gpu")' });
  });

  it("eval: --floor, --limit and --fragment-size are checked before any method is resolved", async () => {
    const input = path.join(dir, "gold.jsonl");
    writeFileSync(input, "");
    const run = (...args: string[]) => runCommandForTest(evalCommand, ["--input", input, "--format", "jsonl", "--methods", "bm25", ...args]);
    expect((await run("--floor", "lots")).error).toBe('--floor takes a number from 0 to 1 (got "lots")');
    expect((await run("--limit", "2.5")).error).toBe('--limit takes an integer of at least 1 (got "2.5")');
    expect((await run("--fragment-size", "4")).error).toBe('--fragment-size takes an integer from 1 to 3 (got "4")');
    expect((await run("--split", "val", "--seed", "x")).error).toBe('--seed takes an integer (got "x")');
  });

  it("train-data: --window and the shares are checked before any data is read", async () => {
    const run = (...args: string[]) => runCommandForTest(trainData, ["--data", "/nonexistent", "--out", "/nonexistent/out", ...args]);
    expect(await run("--window", "big")).toMatchObject({ code: 2, error: '--window takes an integer of at least 16 (got "big")' });
    expect((await run("--article-chrome", "1.5")).error).toBe('--article-chrome takes a number from 0 to 1 (got "1.5")');
    expect((await run("--sections", "some")).error).toBe('--sections takes all, plain or off (got "some")');
  });

  it("worker: --concurrency out of range", async () => {
    expect(await runCommandForTest(worker, ["--concurrency", "17"])).toMatchObject({
      code: 2,
      error: '--concurrency takes an integer from 1 to 16 (got "17")',
    });
  });
});
