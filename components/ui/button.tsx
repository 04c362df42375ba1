import type { ButtonHTMLAttributes, Ref } from "react";
import { cx } from "./cx";

const VARIANT = {
  primary: "bg-blue-700 text-white hover:bg-blue-800",
  secondary: "border border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
  /** Model and judge runs. */
  accent: "bg-indigo-700 text-white hover:bg-indigo-800",
  /** What cannot be undone (deleting a dataset). */
  danger: "bg-red-700 text-white hover:bg-red-800",
} as const;
const SIZE = { xs: "px-2.5 py-1 text-xs", sm: "px-3 py-1.5 text-sm", md: "px-4 py-2 text-sm" } as const;

export type ButtonStyle = { variant?: keyof typeof VARIANT; size?: keyof typeof SIZE };

/** The classes of a button, for links that look like one. */
export function buttonClass({ variant = "primary", size = "md" }: ButtonStyle = {}): string {
  return cx("rounded-md font-medium disabled:opacity-50", VARIANT[variant], SIZE[size]);
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonStyle & { ref?: Ref<HTMLButtonElement> };

/** A button; `type="button"` unless given (a form's submit says so). */
export function Button({ variant, size, className, type = "button", ...rest }: ButtonProps) {
  return <button type={type} className={cx(buttonClass({ variant, size }), className)} {...rest} />;
}
