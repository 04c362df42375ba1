"use client";

import { ForbiddenNotice } from "@/components/auth/forbidden-notice";
import { FORBIDDEN_DIGEST } from "@/lib/auth/policy";

export default function QueueError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  if (error.digest === FORBIDDEN_DIGEST) return <ForbiddenNotice />;
  return (
    <div className="space-y-3" role="alert">
      <p className="text-sm text-red-700">Could not load this page.</p>
      <button type="button" onClick={reset} className="text-sm font-medium text-blue-700 hover:underline">
        Try again
      </button>
    </div>
  );
}
