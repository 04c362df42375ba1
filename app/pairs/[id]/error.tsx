"use client";

import { ForbiddenNotice } from "@/components/auth/forbidden-notice";
import { FORBIDDEN_DIGEST } from "@/lib/auth/policy";

export default function PairError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  if (error.digest === FORBIDDEN_DIGEST) return <ForbiddenNotice message="Your role cannot view pairs." />;
  return (
    <div className="space-y-3" data-testid="pair-error">
      <p className="text-sm text-red-700">Could not load this pair.</p>
      <button type="button" onClick={reset} className="text-sm font-medium text-blue-700 hover:underline">
        Try again
      </button>
    </div>
  );
}
