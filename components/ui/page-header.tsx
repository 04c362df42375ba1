import Link from "next/link";
import type { ReactNode } from "react";

/** A link in a page header's trail (the pages above this one). */
export function TrailLink({ href, children, testId }: { href: string; children: ReactNode; testId?: string }) {
  return (
    <Link href={href} className="text-blue-700 hover:underline" data-testid={testId}>
      {children}
    </Link>
  );
}

/**
 * The top of a page: a trail back to the pages above it, the title (the page's one h1), a line on what the page is
 * for, more lines (`children`), and the page's main action on the right.
 */
export function PageHeader({
  title,
  titleTestId,
  trail,
  description,
  actions,
  children,
}: {
  title: ReactNode;
  titleTestId?: string;
  /** The pages above this one (TrailLinks), over the title. */
  trail?: ReactNode;
  /** What the page is for, in a line or two. */
  description?: ReactNode;
  /** The page's main action (a link or button), at the right of the title. */
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const text = (
    <div className="space-y-1">
      {trail && <p className="text-sm text-slate-500">{trail}</p>}
      <h1 className="text-2xl font-bold tracking-tight" data-testid={titleTestId}>
        {title}
      </h1>
      {description && <p className="text-sm text-slate-600">{description}</p>}
      {children}
    </div>
  );
  if (!actions) return text;
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      {text}
      {actions}
    </div>
  );
}
