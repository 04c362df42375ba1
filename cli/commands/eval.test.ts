import { execFile } from "node:child_process";
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
    expect(report.results).toHaveLength(3 * 4);
    expect(report.results.find((r: { method: string; ratio?: number }) => r.method === "oracle" && r.ratio === 0.3).evidenceRecall).toBe(1);
  });

  it("rejects bad arguments", async () => {
    await expect(command.run(["--input", fixture])).rejects.toThrow(/--format/);
    await expect(command.run(["--input", fixture, "--format", "hotpotqa", "--methods", "nope"])).rejects.toThrow(/Unknown method/);
    await expect(command.run(["--bogus"])).rejects.toThrow(/Unknown option/);
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
