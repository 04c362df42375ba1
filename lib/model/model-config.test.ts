import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fromFlatLayout } from "./flat-config";
import { modelConfigFileSchema, modelConfigSchema } from "./model-config";
import { applyProfilePatch, orderConfigKeys, profilePatchSchema } from "./profile-patch";

const read = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
// snippet-lab's config.json as it was in the flat layout (calibration and training trimmed).
const flat = read(path.join(import.meta.dirname, "fixtures", "flat-config.json"));
const shipped = read(path.join(import.meta.dirname, "..", "..", "models", "snippet-lab", "config.json"));

describe("config.json: reader and profile", () => {
  it("reads a config in the older flat layout as the same reader and profile as the shipped one", () => {
    const old = modelConfigFileSchema.parse(flat);
    const now = modelConfigFileSchema.parse(shipped);
    expect(old.reader).toEqual(now.reader);
    expect(old.profile).toEqual(now.profile);
    expect(old.profile.selection).toEqual({ threshold: 0.22, floor: 0.002, fallbackFloor: 0.3, cutBestBelow: 0.5, cutBestMinShare: 0.9 });
    expect(old.profile.similarity?.passage?.gate).toEqual({ cosine: 0.41, scale: 0.25 });
    expect(old.reader.features?.entryTitles).toBe(true);
  });

  it("writes every shipped config in the new layout, nothing of the flat one left at the top", () => {
    for (const name of ["snippet-lab", "snippet-lab-teacher", "snippet-mini", "snippet-mini-teacher"]) {
      const raw = read(path.join(import.meta.dirname, "..", "..", "models", name, "config.json"));
      expect(Object.keys(raw).slice(0, 4)).toEqual(["name", "description", "reader", "profile"]);
      expect(fromFlatLayout(raw)).toBe(raw);
      expect(modelConfigSchema.safeParse(raw).success).toBe(true);
    }
  });

  it("defaults a minimal config as before: aggregation mean, threshold 0.5, the reader's defaults", () => {
    for (const raw of [{ name: "m" }, { name: "m", reader: {}, profile: {} }]) {
      const c = modelConfigFileSchema.parse(raw);
      expect(c.profile).toEqual({ units: { aggregation: "mean" }, selection: { threshold: 0.5 } });
      expect(c.reader).toMatchObject({ window: 512, overlap: 128, maxQueryTokens: 64, typeIds: "segment", files: { model: "model.onnx" } });
    }
  });

  it("refuses a flat config that sets a setting removed from the served code, naming it", () => {
    const removed = { ...flat, similarityPassage: { ...(flat.similarityPassage as object), feedback: { top: 3, weight: 0.5 } } };
    const r = modelConfigFileSchema.safeParse(removed);
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error?.issues)).toMatch(/similarityPassage\.feedback/);
    expect(modelConfigFileSchema.safeParse({ ...flat, similarityEncoder: "sentence-encoder" }).success).toBe(false);
    expect(modelConfigFileSchema.safeParse({ ...flat, similarityBlend: "geometric" }).success).toBe(false);
    // `contextUnits: "all"` was the engine's default: it reads as absent.
    const all = { ...flat, similarityDocument: { ...(flat.similarityDocument as object), contextUnits: "all" } };
    expect(modelConfigFileSchema.parse(all).profile.similarity?.document).toEqual({
      blend: "interleave",
      weight: 0.5,
      encoder: "sentence-encoder-tuned",
      context: "max",
    });
  });

  it("refuses a config mixing the two layouts", () => {
    const r = modelConfigFileSchema.safeParse({ ...shipped, threshold: 0.3 });
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error?.issues)).toMatch(/mixes the flat layout \(threshold\)/);
  });

  it("applies a profile patch stage by stage: a tier merged, a gate or reranker replaced, the calibration added to", () => {
    const layout = fromFlatLayout(flat) as Record<string, unknown>;
    const patch = profilePatchSchema.parse({
      selection: { threshold: 0.3 },
      similarity: { passage: { gate: { cosine: 0.5, scale: 0.2 } } },
      calibration: { chosenThreshold: 0.3 },
    });
    const next = modelConfigSchema.parse(applyProfilePatch(layout, patch));
    const before = modelConfigSchema.parse(layout);
    expect(next.profile.selection).toEqual({ ...before.profile.selection, threshold: 0.3 });
    expect(next.profile.similarity?.passage).toEqual({ ...before.profile.similarity!.passage, gate: { cosine: 0.5, scale: 0.2 } });
    expect(next.profile.units).toEqual(before.profile.units);
    expect(next.reader).toEqual(before.reader);
    expect(next.calibration).toEqual({ ...before.calibration, chosenThreshold: 0.3 });
    expect(Object.keys(orderConfigKeys(applyProfilePatch(layout, patch))).slice(0, 4)).toEqual(["name", "description", "reader", "profile"]);
  });

  it("refuses a patch with a misspelt or out-of-range setting", () => {
    expect(profilePatchSchema.safeParse({ selection: { thresold: 0.3 } }).success).toBe(false);
    expect(profilePatchSchema.safeParse({ threshold: 0.3 }).success).toBe(false);
    expect(profilePatchSchema.safeParse({ selection: { threshold: 3 } }).success).toBe(false);
    // A gate is replaced whole, by exactly the gate the engine reads (the removed paragraph rule is not written).
    const gate = profilePatchSchema.parse({ similarity: { passage: { gate: { cosine: 0.4, scale: 0.25, paragraphs: {} } } } }).similarity?.passage
      ?.gate;
    expect(gate).toEqual({ cosine: 0.4, scale: 0.25 });
  });
});
