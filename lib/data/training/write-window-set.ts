import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from "node:fs";
import path from "node:path";
import { FEATURE_COUNT, FEATURE_SPEC, FEATURE_VERSION } from "../../features/feature-spec";
import type { TrainingWindow } from "./label-example-windows";

/**
 * Streams training windows to flat binary files that Python maps without parsing: ids.i32, feats.u8
 * ([tokens × FEATURE_COUNT]), keep.i8, cats.i8, units.i16 (each token's sentence unit in its window, -1 outside the
 * context), offsets.i64 (window starts, one extra at the end), sources.u16 (each window's source, an index into
 * meta.json's `sourceNames`), meta.json.
 * Windows go to disk as they are made, so memory stays flat however large the set is.
 */
export class WindowSetWriter {
  private fds: Record<"ids" | "feats" | "keep" | "cats" | "units", number>;
  private offsets: bigint[] = [0n];
  private sources: number[] = [];
  private sourceNames: string[] = [];
  private tokens = 0;
  readonly stats = { windows: 0, tokens: 0, keep: 0, labeled: 0, categories: new Array<number>(6).fill(0), bySource: {} as Record<string, number> };

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    this.fds = {
      ids: openSync(path.join(dir, "ids.i32"), "w"),
      feats: openSync(path.join(dir, "feats.u8"), "w"),
      keep: openSync(path.join(dir, "keep.i8"), "w"),
      cats: openSync(path.join(dir, "cats.i8"), "w"),
      units: openSync(path.join(dir, "units.i16"), "w"),
    };
  }

  add(w: TrainingWindow, source: string): void {
    const L = w.inputIds.length;
    if (w.features.length !== L * FEATURE_COUNT) throw new Error(`window features: ${w.features.length} for ${L} tokens`);
    // Checked before anything is written, so a refused window leaves the files aligned.
    if (w.unit.length !== L) throw new Error(`window units: ${w.unit.length} for ${L} tokens`);
    writeSync(this.fds.ids, new Uint8Array(w.inputIds.buffer, w.inputIds.byteOffset, w.inputIds.byteLength));
    writeSync(this.fds.feats, w.features);
    writeSync(this.fds.keep, new Uint8Array(w.keep.buffer, w.keep.byteOffset, w.keep.byteLength));
    writeSync(this.fds.cats, new Uint8Array(w.category.buffer, w.category.byteOffset, w.category.byteLength));
    writeSync(this.fds.units, new Uint8Array(w.unit.buffer, w.unit.byteOffset, w.unit.byteLength));
    let sourceIndex = this.sourceNames.indexOf(source);
    if (sourceIndex < 0) sourceIndex = this.sourceNames.push(source) - 1;
    this.sources.push(sourceIndex);
    this.tokens += L;
    this.offsets.push(BigInt(this.tokens));
    this.stats.windows++;
    this.stats.tokens += L;
    for (let p = 0; p < L; p++) {
      if (w.keep[p]! >= 0) this.stats.labeled++;
      if (w.keep[p] === 1) this.stats.keep++;
      const c = w.category[p]!;
      if (c >= 0) this.stats.categories[c]!++;
    }
    this.stats.bySource[source] = (this.stats.bySource[source] ?? 0) + 1;
  }

  close(meta: Record<string, unknown>): void {
    for (const fd of Object.values(this.fds)) closeSync(fd);
    writeFileSync(path.join(this.dir, "offsets.i64"), Buffer.from(BigInt64Array.from(this.offsets).buffer));
    writeFileSync(path.join(this.dir, "sources.u16"), Buffer.from(Uint16Array.from(this.sources).buffer));
    writeFileSync(
      path.join(this.dir, "meta.json"),
      `${JSON.stringify(
        {
          ...meta,
          windows: this.stats.windows,
          tokens: this.stats.tokens,
          featureCount: FEATURE_COUNT,
          featureVersion: FEATURE_VERSION,
          featureNames: FEATURE_SPEC.map((f) => f.name),
          featureSizes: FEATURE_SPEC.map((f) => f.size),
          sourceNames: this.sourceNames,
          stats: this.stats,
        },
        null,
        2,
      )}\n`,
    );
  }
}
