// Status as text plus a tint: the word carries the meaning, the colour only helps scanning.
const TINT: Record<string, string> = {
  unlabeled: "bg-slate-100 text-slate-700",
  in_progress: "bg-blue-50 text-blue-800",
  submitted: "bg-amber-50 text-amber-900",
  accepted: "bg-green-50 text-green-800",
  rejected: "bg-red-50 text-red-800",
};

export function StatusBadge({ status, testId }: { status: string; testId?: string }) {
  return (
    <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${TINT[status] ?? TINT.unlabeled}`} data-testid={testId} data-status={status}>
      {status.replace("_", " ")}
    </span>
  );
}
