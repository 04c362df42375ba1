import type { ReactNode } from "react";
import { Notice } from "@/components/ui/notice";

/** Why there is nothing to compare yet, and what to do about it; `reason` names the case for tests. */
export function JudgeEvalEmpty({ reason, tone = "info", children }: { reason: string; tone?: "info" | "warn" | "error"; children: ReactNode }) {
  return (
    <Notice tone={tone} role={tone === "error" ? "alert" : undefined} testId="judge-eval-empty" data-reason={reason}>
      {children}
    </Notice>
  );
}
