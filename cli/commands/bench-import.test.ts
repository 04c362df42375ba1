import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { generateJsonl } from "../bench-import/generate-jsonl";
import { runBenchImport } from "../bench-import/run-bench-import";
import { command } from "./bench-import";

describe("snippet-lab bench-import", () => {
  it("generates the same multilingual file for the same seed", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "snippet-bench-gen-"));
    try {
      const a = path.join(dir, "a.jsonl");
      const b = path.join(dir, "b.jsonl");
      const stats = generateJsonl({ path: a, pairs: 20, seed: 7, paragraphsPerDocument: 2 });
      generateJsonl({ path: b, pairs: 20, seed: 7, paragraphsPerDocument: 2 });
      const text = readFileSync(a, "utf8");
      expect(text).toBe(readFileSync(b, "utf8"));
      expect(text.trim().split("\n")).toHaveLength(20);
      expect(stats).toMatchObject({ records: 20, documents: 24, evidence: 24, htmlDocuments: 8 });
      expect(text).toMatch(/biblioteca|traghetto|museo|porto|stazione|orto|consiglio|ponte/); // Italian
      expect(text).toMatch(/[\u0400-\u04ff]{4}/); // Ukrainian (Cyrillic)
      expect(text).toMatch(/[\u4e00-\u9fff]{2}/); // Chinese
      expect(text).toContain('"html":"<!doctype html>');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("imports 20 generated pairs and exports them in every format, reporting the counts", async () => {
    const result = await runBenchImport({ pairs: 20, seed: 1, format: "jsonl", keep: false });
    const g = result.file.generated!;
    expect(g).toMatchObject({ records: 20, documents: 24, evidence: 24 });
    // Every record is a pair with gold; all documents differ, and each evidence item is one vital gold span.
    expect(result.import).toMatchObject({ pairs: 20, documents: g.documents, goldSpans: g.evidence, suggestions: 0, skipped: 0 });
    expect(result.exports.map((e) => e.format)).toEqual(["gold-jsonl", "label-studio", "prodigy"]);
    const lines = Object.fromEntries(result.exports.map((e) => [e.format, e.lines]));
    // One line per pair × document; Label Studio adds the "[" and "]" lines around its tasks.
    expect(lines).toEqual({ "gold-jsonl": g.documents, "label-studio": g.documents + 2, prodigy: g.documents });
    for (const e of result.exports) expect(e.bytes).toBeGreaterThan(0);
    expect(result.file.bytes).toBeGreaterThan(0);
    expect(result.peakRssMb).toBeGreaterThan(0);
    expect(result.keptDir).toBeNull();
    expect(existsSync(path.dirname(result.file.path))).toBe(false); // temp folder removed
  });

  it("--size-mb grows documents, not the number of pairs", async () => {
    const result = await runBenchImport({ pairs: 20, sizeMb: 0.5, seed: 3, format: "jsonl", keep: false });
    expect(result.import.pairs).toBe(20);
    expect(result.file.bytes).toBeGreaterThan(0.35 * 1024 * 1024);
    expect(result.file.bytes).toBeLessThan(0.7 * 1024 * 1024);
  });

  it("imports a given file and writes --json", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "snippet-bench-cli-"));
    try {
      const file = path.join(dir, "in.jsonl");
      generateJsonl({ path: file, pairs: 10, seed: 2, paragraphsPerDocument: 1 });
      const out = path.join(dir, "out", "figures.json");
      const log = vi.spyOn(console, "log").mockImplementation(() => {});
      const err = vi.spyOn(console, "error").mockImplementation(() => {});
      const code = await command.run(["--file", file, "--format", "jsonl", "--json", out]);
      log.mockRestore();
      err.mockRestore();
      expect(code).toBe(0);
      const figures = JSON.parse(readFileSync(out, "utf8"));
      expect(figures.file).toMatchObject({ path: file, format: "jsonl", generated: null });
      expect(figures.import).toMatchObject({ pairs: 10, documents: 12, goldSpans: 12 });
      expect(existsSync(file)).toBe(true); // a given file is never removed
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("rejects bad arguments", async () => {
    await expect(command.run(["--pairs", "0"])).rejects.toThrow(/--pairs/);
    await expect(command.run(["--pairs", "50001"])).rejects.toThrow(/at most 50000/);
    await expect(command.run(["--format", "squad"])).rejects.toThrow(/--file/);
    await expect(command.run(["--bogus"])).rejects.toThrow(/Unknown option/);
  });
});
