/**
 * The unit (data-u) and token (data-t, −1 between tokens) under the pointer, and the unit's element; null off the
 * text. Heatmaps read hover targets from the DOM rather than from per-token handlers: one listener per document.
 */
export function pointerTarget(target: HTMLElement): { unitEl: HTMLElement; u: number; t: number } | null {
  const unitEl = target.closest<HTMLElement>("[data-u]");
  if (!unitEl) return null;
  const tokEl = target.closest<HTMLElement>("[data-t]");
  return { unitEl, u: Number(unitEl.dataset.u), t: tokEl ? Number(tokEl.dataset.t) : -1 };
}
