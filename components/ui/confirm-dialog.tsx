"use client";

import { useEffect, useEffectEvent, useRef, type KeyboardEvent, type ReactNode } from "react";
import { Button } from "./button";
import { Dialog, DialogActions } from "./dialog";

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

export interface ConfirmDialogProps {
  title: ReactNode;
  titleId: string;
  testId?: string;
  /** What will happen, shown above the buttons. */
  children: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel?: ReactNode;
  confirmTestId?: string;
  cancelTestId?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The button focused on open: "cancel" (default) where confirming cannot be undone. */
  initialFocus?: "confirm" | "cancel";
  /** The alertdialog role: a choice the user must make before going on. */
  alert?: boolean;
}

/**
 * Asks once before an action: Confirm or Cancel. Keyboard: focus starts on a button, Tab stays inside, Escape cancels,
 * and keys pressed in it do not reach the page's own shortcuts (the workspace's 1–6, n, Ctrl+Z); focus returns to
 * where it was when the dialog closes.
 */
export function ConfirmDialog({
  title,
  titleId,
  testId,
  children,
  confirmLabel,
  cancelLabel = "Cancel",
  confirmTestId,
  cancelTestId,
  onConfirm,
  onCancel,
  initialFocus = "cancel",
  alert = false,
}: ConfirmDialogProps) {
  const box = useRef<HTMLDivElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  const focusFirst = useEffectEvent(() => (initialFocus === "confirm" ? confirmRef : cancelRef).current?.focus());
  const cancel = useEffectEvent(() => onCancel());
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    focusFirst();
    // Keys pressed while the focus is outside (a click on the dimmed page) are the dialog's too: the page takes none.
    const outside = (e: globalThis.KeyboardEvent) => {
      if (e.target instanceof Node && box.current?.contains(e.target)) return;
      e.stopPropagation();
      if (e.key === "Escape") cancel();
      else if (e.key === "Tab") {
        e.preventDefault();
        focusFirst();
      }
    };
    window.addEventListener("keydown", outside, true);
    return () => {
      window.removeEventListener("keydown", outside, true);
      opener?.focus();
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    e.stopPropagation();
    if (e.key === "Escape") {
      e.preventDefault();
      onCancel();
      return;
    }
    if (e.key !== "Tab" || !box.current) return;
    const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <Dialog title={title} titleId={titleId} alert={alert} {...(testId ? { testId } : {})}>
      <div ref={box} onKeyDown={onKeyDown} className="space-y-3">
        <div className="space-y-2 text-sm text-slate-700">{children}</div>
        <DialogActions>
          <Button ref={cancelRef} variant="secondary" size="sm" onClick={onCancel} data-testid={cancelTestId}>
            {cancelLabel}
          </Button>
          <Button ref={confirmRef} size="sm" onClick={onConfirm} data-testid={confirmTestId}>
            {confirmLabel}
          </Button>
        </DialogActions>
      </div>
    </Dialog>
  );
}
