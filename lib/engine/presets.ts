import { AppError } from "../errors";

/** Downstream-token budgets for a whole result set. */
export const PRESETS = { low: 1_000, medium: 4_000, high: 10_000 } as const;
export type Preset = keyof typeof PRESETS;
export const DEFAULT_PRESET: Preset = "medium";

export function isPreset(name: string): name is Preset {
  return Object.hasOwn(PRESETS, name);
}

/** An explicit budget wins over a preset; neither → the default preset. */
export function resolveBudget(opts: { preset?: string; budget?: number } = {}): number {
  if (opts.budget !== undefined) {
    if (!(opts.budget >= 0) || Number.isNaN(opts.budget)) {
      throw new AppError("BAD_REQUEST", `Budget must be a non-negative number, got ${opts.budget}`);
    }
    return opts.budget;
  }
  const preset = opts.preset ?? DEFAULT_PRESET;
  if (!isPreset(preset)) {
    throw new AppError("BAD_REQUEST", `Unknown preset "${preset}" (known: ${Object.keys(PRESETS).join(", ")})`);
  }
  return PRESETS[preset];
}
