import type { Metadata } from "next";
import { unstable_rethrow } from "next/navigation";
import { MainNav, type NavLink } from "@/components/auth/main-nav";
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
  const links: NavLink[] = [
    { href: "/inspector", label: "Inspector", testId: "nav-inspector" },
    ...(user
      ? [
          { href: "/pairs", label: "Queue", testId: "nav-pairs" },
          { href: "/agreement", label: "Agreement", testId: "nav-agreement" },
          ...(hasPermission(user.role, "research:read") ? [{ href: "/research", label: "Research", testId: "nav-research" }] : []),
          { href: "/datasets", label: "Datasets", testId: "nav-datasets" },
        ]
      : []),
    { href: "/api-docs", label: "API docs", testId: "nav-api-docs" },
    ...(user && hasPermission(user.role, "user:manage") ? [{ href: "/admin/users", label: "Users", testId: "nav-users" }] : []),
  ];
  return (
    <html lang="en">
      <body className="min-h-screen">
        <header className="border-b border-slate-200 bg-white">
          <MainNav links={links}>
            <UserNav user={user} />
          </MainNav>
        </header>
        <main className="mx-auto max-w-7xl px-4 py-6">{children}</main>
      </body>
    </html>
  );
}
