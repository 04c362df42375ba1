import type { Metadata } from "next";
import Link from "next/link";
import { unstable_rethrow } from "next/navigation";
import { UserNav } from "@/components/auth/user-nav";
import { hasPermission } from "@/lib/auth/policy";
import { getCurrentUser } from "@/lib/server/auth/get-current-user";
import "./globals.css";

export const metadata: Metadata = {
  title: "Snippet Lab",
  description: "Query-aware extractive context compression: keep the verbatim sentences of retrieved pages that answer the query.",
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // A missing or unmigrated database must not take every page down: show "Sign in" instead. unstable_rethrow lets
  // Next's own signals through (cookies() marks the page dynamic by throwing during prerendering).
  const user = await getCurrentUser().catch((e: unknown) => {
    unstable_rethrow(e);
    return null;
  });
  return (
    <html lang="en">
      <body className="min-h-screen">
        <header className="border-b border-slate-200 bg-white">
          <nav className="mx-auto flex max-w-7xl items-center gap-6 px-4 py-3 text-sm" aria-label="Main">
            <Link href="/" className="font-semibold text-slate-900" data-testid="nav-home">
              Snippet Lab
            </Link>
            <Link href="/inspector" className="text-slate-600 hover:text-slate-900" data-testid="nav-inspector">
              Inspector
            </Link>
            {user && (
              <Link href="/pairs" className="text-slate-600 hover:text-slate-900" data-testid="nav-pairs">
                Queue
              </Link>
            )}
            {user && (
              <Link href="/agreement" className="text-slate-600 hover:text-slate-900" data-testid="nav-agreement">
                Agreement
              </Link>
            )}
            {user && (
              <Link href="/datasets" className="text-slate-600 hover:text-slate-900" data-testid="nav-datasets">
                Datasets
              </Link>
            )}
            <Link href="/api-docs" className="text-slate-600 hover:text-slate-900" data-testid="nav-api-docs">
              API docs
            </Link>
            {user && hasPermission(user.role, "user:manage") && (
              <Link href="/admin/users" className="text-slate-600 hover:text-slate-900" data-testid="nav-users">
                Users
              </Link>
            )}
            <UserNav user={user} />
          </nav>
        </header>
        <main className="mx-auto max-w-7xl px-4 py-6">{children}</main>
      </body>
    </html>
  );
}
