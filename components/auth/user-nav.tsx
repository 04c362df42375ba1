import Link from "next/link";
import type { SessionUser } from "@/lib/schemas/users";

type Props = { user: SessionUser | null };

/** Right side of the header: "name (role) · Sign out", or a Sign in link. Server component; sign-out is a form POST. */
export function UserNav({ user }: Props) {
  if (!user) {
    return (
      <Link href="/login" className="ml-auto text-slate-600 hover:text-slate-900" data-testid="nav-sign-in">
        Sign in
      </Link>
    );
  }
  return (
    <div className="ml-auto flex items-center gap-2 text-slate-600">
      <span data-testid="nav-user" title={user.email}>
        Signed in as <span className="font-medium text-slate-900">{user.name || user.email}</span>{" "}
        <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">{user.role}</span>
      </span>
      <span aria-hidden="true">·</span>
      <form action="/api/auth/logout" method="post">
        <button type="submit" className="text-slate-600 hover:text-slate-900 hover:underline" data-testid="nav-sign-out">
          Sign out
        </button>
      </form>
    </div>
  );
}
