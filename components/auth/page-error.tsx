"use client";

export interface PageErrorProps {
  error: Error & { digest?: string };
  reset: () => void;
  /** Shown for the failure. */
  failure?: string;
}

/**
 * The body of every error.tsx boundary: a retry. A refused role never lands here: requireUser() calls forbidden(),
 * which renders forbidden.tsx with status 403.
 */
export function PageError({ error, reset, failure = "The page could not be loaded." }: PageErrorProps) {
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
