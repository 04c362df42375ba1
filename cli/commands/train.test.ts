import { afterEach, describe, expect, it, vi } from "vitest";
import { command as train } from "./train";
import { command as trainData } from "./train-data";

/** The exit code and what `train` (or `train-data`) printed to stderr: its checks run before any training step. */
async function runTrain(args: string[], command = train): Promise<{ code: number; error: string }> {
  const errors: string[] = [];
  vi.spyOn(console, "error").mockImplementation((...a: unknown[]) => void errors.push(a.join(" ")));
  vi.spyOn(console, "log").mockImplementation(() => {});
  const code = await command.run(args);
  return { code, error: errors.join("\n") };
}

describe("snippet-lab train: options checked before hours of training", () => {
  afterEach(() => vi.restoreAllMocks());

  it("refuses --extend-cyrillic without the vocabulary it extends", async () => {
    const r = await runTrain(["--data", "/nonexistent", "--extend-cyrillic", "6000", "--work", "/nonexistent/work"]);
    expect(r.code).toBe(2);
    expect(r.error).toMatch(/--extend-cyrillic needs --vocab/);
  });

  it("refuses a lexical dropout share outside [0, 1)", async () => {
    for (const share of ["1", "-0.1", "lots"]) {
      const r = await runTrain(["--data", "/nonexistent", `--lexical-dropout=${share}`, "--work", "/nonexistent/work"]);
      expect(r.code).toBe(2);
      expect(r.error).toMatch(/--lexical-dropout takes a share/);
    }
  });

  it("refuses a teacher masked-LM weight that is not a weight", async () => {
    for (const w of ["-1", "lots", "11"]) {
      const r = await runTrain(["--data", "/nonexistent", `--teacher-mlm-weight=${w}`, "--work", "/nonexistent/work"]);
      expect(r.code).toBe(2);
      expect(r.error).toMatch(/--teacher-mlm-weight takes a weight/);
    }
  });

  it("refuses a word or an out-of-range figure in a numeric flag at once, not when its step starts", async () => {
    const steps = await runTrain(["--data", "/nonexistent", "--teacher-steps", "lots", "--work", "/nonexistent/work"]);
    expect(steps).toEqual({ code: 2, error: 'train: --teacher-steps takes an integer of at least 1 (got "lots")' });
    const alpha = await runTrain(["--data", "/nonexistent", "--alpha", "2", "--work", "/nonexistent/work"]);
    expect(alpha.error).toBe('train: --alpha takes a number from 0 to 1 (got "2")');
    const window = await runTrain(["--data", "/nonexistent", "--out", "/nonexistent/out", "--window", "big"], trainData);
    expect(window).toEqual({ code: 2, error: 'train-data: --window takes an integer of at least 16 (got "big")' });
    const share = await runTrain(["--data", "/nonexistent", "--out", "/nonexistent/out", "--article-chrome", "1.5"], trainData);
    expect(share.error).toBe('train-data: --article-chrome takes a number from 0 to 1 (got "1.5")');
  });

  it("refuses --skip-encoder when the encoder folder it would reuse is missing", async () => {
    const r = await runTrain(["--data", "/nonexistent", "--skip-encoder", "--encoder", "no-such-encoder", "--work", "/nonexistent/work"]);
    expect(r.code).toBe(2);
    expect(r.error).toMatch(/--skip-encoder reuses models\/no-such-encoder, which has no encoder.json/);
  });

  it("refuses --vocab when fine-tuning on gold (the base model's vocabulary is kept)", async () => {
    const r = await runTrain(["--gold", "/nonexistent/gold.jsonl", "--vocab", "/nonexistent/vocab.txt", "--work", "/nonexistent/work"]);
    expect(r.code).toBe(2);
    expect(r.error).toMatch(/--vocab need --data/);
  });
});
