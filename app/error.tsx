"use client";

import { ForbiddenNotice } from "@/components/auth/forbidden-notice";
import { FORBIDDEN_DIGEST } from "@/lib/auth/policy";

/**
 * Root error boundary. Pages guard themselves with requireUser(), which throws FORBIDDEN with FORBIDDEN_DIGEST
 * (production hides messages but keeps digests), so a refused role sees a notice instead of a crash page.
 */
export default function RootError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  if (error.digest === FORBIDDEN_DIGEST) return <ForbiddenNotice />;
  return (
    <div className="mx-auto mt-12 max-w-lg space-y-3 rounded-lg border border-red-200 bg-red-50 p-6" role="alert">
      <h1 className="text-lg font-semibold text-red-900">Something went wrong</h1>
      <p className="text-sm text-red-900">The page could not be loaded. Nothing you saved is lost.</p>
      {error.digest && <p className="font-mono text-xs text-red-800">Reference: {error.digest}</p>}
      <button type="button" onClick={reset} className="text-sm font-medium text-blue-700 hover:underline">
        Try again
      </button>
    </div>
  );
}
