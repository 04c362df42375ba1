"use client";

import { type DependencyList, type RefObject, useLayoutEffect, useRef } from "react";

/**
 * Writes each unit's kept state (0 dropped, 1 kept, 2 cut) to the `data-kept` attribute of its `[data-u]` element
 * inside `root`, imperatively: a threshold move then costs attribute writes, never a re-render of the tokens.
 * `renderDeps` are whatever re-creates the unit elements (view, marks, detail level), so they are collected again.
 */
export function useKeptAttributes(root: RefObject<HTMLElement | null>, kept: Uint8Array, renderDeps: DependencyList): void {
  const unitEls = useRef<HTMLElement[]>([]);
  useLayoutEffect(() => {
    const els: HTMLElement[] = [];
    root.current?.querySelectorAll<HTMLElement>("[data-u]").forEach((el) => {
      els[Number(el.dataset.u)] = el;
    });
    unitEls.current = els;
  }, renderDeps); // eslint-disable-line react-hooks/exhaustive-deps -- keyed on the caller's renderDeps (root is a stable ref)
  useLayoutEffect(() => {
    const els = unitEls.current;
    for (let u = 0; u < els.length; u++) {
      const el = els[u];
      if (!el) continue;
      const v = String(kept[u] ?? 0);
      if (el.dataset.kept !== v) el.dataset.kept = v;
    }
  }, [kept, ...renderDeps]); // eslint-disable-line react-hooks/exhaustive-deps -- keyed on the caller's renderDeps
}
