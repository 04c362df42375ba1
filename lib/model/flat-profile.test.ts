import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FLAT_PROFILE_FIELDS, fromFlatLayout } from "./flat-config";
import { flatProfileSchema, fromFlatProfile, toFlatProfile } from "./flat-profile";
import { modelConfigFileSchema } from "./model-config";
import { selectionProfileSchema, selectionStageSchema, similarityStageSchema } from "../engine/profile";

const read = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
// The profile settings of every shipped model's config.json in the flat layout (API 1.1.0 sent exactly these).
const flatProfiles = read(path.join(import.meta.dirname, "fixtures", "flat-profiles.json")) as Record<string, Record<string, unknown>>;
const SHIPPED = ["snippet-lab", "snippet-lab-teacher", "snippet-mini", "snippet-mini-teacher"];

describe("toFlatProfile: API 1.x's profile", () => {
  it("round-trips every shipped model's flat config, keys in the profile's stage order", () => {
    expect(Object.keys(flatProfiles).sort()).toEqual([...SHIPPED].sort());
    for (const name of SHIPPED) {
      const flat = flatProfiles[name]!;
      const grouped = selectionProfileSchema.parse((fromFlatLayout(flat) as { profile: unknown }).profile);
      const back = toFlatProfile(grouped);
      expect(back, name).toEqual(flat);
      // Keys follow the stage schemas (units, similarity, selection), not 1.1.0's order: JSON objects are unordered.
      expect(Object.keys(back), name).toEqual(Object.keys(flatProfileSchema.shape).filter((k) => k in flat));
      expect(flatProfileSchema.parse(back)).toEqual(flat);
      expect(fromFlatProfile(back)).toEqual(grouped);
    }
  });

  it("gives each shipped model's config.json, as it is now, the profile API 1.1.0 sent", () => {
    for (const name of SHIPPED) {
      const now = modelConfigFileSchema.parse(read(path.join(import.meta.dirname, "..", "..", "models", name, "config.json")));
      expect(toFlatProfile(now.profile), name).toEqual(flatProfiles[name]);
    }
  });

  it("sends no similarity setting without a similarity stage, and nothing undefined", () => {
    const flat = toFlatProfile({ units: { aggregation: "max", focusWeight: 0.5 }, selection: { threshold: 0.3, floor: 0.01 } });
    expect(flat).toEqual({ aggregation: "max", threshold: 0.3, floor: 0.01, focusWeight: 0.5 });
    expect(Object.values(flat)).not.toContain(undefined);
  });

  it("derives the flat names from the stage schemas: similarity ones prefixed, none colliding", () => {
    const names = FLAT_PROFILE_FIELDS.map((f) => f.flat);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(Object.keys(flatProfileSchema.shape));
    expect(names).toEqual(expect.arrayContaining(["aggregation", "similarityWeight", "similarityPassage", "threshold", "cutBestMinShare"]));
    // Each flat field is its stage's field, description and all (a similarity one made optional).
    expect(flatProfileSchema.shape.threshold).toBe(selectionStageSchema.shape.threshold);
    expect(flatProfileSchema.shape.similarityWeight.unwrap()).toBe(similarityStageSchema.shape.weight);
  });

  it("describes no setting removed from the served code", () => {
    const keys = Object.keys(flatProfileSchema.shape);
    expect(keys).not.toContain("similarityEncoder");
    expect(flatProfileSchema.safeParse({ aggregation: "mean", threshold: 0.5, similarityBlend: "geometric" }).success).toBe(false);
  });
});
