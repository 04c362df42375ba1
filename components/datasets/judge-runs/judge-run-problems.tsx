import Link from "next/link";
import type { JudgeRunSummary } from "@/lib/schemas/judge";
import { plural } from "./format";

const pairLink = (pairId: string) => (
  <Link href={`/pairs/${encodeURIComponent(pairId)}`} className="font-mono text-blue-700 hover:underline">
    {pairId}
  </Link>
);

/** A run's failed pairs and the quotes no matching step located, each with its reason (collapsed: they can be long). */
export function JudgeRunProblems({ run }: { run: JudgeRunSummary }) {
  if (run.failures.length === 0 && run.unmatched.length === 0) return null;
  return (
    <div className="space-y-2">
      {run.failures.length > 0 && (
        <details className="text-sm" data-testid="judge-run-failures">
          <summary className="cursor-pointer font-medium text-red-700">
            {plural(run.pairs.failed, "failed pair")}
            {run.pairs.failed > run.failures.length ? ` (the first ${run.failures.length} listed)` : ""}
          </summary>
          <ul className="mt-1 space-y-1 pl-4">
            {run.failures.map((f) => (
              <li key={f.pairId} data-testid="judge-run-failure">
                {pairLink(f.pairId)}: <span className="text-slate-700">{f.reason}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {run.unmatched.length > 0 && (
        <details className="text-sm" data-testid="judge-run-unmatched">
          <summary className="cursor-pointer font-medium text-amber-700">
            {plural(run.matches.unmatched, "unmatched quote")} (kept as unmatched, not dropped)
          </summary>
          <ul className="mt-1 space-y-1 pl-4">
            {run.unmatched.map((u, i) => (
              <li key={`${u.pairId}-${i}`}>
                {pairLink(u.pairId)} · {u.category}: “<span className="italic">{u.text}</span>” — <span className="text-slate-600">{u.reason}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
