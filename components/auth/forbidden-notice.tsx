import Link from "next/link";

type Props = { message?: string; signedInAs?: { email: string; role: string } | null };

/** What a signed-in user sees on a page their role cannot open (app/forbidden.tsx and the segments' forbidden.tsx). */
export function ForbiddenNotice({ message, signedInAs }: Props) {
  return (
    <div className="mx-auto mt-12 max-w-lg space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-6" data-testid="forbidden">
      <h1 className="text-lg font-semibold text-amber-900">Not allowed</h1>
      <p className="text-sm text-amber-900">{message ?? "Your role does not allow this page."} Ask an admin if you need access.</p>
      {signedInAs && (
        <p className="text-xs text-amber-800">
          Signed in as {signedInAs.email} ({signedInAs.role}).
        </p>
      )}
      <Link href="/" className="inline-block text-sm font-medium text-blue-700 hover:underline">
        Back to the start page
      </Link>
    </div>
  );
}
