// npm test's short crash pass: scripts/crash-test.mjs with 6 kills on SQLite (one of each operation — a 1,000-pair
// import, gold saves, a dataset delete, account changes, a sweep job — and a second import), each followed by a
// restart and the checks: every operation all or nothing, integrity_check and foreign_key_check, interrupted jobs
// resumed. The full run (50 kills on SQLite and 50 on PostgreSQL, 10,000-pair imports) is `node scripts/crash-test.mjs`.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const dir = mkdtempSync(path.join(tmpdir(), "snippet-lab-crash-pass-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type OpStats = { kills: number; midOperation: number; afterCommit: number; passed: number; integrity: number; resumed: number };
type Report = { results: { kind: string; kills: number; stats: Record<string, OpStats>; failures: string[] }[] };

function run(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, "scripts/crash-test.mjs"), ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (b: Buffer) => (output += b.toString()));
    child.stderr.on("data", (b: Buffer) => (output += b.toString()));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

describe("crash safety (short pass)", () => {
  it("6 SIGKILLs on SQLite: every operation all or nothing, the database sound, interrupted jobs resumed", async () => {
    const json = path.join(dir, "report.json");
    const { code, output } = await run(["--kills", "6", "--db", "sqlite", "--pairs", "1000", "--seed", "3", "--json", json]);
    expect(code, output).toBe(0);
    const report = JSON.parse(readFileSync(json, "utf8")) as Report;
    expect(report.results).toHaveLength(1);
    const [sqlite] = report.results;
    expect(sqlite!.failures).toEqual([]);
    const stats = Object.values(sqlite!.stats);
    const sum = (f: keyof OpStats) => stats.reduce((n, s) => n + s[f], 0);
    expect(Object.keys(sqlite!.stats).sort()).toEqual(["delete", "gold", "import", "sweep", "user"]);
    expect(sum("kills")).toBe(6);
    expect(sum("passed")).toBe(6);
    expect(sum("integrity")).toBe(6);
    expect(output).toMatch(/\[crash-test\] sqlite: 6 kills in \d+ s/);
  }, 300_000);
});
