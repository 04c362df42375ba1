"use client";

import { useEffect, useState } from "react";
import { readDocSelection } from "./dom-offsets";

/** Where the category menu of the current text selection goes (null: no selection in a document). */
export function useSelectionMenu(readOnly: boolean) {
  const [menu, setMenu] = useState<{ x: number; y: number } | null>(null);
  useEffect(() => {
    if (readOnly) return;
    let frame = 0;
    const onSelectionChange = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const sel = readDocSelection();
        if (!sel) return setMenu(null);
        const rect = sel.range.getBoundingClientRect();
        setMenu({ x: rect.left, y: rect.bottom });
      });
    };
    document.addEventListener("selectionchange", onSelectionChange);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener("selectionchange", onSelectionChange);
    };
  }, [readOnly]);
  return [menu, setMenu] as const;
}
