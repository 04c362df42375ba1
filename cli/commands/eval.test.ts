import { execFile, spawn } from "node:child_process";
import { mkdtemp, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it, vi } from "vitest";
import { command } from "./eval";

const root = path.join(import.meta.dirname, "..", "..");
const fixture = path.join(root, "lib", "data", "fixtures", "hotpotqa-tiny.json");

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

  it("rejects bad arguments", async () => {
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
