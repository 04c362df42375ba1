"use client";

import { FORBIDDEN_DIGEST } from "@/lib/auth/policy";
import { ForbiddenNotice } from "./forbidden-notice";

export interface PageErrorProps {
  error: Error & { digest?: string };
  reset: () => void;
  /** Shown when requireUser() refused the role (production keeps only the digest, not the message). */
  forbidden?: string;
  /** Shown for any other failure. */
  failure?: string;
}

/** The body of every error.tsx boundary: a refused role gets a notice, anything else a retry. */
export function PageError({ error, reset, forbidden, failure = "The page could not be loaded." }: PageErrorProps) {
  if (error.digest === FORBIDDEN_DIGEST) return <ForbiddenNotice {...(forbidden ? { message: forbidden } : {})} />;
  return (
    <div className="mx-auto mt-12 max-w-lg space-y-3 rounded-lg border border-red-200 bg-red-50 p-6" role="alert" data-testid="page-error">
      <p className="text-sm text-red-900">{failure} Nothing you saved is lost.</p>
      {error.digest && <p className="font-mono text-xs text-red-800">Reference: {error.digest}</p>}
      <button type="button" onClick={reset} className="text-sm font-medium text-blue-700 hover:underline">
        Try again
      </button>
    </div>
  );
}
