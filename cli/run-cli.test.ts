// The dispatcher bin/snippet-lab.mjs runs: help for every command in one place, and one mapping of what a command
// throws to its exit code and message.
import { afterEach, describe, expect, it, vi } from "vitest";
import { command as worker } from "./commands/worker";
import { runCli } from "./run-cli";

/** Exit code, stdout and stderr of `snippet-lab ARGS`. */
async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, "log").mockImplementation((...a: unknown[]) => void out.push(a.join(" ")));
  vi.spyOn(console, "error").mockImplementation((...a: unknown[]) => void err.push(a.join(" ")));
  const code = await runCli(args);
  return { code, out: out.join("\n"), err: err.join("\n") };
}

afterEach(() => vi.restoreAllMocks());

describe("snippet-lab", () => {
  it("answers --help, -h and help NAME with the command's usage, before the command parses anything", async () => {
    for (const args of [
      ["worker", "--help"],
      ["worker", "--concurrency", "nope", "-h"],
      ["help", "worker"],
    ]) {
      expect(await cli(...args), args.join(" ")).toEqual({ code: 0, out: worker.usage, err: "" });
    }
    const all = await cli("--help");
    expect(all.code).toBe(0);
    expect(all.out).toMatch(/^ {2}worker {2,}run background jobs/m);
  });

  it("prints a usage error with the command's usage and exits 2", async () => {
    const bad = await cli("worker", "--concurrency", "17");
    expect(bad).toEqual({ code: 2, out: "", err: `snippet-lab worker: --concurrency takes an integer from 1 to 16 (got "17")\n\n${worker.usage}` });
    const unknown = await cli("worker", "--bogus");
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/^snippet-lab worker: Unknown option '--bogus'/);
    const kind = await cli("worker", "--kinds", "nope");
    expect(kind.code).toBe(2);
    expect(kind.err).toMatch(/^snippet-lab worker: unknown job kind "nope"/);
  });

  it("prints a refusal without the usage and exits 1", async () => {
    const r = await cli("bench", "--model", "no-such-model");
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^snippet-lab bench: \S/);
    expect(r.err).not.toContain("Usage");
    expect(r.err).not.toContain("--runs N");
  });

  it("exits 2 without a command or with an unknown one", async () => {
    expect((await cli()).code).toBe(2);
    const unknown = await cli("frobnicate");
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/unknown command "frobnicate"/);
  });
});
