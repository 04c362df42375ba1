import type { ReactNode } from "react";

/**
 * A modal over a dimmed page. `alert`: the alertdialog role, for a choice the user must make before going on (a save
 * conflict).
 */
export function Dialog({
  title,
  titleId,
  alert = false,
  testId,
  children,
}: {
  title: ReactNode;
  titleId: string;
  alert?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4">
      <div
        role={alert ? "alertdialog" : "dialog"}
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
        className="w-full max-w-md space-y-3 rounded-lg bg-white p-5 shadow-xl"
      >
        <h2 id={titleId} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}

/** The buttons row at the bottom of a dialog. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="flex justify-end gap-2">{children}</div>;
}
