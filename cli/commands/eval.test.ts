import { execFile, spawn } from "node:child_process";
import { mkdtemp, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it, vi } from "vitest";
import { command } from "./eval";

const root = path.join(import.meta.dirname, "..", "..");
const fixtures = path.join(root, "lib", "data", "fixtures");
const fixture = path.join(fixtures, "hotpotqa-tiny.json");

/** Runs `snippet-lab eval` with a JSON report and returns it (console output silenced). */
async function evalReport(args: string[]) {
  const dir = await mkdtemp(path.join(os.tmpdir(), "snippet-eval-"));
  const out = path.join(dir, "report.json");
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  try {
    expect(await command.run([...args, "--json", out, "--quiet"])).toBe(0);
  } finally {
    log.mockRestore();
  }
  return JSON.parse(await readFile(out, "utf8")) as {
    dataset: string;
    queries: number;
    results: {
      method: string;
      ratio?: number;
      threshold?: number;
      evidenceRecall: number;
      unanswerable?: { queries: number; keptNothing: number };
    }[];
  };
}

describe("snippet-lab eval", () => {
  it("writes the JSON report and prints a table", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "snippet-eval-"));
    const out = path.join(dir, "sub", "report.json");
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const code = await command.run([
      "--input",
      fixture,
      "--format",
      "hotpotqa",
      "--ratios",
      "0.3",
      "--thresholds",
      "0:1:0.5",
      "--json",
      out,
      "--quiet",
    ]);
    log.mockRestore();
    expect(code).toBe(0);
    const report = JSON.parse(await readFile(out, "utf8"));
    expect(report).toMatchObject({ dataset: "hotpotqa-tiny", queries: 2 });
    // No --methods: the default model, bm25, lead and the oracle.
    expect(report.provenance.methods).toEqual(["model:snippet-lab", "bm25", "lead", "oracle"]);
    expect(report.results).toHaveLength(4 * 4);
    expect(report.results.find((r: { method: string; ratio?: number }) => r.method === "oracle" && r.ratio === 0.3).evidenceRecall).toBe(1);
  });

  it("reads SciFact-layout claims and their corpus (--claims, --corpus): refuting sentences are evidence too", async () => {
    const report = await evalReport([
      "--claims",
      path.join(fixtures, "scifact-claims-tiny.jsonl"),
      "--corpus",
      path.join(fixtures, "scifact-corpus-tiny.jsonl"),
      "--methods",
      "oracle,lead",
      "--ratios",
      "0.4",
      "--thresholds",
      "0.5",
    ]);
    // Four claims; the one whose abstract holds no evidence sentence is reported apart as unanswerable.
    expect(report).toMatchObject({ dataset: "scifact-claims-tiny", queries: 4 });
    const oracle = report.results.find((r) => r.method === "oracle" && r.threshold === 0.5)!;
    expect(oracle.evidenceRecall).toBe(1);
    expect(oracle.unanswerable).toMatchObject({ queries: 1, keptNothing: 1 });
    // In the files' order the evidence opens two of the three answerable abstracts' lists: lead finds it there.
    expect(report.results.find((r) => r.method === "lead" && r.ratio === 0.4)!.evidenceRecall).toBeGreaterThan(0);
  });

  it("reads WiCE claims over their pages (--format wice)", async () => {
    const report = await evalReport([
      "--input",
      path.join(fixtures, "wice-tiny.jsonl"),
      "--format",
      "wice",
      "--methods",
      "oracle,bm25",
      "--thresholds",
      "0.5",
    ]);
    // The not_supported claim with no supporting sentence is skipped.
    expect(report).toMatchObject({ dataset: "wice-tiny", queries: 2 });
    expect(report.results.find((r) => r.method === "oracle")!.evidenceRecall).toBe(1);
  });

  it("reads SQuAD 2.0: unanswerable questions reported apart, kept nothing against recall by threshold", async () => {
    const report = await evalReport([
      "--input",
      path.join(fixtures, "squad2-tiny.json"),
      "--format",
      "squad",
      "--methods",
      "oracle",
      "--thresholds",
      "0.5,1",
    ]);
    expect(report.queries).toBe(5);
    const at = (t: number) => report.results.find((r) => r.threshold === t)!;
    expect(at(0.5).unanswerable).toMatchObject({ queries: 3, keptNothing: 1 });
    expect(at(0.5).evidenceRecall).toBe(1);
  });

  it("rejects bad arguments", async () => {
    const claims = path.join(fixtures, "scifact-claims-tiny.jsonl");
    await expect(command.run(["--claims", claims])).rejects.toThrow(/--corpus/);
    await expect(command.run(["--input", fixture, "--format", "hotpotqa", "--shuffle-sentences"])).rejects.toThrow(/--shuffle-sentences/);
    await expect(command.run(["--input", claims, "--format", "scifact"])).rejects.toThrow(/--claims FILE --corpus FILE/);
    await expect(command.run(["--input", fixture])).rejects.toThrow(/--format/);
    await expect(command.run(["--input", fixture, "--format", "hotpotqa", "--methods", "nope"])).rejects.toThrow(/Unknown method/);
    await expect(command.run(["--bogus"])).rejects.toThrow(/Unknown option/);
  });

  it("writes its report when the reader of stdout closed the pipe (| head)", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "snippet-eval-"));
    const out = path.join(dir, "report.json");
    const bin = path.join(root, "bin", "snippet-lab.mjs");
    const args = [bin, "eval", "--input", fixture, "--format", "hotpotqa", "--methods", "bm25", "--json", out, "--quiet"];
    const child = spawn(process.execPath, args, { cwd: os.tmpdir(), stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.destroy();
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(JSON.parse(await readFile(out, "utf8"))).toMatchObject({ dataset: "hotpotqa-tiny", queries: 2 });
  });

  it("runs through bin/snippet-lab.mjs from another directory", async () => {
    const run = promisify(execFile);
    const bin = path.join(root, "bin", "snippet-lab.mjs");
    const { stdout } = await run(process.execPath, [bin, "eval", "--help"], { cwd: os.tmpdir() });
    expect(stdout).toContain("snippet-lab eval --input FILE");
    const failed = await run(process.execPath, [bin, "no-such-command"], { cwd: os.tmpdir() }).catch((e: { code: number; stderr: string }) => e);
    expect(failed).toMatchObject({ code: 2 });
    expect((failed as { stderr: string }).stderr).toContain('unknown command "no-such-command"');
  });
});
