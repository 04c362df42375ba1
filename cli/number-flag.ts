import { AppError } from "../lib/errors";

/** What a numeric flag takes; every bound is inclusive unless `aboveMin` / `belowMax` says otherwise. */
export interface NumberFlagRange {
  integer?: boolean;
  min?: number;
  max?: number;
  aboveMin?: boolean;
  belowMax?: boolean;
}

/** "an integer from 1 to 16", "a number above 0", "a number in [0, 1)": what the error message says a flag takes. */
export function describeRange({ integer, min, max, aboveMin, belowMax }: NumberFlagRange): string {
  const kind = integer ? "an integer" : "a number";
  if (min !== undefined && max !== undefined) {
    return aboveMin || belowMax ? `${kind} in ${aboveMin ? "(" : "["}${min}, ${max}${belowMax ? ")" : "]"}` : `${kind} from ${min} to ${max}`;
  }
  if (min !== undefined) return `${kind} ${aboveMin ? "above" : "of at least"} ${min}`;
  if (max !== undefined) return `${kind} ${belowMax ? "below" : "of at most"} ${max}`;
  return kind;
}

/**
 * A numeric flag's value, undefined when the flag is absent. `Number("abc")` would be NaN and `Number("")` 0, and
 * either would run the command on a wrong figure; here they, and anything out of range, are a BAD_REQUEST that
 * names the flag and what it takes (the CLI prints it with the command's usage and exits 2).
 */
export function numberFlag(value: string, flag: string, range?: NumberFlagRange): number;
export function numberFlag(value: string | undefined, flag: string, range?: NumberFlagRange): number | undefined;
export function numberFlag(value: string | undefined, flag: string, range: NumberFlagRange = {}): number | undefined {
  if (value === undefined) return undefined;
  const n = value.trim() === "" ? NaN : Number(value);
  const { integer, min, max, aboveMin, belowMax } = range;
  const ok =
    Number.isFinite(n) &&
    (!integer || Number.isInteger(n)) &&
    (min === undefined || (aboveMin ? n > min : n >= min)) &&
    (max === undefined || (belowMax ? n < max : n <= max));
  if (!ok) throw new AppError("BAD_REQUEST", `${flag} takes ${describeRange(range)} (got "${value}")`);
  return n;
}
