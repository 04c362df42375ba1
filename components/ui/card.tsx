import type { AllHTMLAttributes, ReactNode, Ref } from "react";
import { cx } from "./cx";

const PADDING = { none: "", sm: "p-3", md: "p-4", lg: "p-6" } as const;

export type CardProps = AllHTMLAttributes<HTMLElement> & {
  /** The element: a page section by default; "form" for filter bars, "article" for documents. */
  as?: "section" | "div" | "article" | "aside" | "form";
  padding?: keyof typeof PADDING;
  ref?: Ref<HTMLElement>;
};

/** The white bordered panel every page is built from. */
export function Card({ as = "section", padding = "md", className, ...rest }: CardProps) {
  // Typed as one element: every choice takes HTMLElement attributes and refs (TypeScript would intersect the five).
  const Tag = as as "section";
  return <Tag className={cx("rounded-lg border border-slate-200 bg-white shadow-sm", PADDING[padding], className)} {...rest} />;
}

/** A card's heading. */
export function CardTitle({ children, className, id }: { children: ReactNode; className?: string; id?: string }) {
  return (
    <h2 id={id} className={cx("text-sm font-semibold text-slate-800", className)}>
      {children}
    </h2>
  );
}

/** The bar of controls that stays at the top while the page scrolls (threshold, budget, model). */
export function StickyBar({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cx("sticky top-0 z-20 rounded-lg border border-slate-200 bg-white/95 px-4 py-3 shadow-sm backdrop-blur", className)}>
      {children}
    </div>
  );
}
