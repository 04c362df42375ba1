import type { AnnotationStatus, PairStatus } from "@/lib/schemas/enums";
import { Badge, type BadgeTone } from "./badge";

const TONE: Record<PairStatus | AnnotationStatus, BadgeTone> = {
  unlabeled: "slate",
  in_progress: "blue",
  submitted: "amber",
  accepted: "green",
  rejected: "red",
};

/** A pair's or an annotation's workflow status ("in progress"), tinted by status; `data-status` for tests. */
export function StatusBadge({ status, testId }: { status: PairStatus | AnnotationStatus | string; testId?: string }) {
  return (
    <Badge tone={TONE[status as PairStatus] ?? "slate"} data-testid={testId} data-status={status}>
      {status.replace("_", " ")}
    </Badge>
  );
}
