import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { SelectionProfile } from "../../lib/engine/profile";
import { profileConfigSchema } from "../../lib/model/model-config";
import { newModelProfile, servedSettingsFor } from "../../lib/model/serving-recipe";
import { runCommandForTest } from "../run-command-for-test";
import { command as train } from "./train";

/** The exit code and the refusal `train` threw: its checks run before any training step. */
async function runTrain(args: string[]): Promise<{ code: number; error: string }> {
  const { code, error } = await runCommandForTest(train, args);
  return { code, error };
}

describe("snippet-lab train: options checked before hours of training", () => {
  it("refuses --extend-cyrillic without the vocabulary it extends", async () => {
    const r = await runTrain(["--data", "/nonexistent", "--extend-cyrillic", "6000", "--work", "/nonexistent/work"]);
    expect(r.code).toBe(2);
    expect(r.error).toMatch(/--extend-cyrillic needs --vocab/);
  });

  it("refuses a lexical dropout share outside [0, 1)", async () => {
    for (const share of ["1", "-0.1", "lots"]) {
      const r = await runTrain(["--data", "/nonexistent", `--lexical-dropout=${share}`, "--work", "/nonexistent/work"]);
      expect(r.code).toBe(2);
      expect(r.error).toBe(`--lexical-dropout takes a number in [0, 1) (got "${share}")`);
    }
  });

  it("refuses a teacher masked-LM weight that is not a weight", async () => {
    for (const w of ["-1", "lots", "11"]) {
      const r = await runTrain(["--data", "/nonexistent", `--teacher-mlm-weight=${w}`, "--work", "/nonexistent/work"]);
      expect(r.code).toBe(2);
      expect(r.error).toBe(`--teacher-mlm-weight takes a number from 0 to 10 (got "${w}")`);
    }
  });

  it("refuses a word or an out-of-range figure in a numeric flag at once, not when its step starts", async () => {
    const steps = await runTrain(["--data", "/nonexistent", "--teacher-steps", "lots", "--work", "/nonexistent/work"]);
    expect(steps).toEqual({ code: 2, error: '--teacher-steps takes an integer of at least 1 (got "lots")' });
    const alpha = await runTrain(["--data", "/nonexistent", "--alpha", "2", "--work", "/nonexistent/work"]);
    expect(alpha.error).toBe('--alpha takes a number from 0 to 1 (got "2")');
    // train-data's own flags: number-flags.test.ts.
  });

  it("refuses an unknown role to export or section mode", async () => {
    const roles = await runTrain(["--data", "/nonexistent", "--export", "student,critic", "--work", "/nonexistent/work"]);
    expect(roles).toEqual({ code: 2, error: '--export takes student, teacher or student,teacher (got "student,critic")' });
    const sections = await runTrain(["--data", "/nonexistent", "--serve-sections", "some", "--work", "/nonexistent/work"]);
    expect(sections).toEqual({ code: 2, error: '--serve-sections takes all, plain or off (got "some")' });
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
  it("gives a freshly trained student and teacher the same similarity stage and cut, reading the named encoder", () => {
    const student = servedSettingsFor({ role: "student", encoder: "enc" });
    const teacher = servedSettingsFor({ role: "teacher", encoder: "enc" });
    expect(teacher).toEqual(student);
    expect(Object.keys(student.similarity!).sort()).toEqual(["blend", "document", "maxUnits", "passage", "source", "weight"]);
    expect(student.selection).toEqual({ cutBestBelow: 0.5, cutBestMinShare: 0.9 });
    expect(student.similarity?.passage?.encoder).toBe("enc");
    expect(student.similarity?.document?.encoder).toBe("enc");
  });

  const profile = (p: { units?: object; similarity?: object; selection?: object }) => profileConfigSchema.parse(p) as SelectionProfile;
  const profiles: Record<string, SelectionProfile> = {
    base: profile({
      units: { focusWeight: 0.5 },
      similarity: { weight: 0.5, passage: { maxUnits: 40, blend: "rank", weight: 0.6, gate: { cosine: 0.41, scale: 0.25 } } },
      selection: { threshold: 0.22, floor: 0.002, cutBestBelow: 0.4 },
    }),
    "base-teacher": profile({
      units: { focusWeight: 0.3 },
      similarity: { weight: 0.4, passage: { maxUnits: 40, blend: "rank", weight: 0.6, gate: { cosine: 0.38, scale: 0.25 } } },
      selection: { threshold: 0.18 },
    }),
  };
  const base = { name: "base", readProfile: (name: string) => profiles[name]! };

  it("gives a fine-tune each role's base settings, the teacher its own base's gate", () => {
    expect(servedSettingsFor({ role: "student", encoder: "enc", base })).toEqual({
      similarity: profiles.base!.similarity,
      selection: { cutBestBelow: 0.4 },
    });
    expect(servedSettingsFor({ role: "teacher", encoder: "enc", base }).similarity?.passage?.gate?.cosine).toBe(0.38);
  });

  it("gives a fine-tune its role's calibrated settings and the base student's focus weight", () => {
    const teacher = newModelProfile({ role: "teacher", encoder: "enc", base });
    expect(teacher.selection).toEqual({ threshold: 0.18 });
    expect(teacher.units).toEqual({ aggregation: "mean", focusWeight: 0.5 });
    expect(newModelProfile({ role: "student", encoder: "enc", base }).selection).toEqual({ threshold: 0.22, floor: 0.002, cutBestBelow: 0.4 });
    // A fresh model: the recipe, and a threshold calibrate replaces.
    expect(newModelProfile({ role: "student", encoder: "enc" })).toEqual({
      units: { aggregation: "mean", focusWeight: 0.5 },
      similarity: servedSettingsFor({ role: "student", encoder: "enc" }).similarity,
      selection: { threshold: 0.5, cutBestBelow: 0.5, cutBestMinShare: 0.9 },
    });
  });

  it("matches the shipped models: the teacher serves the student's settings (each its own fitted gate)", () => {
    const read = (name: string) => JSON.parse(readFileSync(path.join("models", name, "config.json"), "utf8")) as { profile: SelectionProfile };
    const served = (p: SelectionProfile) => ({
      similarity: { ...p.similarity, passage: { ...p.similarity?.passage, gate: undefined } },
      cut: [p.selection.cutBestBelow, p.selection.cutBestMinShare],
    });
    const student = read("snippet-lab").profile;
    const teacher = read("snippet-lab-teacher").profile;
    expect(served(teacher)).toEqual(served(student));
    expect(teacher.similarity?.passage).toHaveProperty("gate");
  });
});
