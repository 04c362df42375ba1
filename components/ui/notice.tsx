import type { HTMLAttributes, ReactNode } from "react";
import { cx } from "./cx";

export const NOTICE_TONES = {
  /** Nothing to show yet, and why. */
  info: "bg-slate-100 text-slate-700",
  /** Something missing or partial the reader should know (no model, no gold, a failed method). */
  warn: "bg-amber-50 text-amber-950",
  error: "bg-red-50 text-red-800",
  success: "bg-green-50 text-green-900",
  /** A rule that applies to the reader (blind annotation). */
  note: "bg-indigo-50 text-indigo-950",
} as const;
export type NoticeTone = keyof typeof NOTICE_TONES;

const SIZE = { md: "rounded-md px-3 py-2 text-sm", sm: "rounded px-2 py-1 text-xs" } as const;

export type NoticeProps = Omit<HTMLAttributes<HTMLElement>, "className" | "children"> & {
  tone?: NoticeTone;
  /** `sm` inside panels and cards. */
  size?: keyof typeof SIZE;
  /** A paragraph by default; `div` or `ul` for several lines. */
  as?: "p" | "div" | "ul";
  testId?: string;
  className?: string;
  children: ReactNode;
};

/**
 * The tinted box a page or panel says something in: an empty state, a warning, an error, a rule that applies. The
 * words carry the meaning; `role` (alert, status, note) is the caller's, as it depends on what the box reports.
 */
export function Notice({ tone = "info", size = "md", as = "p", testId, className, children, ...rest }: NoticeProps) {
  const Tag = as as "p";
  return (
    <Tag className={cx(SIZE[size], NOTICE_TONES[tone], className)} data-testid={testId} {...rest}>
      {children}
    </Tag>
  );
}
