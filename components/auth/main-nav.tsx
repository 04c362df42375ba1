"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useState, type ReactNode } from "react";

export type NavLink = { href: string; label: string; testId: string };

/**
 * The top navigation: inline links from the md breakpoint up; below it (phones) the home link and a Menu button that
 * opens the same links as a column, so nothing overflows at 390 px. One list of links either way (no duplicate ids);
 * the menu closes on navigation and on Escape. `children` is the account part (name, role, sign out).
 */
export function MainNav({ links, children }: { links: NavLink[]; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  // Navigation closes the menu: adjusted while rendering the new path, not in an effect after it.
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <nav className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 text-sm" aria-label="Main">
      <Link href="/" className="font-semibold text-slate-900" data-testid="nav-home">
        Snippet Lab
      </Link>
      <button
        type="button"
        className="ml-auto flex items-center gap-1.5 rounded-md border border-slate-300 px-2.5 py-1 text-slate-700 hover:bg-slate-50 md:hidden"
        aria-expanded={open}
        aria-controls="main-nav-links"
        onClick={() => setOpen((o) => !o)}
        data-testid="nav-menu-toggle"
      >
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" fill="currentColor">
          {open ? (
            <path d="M3.5 2.4 8 6.9l4.5-4.5 1.1 1.1L9.1 8l4.5 4.5-1.1 1.1L8 9.1l-4.5 4.5-1.1-1.1L6.9 8 2.4 3.5z" />
          ) : (
            <path d="M2 3.25h12v1.5H2zm0 4h12v1.5H2zm0 4h12v1.5H2z" />
          )}
        </svg>
        Menu
      </button>
      <div
        id="main-nav-links"
        className={`${open ? "flex" : "hidden"} w-full flex-col gap-3 border-t border-slate-100 pt-2 md:flex md:w-auto md:flex-1 md:flex-row md:flex-wrap md:items-center md:gap-x-6 md:gap-y-2 md:border-0 md:pt-0`}
        data-testid="nav-links"
      >
        {links.map((l) => (
          <Link
            key={l.href}
            href={l.href}
            className={
              pathname === l.href || pathname.startsWith(`${l.href}/`) ? "font-medium text-slate-900" : "text-slate-600 hover:text-slate-900"
            }
            aria-current={pathname === l.href ? "page" : undefined}
            data-testid={l.testId}
          >
            {l.label}
          </Link>
        ))}
        <div className="md:ml-auto">{children}</div>
      </div>
    </nav>
  );
}
