import type { ReactNode } from "react";
import { cx } from "@/components/ui/cx";

const TONES = { info: "bg-slate-100 text-slate-700", warn: "bg-amber-50 text-amber-950", error: "bg-red-50 text-red-800" } as const;

/** Why there is nothing to compare yet, and what to do about it; `reason` names the case for tests. */
export function JudgeEvalEmpty({ reason, tone = "info", children }: { reason: string; tone?: keyof typeof TONES; children: ReactNode }) {
  return (
    <p
      className={cx("rounded-md px-3 py-2 text-sm", TONES[tone])}
      role={tone === "error" ? "alert" : undefined}
      data-testid="judge-eval-empty"
      data-reason={reason}
    >
      {children}
    </p>
  );
}
