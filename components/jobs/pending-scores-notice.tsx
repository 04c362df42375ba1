"use client";

import { useRouter } from "next/navigation";
import { JobProgress } from "@/components/jobs/job-progress";
import { useJob } from "@/components/jobs/use-job";
import type { JobOut } from "@/lib/schemas/jobs";
import { Notice } from "@/components/ui/notice";

/**
 * A research view's first request on new pairs: the model's unit similarities of `pending` pairs are being computed
 * by a background job (kind unit-scores, started or joined by the page), shown with its progress while the page shows
 * the figures of the pairs that are ready; the page refreshes when the job ends, with every pair counted.
 */
export function PendingScoresNotice({ job: initial, pending, canControl }: { job: JobOut; pending: number; canControl: boolean }) {
  const router = useRouter();
  const { job, busy, error, cancel, resume } = useJob({ initial, onFinished: () => router.refresh() });
  return (
    <Notice tone="warn" as="div" className="space-y-1" testId="pending-scores">
      <p>
        {pending.toLocaleString("en")} pair(s) are left out until the model&apos;s sentence similarities are computed (once; they are stored for every
        later view): the figures below are those of the pairs that are ready.
      </p>
      {job && (
        <JobProgress
          job={job}
          item="pair"
          testId="pending-scores"
          canControl={canControl}
          busy={busy}
          onCancel={() => void cancel()}
          onResume={() => void resume()}
          doneText={() => "Done: reloading with every pair."}
        />
      )}
      {error && (
        <span className="text-red-700" role="alert">
          {error}
        </span>
      )}
    </Notice>
  );
}
