// The calibrate write path on a copy of the shipped model: what `calibrate`, `fit-answer-gate` and `fit-search-rerank`
// write leaves the cached token probabilities valid (their key reads the reader and the weights only), while the key
// of stored unit scores changes exactly when a setting of the unit stage does.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pairInputHashes } from "../pairs/fresh-token-scores";
import { modelFingerprint } from "../pairs/model-fingerprint";
import { unitScoresKey } from "../scoring/unit-scores-key";
import { listModels, readModelConfig } from "./list-models";
import { updateModelProfile, writeModelConfig } from "./update-model-profile";

const repo = path.resolve(import.meta.dirname, "..", "..", "..");
const NAME = "snippet-lab";
let root: string;
let previous: string | undefined;

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "update-model-profile-"));
  const dir = path.join(root, NAME);
  mkdirSync(dir);
  for (const f of ["model.onnx", "vocab.txt"]) copyFileSync(path.join(repo, "models", NAME, f), path.join(dir, f));
  // The model as every config was before reader + profile: the flat layout (lib/model/fixtures).
  copyFileSync(path.join(repo, "lib", "model", "fixtures", "flat-config.json"), path.join(dir, "config.json"));
  previous = process.env.SNIPPET_LAB_MODELS_DIR;
  process.env.SNIPPET_LAB_MODELS_DIR = root;
});

afterAll(() => {
  if (previous === undefined) delete process.env.SNIPPET_LAB_MODELS_DIR;
  else process.env.SNIPPET_LAB_MODELS_DIR = previous;
  rmSync(root, { recursive: true, force: true });
});

const profile = () => readModelConfig(NAME).config.profile;
const pair = { query: "when was the bridge completed", documents: [{ id: "d", text: "It was completed in 1911.", contentHash: "h1" }] };
const keys = () => ({ probabilities: modelFingerprint(NAME), inputs: pairInputHashes(pair, NAME), units: unitScoresKey(profile()) });

describe("updateModelProfile: the one writer of config.json", () => {
  it("writes calibrate's threshold without touching the key of the cached probabilities or of the unit scores", async () => {
    const before = keys();
    const { file } = updateModelProfile(NAME, {
      selection: { threshold: 0.3, fallbackFloor: 0.25 },
      calibration: { chosenThreshold: 0.3, criterion: "a test" },
    });
    expect(keys()).toEqual(before);
    const written = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    // The older flat file is now in the new layout, the rest of its values as they were.
    expect(Object.keys(written).slice(0, 4)).toEqual(["name", "description", "reader", "profile"]);
    expect(written).not.toHaveProperty("threshold");
    expect(profile().selection).toEqual({ threshold: 0.3, floor: 0.002, fallbackFloor: 0.25, cutBestBelow: 0.5, cutBestMinShare: 0.9 });
    expect(readModelConfig(NAME).config.calibration).toMatchObject({ model: NAME, chosenThreshold: 0.3, criterion: "a test" });
    // The models list serves the new threshold at once (no stale listing).
    expect((await listModels()).find((m) => m.name === NAME)?.profile.selection.threshold).toBe(0.3);
  });

  it("changes the unit scores' key for the selection floor (the answer gate scales above it), never the probabilities' key", () => {
    const before = keys();
    updateModelProfile(NAME, { selection: { floor: 0.005 } });
    const after = keys();
    expect(after.probabilities).toBe(before.probabilities);
    expect(after.inputs).toEqual(before.inputs);
    expect(after.units).not.toBe(before.units);
  });

  it("changes the unit scores' key for a gate, a reranker or a focus weight, and only for them", () => {
    let last = keys();
    for (const patch of [
      { similarity: { passage: { gate: { cosine: 0.45, scale: 0.25 } } } },
      { units: { focusWeight: 0.4 } },
      { units: { searchRerank: { ...profile().units.searchRerank!, weight: 0.5 } } },
    ]) {
      updateModelProfile(NAME, patch);
      const now = keys();
      expect(now.probabilities).toBe(last.probabilities);
      expect(now.units).not.toBe(last.units);
      last = now;
    }
    expect(profile().similarity?.passage).toEqual({
      maxUnits: 40,
      maxResults: 5,
      blend: "rank",
      weight: 0.6,
      encoder: "sentence-encoder-tuned",
      gate: { cosine: 0.45, scale: 0.25 },
    });
    expect(profile().units.searchRerank?.weight).toBe(0.5);
    expect(profile().units.searchRerank?.lists).toBe(2626);
  });

  it("refuses a misspelt or out-of-range setting, leaving the file as it was", () => {
    const file = path.join(root, NAME, "config.json");
    const before = readFileSync(file, "utf8");
    expect(() => updateModelProfile(NAME, { selection: { thresold: 0.3 } } as never)).toThrow(/invalid profile patch/);
    expect(() => updateModelProfile(NAME, { similarity: { passage: { weight: 2 } } })).toThrow(/at most 1/);
    // A whole config that does not validate (a tier without its blend) is not written either.
    const raw = JSON.parse(before) as { profile: Record<string, unknown> };
    expect(() =>
      writeModelConfig(path.dirname(file), { ...raw, profile: { ...raw.profile, similarity: { weight: 0.5, document: { weight: 0.5 } } } }),
    ).toThrow(/refusing to write/);
    expect(readFileSync(file, "utf8")).toBe(before);
  });

  it("changes the probabilities' key when the reader changes (a new model's config written whole)", () => {
    const before = keys();
    const dir = path.join(root, NAME);
    const raw = JSON.parse(readFileSync(path.join(dir, "config.json"), "utf8")) as { reader: Record<string, unknown> };
    writeModelConfig(dir, { ...raw, reader: { ...raw.reader, overlap: 64 } });
    const after = keys();
    expect(after.probabilities).not.toBe(before.probabilities);
    expect(after.inputs).not.toEqual(before.inputs);
    expect(after.units).toBe(before.units);
  });
});
