import { afterEach, describe, expect, it, vi } from "vitest";
import { createRng } from "@/lib/data/synthesize-page";
import { bootstrapInterval } from "@/lib/eval/bootstrap-interval";
import { bootstrapManyIntervals, bootstrapManyIntervalsWith } from "@/lib/eval/bootstrap-many-intervals";
import { resampleMeans } from "@/lib/eval/resample-means";
import { startResampleWorkers } from "./resample-in-workers";

const r = createRng(21);
const fractions = (n: number) => Array.from({ length: n }, () => Math.floor(r() * 7) / Math.ceil(r() * 9));
// Lengths that share draws, duplicates, an empty column, more columns than one block of eight.
const columns = [
  ...Array.from({ length: 19 }, () => fractions(120)),
  [],
  fractions(1),
  ...Array.from({ length: 5 }, () => Float64Array.from(fractions(333))),
  Float64Array.from(fractions(500)).subarray(10, 410),
];
columns.push([...(columns[3] as number[])]);

describe("startResampleWorkers", () => {
  const started: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((w) => w.close()));
    vi.restoreAllMocks();
  });

  it.each([1, 2, 3, 7])("gives bootstrapInterval's figures to the bit with %i threads", async (threads) => {
    // In the workers, not in the fallback (which warns).
    const warn = vi.spyOn(console, "warn");
    const workers = startResampleWorkers({ threads });
    started.push(workers);
    for (const [seed, resamples] of [
      [1, 1000],
      [4, 37],
    ] as const) {
      const many = await bootstrapManyIntervalsWith({ columns, seed, resamples, resample: workers.resample });
      expect(many).toEqual(columns.map((values) => bootstrapInterval({ values: Array.from(values), seed, resamples })));
      expect(many).toEqual(bootstrapManyIntervals({ columns, seed, resamples }));
    }
    expect(warn).not.toHaveBeenCalled();
  });

  it("runs jobs side by side in the same workers", async () => {
    const workers = startResampleWorkers({ threads: 2 });
    started.push(workers);
    const jobs = [1, 2, 3].map((seed) => ({ groups: [{ n: 120, columns: columns.slice(0, 9) }], seed, resamples: 200 }));
    const out = await Promise.all(jobs.map((job) => workers.resample(job)));
    expect(out).toEqual(jobs.map((job) => resampleMeans(job)));
  });

  it("resamples on this thread when the workers are gone", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const workers = startResampleWorkers({ threads: 2 });
    started.push(workers);
    const job = { groups: [{ n: 120, columns: columns.slice(0, 4) }], seed: 3, resamples: 50 };
    await workers.close();
    expect(await workers.resample(job)).toEqual(resampleMeans(job));
    expect(warn).toHaveBeenCalled();
  });
});
