import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SelectionProfile } from "../../lib/schemas/selection-profile";
import { command as train, servedSettingsFor } from "./train";
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

describe("servedSettingsFor: one serving recipe for student and teacher", () => {
  const keys = [
    "similarityWeight",
    "similaritySource",
    "similarityBlend",
    "similarityMaxUnits",
    "similarityPassage",
    "similarityDocument",
    "cutBestBelow",
    "cutBestMinShare",
  ];

  it("gives a freshly trained student and teacher the same tiers and cut, reading the named encoder", () => {
    const student = servedSettingsFor({ role: "student", encoder: "enc" });
    const teacher = servedSettingsFor({ role: "teacher", encoder: "enc" });
    expect(teacher).toEqual(student);
    expect(Object.keys(student).sort()).toEqual([...keys].sort());
    expect(student.similarityPassage?.encoder).toBe("enc");
    expect(student.similarityDocument?.encoder).toBe("enc");
  });

  it("gives a fine-tune each role's base settings, the teacher its own base's gate", () => {
    const configs: Record<string, Partial<SelectionProfile>> = {
      base: {
        similarityWeight: 0.5,
        similarityPassage: { maxUnits: 40, blend: "rank", weight: 0.6, gate: { cosine: 0.41, scale: 0.25 } },
        threshold: 0.22,
      },
      "base-teacher": { similarityWeight: 0.4, similarityPassage: { maxUnits: 40, blend: "rank", weight: 0.6, gate: { cosine: 0.38, scale: 0.25 } } },
    };
    const readConfig = (name: string) => configs[name]!;
    expect(servedSettingsFor({ role: "student", encoder: "enc", base: { name: "base", readConfig } })).toEqual({
      similarityWeight: 0.5,
      similarityPassage: configs.base!.similarityPassage,
    });
    expect(servedSettingsFor({ role: "teacher", encoder: "enc", base: { name: "base", readConfig } }).similarityPassage?.gate?.cosine).toBe(0.38);
  });

  it("matches the shipped models: the teacher serves the student's settings (each its own fitted gate)", () => {
    const read = (name: string) => JSON.parse(readFileSync(path.join("models", name, "config.json"), "utf8")) as Record<string, unknown>;
    const withoutGate = (c: Record<string, unknown>) =>
      Object.fromEntries(keys.map((k) => [k, k === "similarityPassage" ? { ...(c[k] as object), gate: undefined } : c[k]]));
    const student = read("snippet-lab");
    const teacher = read("snippet-lab-teacher");
    expect(withoutGate(teacher)).toEqual(withoutGate(student));
    expect(teacher.similarityPassage).toHaveProperty("gate");
  });
});
