import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FEATURE_COUNT } from "../../features/feature-spec";
import type { TrainingWindow } from "./label-example-windows";
import { WindowSetWriter } from "./write-window-set";

function window(length: number, firstId: number): TrainingWindow {
  return {
    inputIds: Int32Array.from({ length }, (_, i) => firstId + i),
    features: new Uint8Array(length * FEATURE_COUNT).fill(1),
    keep: Int8Array.from({ length }, (_, i) => (i === 0 ? -1 : i % 2)),
    category: Int8Array.from({ length }, (_, i) => (i === 0 ? -1 : 1)),
    unit: Int16Array.from({ length }, (_, i) => (i === 0 ? -1 : Math.floor((i - 1) / 2))),
  };
}

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("WindowSetWriter", () => {
  it("writes each token's unit and each window's source beside the ids, in the order they came", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "windows-"));
    dirs.push(dir);
    const writer = new WindowSetWriter(dir);
    writer.add(window(5, 100), "nq:plain");
    writer.add(window(3, 200), "squad-en:page");
    writer.add(window(4, 300), "nq:plain");
    writer.close({ split: "train" });

    const read = (name: string) => readFileSync(path.join(dir, name));
    const units = new Int16Array(new Uint8Array(read("units.i16")).buffer);
    expect([...units]).toEqual([-1, 0, 0, 1, 1, -1, 0, 0, -1, 0, 0, 1]);
    const sources = new Uint16Array(new Uint8Array(read("sources.u16")).buffer);
    const meta = JSON.parse(read("meta.json").toString()) as { sourceNames: string[]; tokens: number };
    expect([...sources].map((s) => meta.sourceNames[s])).toEqual(["nq:plain", "squad-en:page", "nq:plain"]);
    expect(meta.tokens).toBe(12);
    expect(new BigInt64Array(new Uint8Array(read("offsets.i64")).buffer)).toEqual(BigInt64Array.from([0n, 5n, 8n, 12n]));
  });

  it("refuses a window whose units do not cover its tokens, and writes none of it", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "windows-"));
    dirs.push(dir);
    const writer = new WindowSetWriter(dir);
    expect(() => writer.add({ ...window(4, 1), unit: new Int16Array(3) }, "nq:plain")).toThrow(/window units: 3 for 4 tokens/);
    writer.add(window(2, 9), "nq:plain");
    writer.close({ split: "train" });
    expect(readFileSync(path.join(dir, "ids.i32")).length).toBe(2 * 4);
    expect(readFileSync(path.join(dir, "units.i16")).length).toBe(2 * 2);
  });
});
