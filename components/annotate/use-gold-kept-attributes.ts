"use client";

import { useLayoutEffect, useRef } from "react";

/**
 * Writes data-gold-kept ("1" kept, "0" dropped) on gold mark elements, imperatively like useKeptAttributes: a
 * threshold move re-labels the few gold elements instead of re-rendering blocks.
 */
export function useGoldKeptAttributes(
  root: React.RefObject<HTMLElement | null>,
  goldKept: ReadonlyMap<string, boolean> | undefined,
  renderDeps: React.DependencyList,
): void {
  const els = useRef<HTMLElement[]>([]);
  // The caller's renderDeps are what re-creates the elements (root is a stable ref): effects keyed on them, as in
  // useKeptAttributes.
  useLayoutEffect(() => {
    els.current = root.current ? [...root.current.querySelectorAll<HTMLElement>("[data-gold-id]")] : [];
  }, renderDeps); // eslint-disable-line react-hooks/exhaustive-deps -- keyed on the caller's renderDeps (see above)
  useLayoutEffect(() => {
    const list = els.current;
    for (const el of list) {
      const k = goldKept?.get(el.dataset.goldId ?? "");
      const v = k === undefined ? undefined : k ? "1" : "0";
      if (el.dataset.goldKept === v) continue;
      if (v === undefined) el.removeAttribute("data-gold-kept");
      else el.setAttribute("data-gold-kept", v);
    }
  }, [goldKept, ...renderDeps]); // eslint-disable-line react-hooks/exhaustive-deps -- keyed on the caller's renderDeps (see above)
}
