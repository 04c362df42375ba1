import type { ReactNode } from "react";
import { cx } from "./cx";

export const BADGE_TONES = {
  slate: "bg-slate-100 text-slate-700",
  blue: "bg-blue-50 text-blue-800",
  amber: "bg-amber-50 text-amber-900",
  green: "bg-green-50 text-green-800",
  red: "bg-red-50 text-red-800",
  indigo: "bg-indigo-50 text-indigo-900",
} as const;
export type BadgeTone = keyof typeof BADGE_TONES;

/** A short label on a tint: the word carries the meaning, the colour only helps scanning. */
export function Badge({
  tone = "slate",
  children,
  className,
  ...rest
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
  title?: string;
}) {
  return (
    <span className={cx("rounded px-1.5 py-0.5 text-xs font-medium", BADGE_TONES[tone], className)} {...rest}>
      {children}
    </span>
  );
}
