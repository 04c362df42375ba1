import { describe, expect, it } from "vitest";
import { splitByGroup } from "./split-by-group";

describe("splitByGroup", () => {
  const examples = Array.from({ length: 2000 }, (_, i) => ({ id: String(i), group: `g${i % 400}` }));
  it("is deterministic, keeps groups together and honours the share", () => {
    const a = splitByGroup(examples, { devShare: 0.2, seed: 1 });
    const b = splitByGroup([...examples].reverse(), { devShare: 0.2, seed: 1 });
    expect(new Set(a.dev.map((e) => e.id))).toEqual(new Set(b.dev.map((e) => e.id)));
    const devGroups = new Set(a.dev.map((e) => e.group));
    expect(a.train.some((e) => devGroups.has(e.group))).toBe(false);
    expect(devGroups.size / 400).toBeGreaterThan(0.14);
    expect(devGroups.size / 400).toBeLessThan(0.26);
    const c = splitByGroup(examples, { devShare: 0.2, seed: 2 });
    expect(new Set(c.dev.map((e) => e.group))).not.toEqual(devGroups);
  });
});
