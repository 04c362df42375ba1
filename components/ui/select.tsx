import type { Ref, SelectHTMLAttributes } from "react";
import { cx } from "./cx";
import { INPUT_CLASS } from "./field";

const SIZE = {
  /** A form field: full width, like the inputs. */
  md: INPUT_CLASS,
  /** In a filter bar (GET forms above a table). */
  bar: "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/20",
  /** Inside toolbars and table rows. */
  sm: "rounded-md border border-slate-300 bg-white px-2 py-1 text-xs",
} as const;

export type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "size"> & {
  size?: keyof typeof SIZE;
  /** Options as value/label pairs; or pass <option> children. */
  options?: readonly { value: string; label: string }[];
  ref?: Ref<HTMLSelectElement>;
};

export function Select({ size = "md", options, className, children, ...rest }: SelectProps) {
  return (
    <select className={cx(SIZE[size], className)} {...rest}>
      {options?.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
      {children}
    </select>
  );
}
