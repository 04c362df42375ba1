import { AppError } from "../errors";

/**
 * "0.1,0.2,0.3" or "0:1:0.05" (start:end:step, end inclusive) or a mix ("0:0.5:0.1,0.9") → numbers.
 * Range values are rounded to the step's decimals so 0.1+0.2 doesn't print as 0.30000000000000004.
 */
export function parseSweep(spec: string): number[] {
  const out: number[] = [];
  for (const part of spec
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    const pieces = part.split(":");
    if (pieces.length === 1) {
      out.push(toNumber(part, spec));
      continue;
    }
    if (pieces.length !== 3) throw new AppError("BAD_REQUEST", `Bad range "${part}" in "${spec}": use start:end:step`);
    const [start, end, step] = pieces.map((p) => toNumber(p, spec)) as [number, number, number];
    if (!(step > 0)) throw new AppError("BAD_REQUEST", `Range step must be > 0 in "${part}"`);
    if (end < start) throw new AppError("BAD_REQUEST", `Range end < start in "${part}"`);
    const decimals = Math.max(decimalsOf(pieces[0]!), decimalsOf(pieces[2]!));
    const n = Math.floor((end - start) / step + 1e-9);
    if (n > 10_000) throw new AppError("BAD_REQUEST", `Range "${part}" has too many values`);
    for (let i = 0; i <= n; i++) out.push(Number((start + i * step).toFixed(decimals)));
  }
  return out;
}

function toNumber(s: string, spec: string): number {
  const t = s.trim();
  const x = /^(inf|infinity)$/i.test(t) ? Infinity : Number(t);
  if (t === "" || Number.isNaN(x)) throw new AppError("BAD_REQUEST", `"${s}" is not a number (in "${spec}")`);
  return x;
}

function decimalsOf(s: string): number {
  const m = /\.(\d+)/.exec(s.trim());
  return m ? m[1]!.length : 0;
}

/** The inverse, compactly: an evenly spaced list as "start:end:step" (what parseSweep reads back), else "a,b,c". */
export function formatSweep(values: readonly number[]): string {
  if (values.length >= 3) {
    const step = Number((values[1]! - values[0]!).toFixed(6));
    const spec = `${values[0]}:${values[values.length - 1]}:${step}`;
    if (step > 0) {
      try {
        const back = parseSweep(spec);
        if (back.length === values.length && back.every((v, i) => v === values[i])) return spec;
      } catch {
        // not a range
      }
    }
  }
  return values.join(",");
}
