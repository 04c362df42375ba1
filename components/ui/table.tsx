import type { ReactNode, Ref, TableHTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { cx } from "./cx";

/** A data table in a card that scrolls sideways on narrow screens; `footer` goes under the table. */
export function Table({ children, footer, className, ...rest }: TableHTMLAttributes<HTMLTableElement> & { footer?: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className={cx("min-w-full divide-y divide-slate-200 text-sm", className)} {...rest}>
        {children}
      </table>
      {footer}
    </div>
  );
}

/** The header row. */
export function TableHead({ children }: { children: ReactNode }) {
  return (
    <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
      <tr>{children}</tr>
    </thead>
  );
}

export function TableBody({ children, className, ref }: { children: ReactNode; className?: string; ref?: Ref<HTMLTableSectionElement> }) {
  return (
    <tbody ref={ref} className={cx("divide-y divide-slate-100", className)}>
      {children}
    </tbody>
  );
}

type Align = { align?: "left" | "right" };

export function Th({ align, className, ...rest }: ThHTMLAttributes<HTMLTableCellElement> & Align) {
  return <th className={cx("px-3 py-2", align === "right" && "text-right", className)} {...rest} />;
}

export function Td({ align, className, ...rest }: TdHTMLAttributes<HTMLTableCellElement> & Align) {
  return <td className={cx("px-3 py-2", align === "right" && "text-right tabular-nums", className)} {...rest} />;
}
