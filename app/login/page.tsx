import type { Metadata } from "next";
import { redirect, unstable_rethrow } from "next/navigation";
import { LoginForm } from "@/components/auth/login-form";
import { safeNextPath } from "@/lib/auth/safe-next-path";
import { getCurrentUser } from "@/lib/server/auth/get-current-user";
import { Card } from "@/components/ui/card";

export const metadata: Metadata = { title: "Sign in · Snippet Lab" };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<{ next?: string | string[] }> };

export default async function LoginPage({ searchParams }: Props) {
  const raw = (await searchParams).next;
  const next = safeNextPath(Array.isArray(raw) ? raw[0] : raw);
  // Already signed in: go where the link pointed. A database error just shows the form.
  const user = await getCurrentUser().catch((e: unknown) => {
    unstable_rethrow(e);
    return null;
  });
  if (user) redirect(next);
  return (
    <Card as="div" padding="lg" className="mx-auto mt-12 max-w-sm space-y-6">
      <div className="space-y-1">
        <h1 className="text-xl font-bold tracking-tight">Sign in</h1>
        <p className="text-sm text-slate-600">Accounts are created by an admin.</p>
      </div>
      <LoginForm next={next} />
    </Card>
  );
}
