"use client";

import { useEffect, useEffectEvent } from "react";
import { categoryForKey, type SpanCategory } from "@/lib/spans/categories";
import { historyActionForKey } from "@/lib/spans/history-keys";
import { readDocSelection, type DocSelection } from "./dom-offsets";

/** Inputs where keys 1–6, n and Ctrl+Z belong to the field (a range slider or checkbox does not take them). */
function isTextEntry(el: Element | null): boolean {
  if (!el) return false;
  if (el.closest("textarea, select, [contenteditable=''], [contenteditable='true']")) return true;
  const input = el.closest("input");
  return !!input && !["range", "checkbox", "radio", "button", "submit", "reset"].includes(input.type);
}

export type WorkspaceKeyboardOptions = {
  readOnly: boolean;
  undo: () => void;
  redo: () => void;
  /** Keys 1–6 over a text selection; `exact` when Alt is held (no snapping to tokens). */
  createSpan: (sel: DocSelection, category: SpanCategory, exact: boolean) => void;
  /** Alt at the end of the mouse selection counts as held too. */
  altAtSelect: { current: boolean };
  /** n: the next pair (read when pressed, so the latest queue link wins). */
  onNext: () => void;
  /** Escape: close the popover and the selection menu. */
  onEscape: () => void;
};

/**
 * The workspace's keys: Ctrl+Z / Ctrl+Shift+Z undo and redo, 1–6 mark the selection with a category, n opens the next
 * pair, Escape closes menus. Keys typed into a text field are the field's.
 */
export function useWorkspaceKeyboard({ readOnly, undo, redo, createSpan, altAtSelect, onNext, onEscape }: WorkspaceKeyboardOptions): void {
  // Read at key time: the listener is not re-attached when only these change.
  const next = useEffectEvent(() => onNext());
  const escape = useEffectEvent(() => onEscape());
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const typing = isTextEntry(e.target instanceof Element ? e.target : null);
      const hist = historyActionForKey(e);
      if (hist) {
        if (typing || readOnly) return;
        e.preventDefault();
        if (hist === "undo") undo();
        else redo();
        return;
      }
      if (typing || e.ctrlKey || e.metaKey) return;
      // e.code, not e.key: Alt+1 types another character on some layouts, and Alt means "keep exact characters".
      const digit = /^(?:Digit|Numpad)([1-6])$/.exec(e.code)?.[1] ?? (/^[1-6]$/.test(e.key) ? e.key : undefined);
      if (digit) {
        const category = categoryForKey(digit);
        const sel = readDocSelection();
        if (category && sel && !readOnly) {
          e.preventDefault();
          createSpan(sel, category, e.altKey || altAtSelect.current);
        }
        return;
      }
      if (e.key === "n" && !e.altKey && !e.shiftKey) {
        e.preventDefault();
        next();
      } else if (e.key === "Escape") {
        escape();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [readOnly, createSpan, undo, redo, altAtSelect]);
}
