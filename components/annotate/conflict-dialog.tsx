"use client";

import type { ConflictInfo } from "./use-annotation-editor";

interface Props {
  conflict: ConflictInfo;
  onReload: () => void;
  onMerge: () => void;
}

/** Shown on a 409: never overwrite silently — take theirs, or merge (3-way) and save again. */
export function ConflictDialog({ conflict, onReload, onMerge }: Props) {
  const locked = conflict.reason === "locked";
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="conflict-title"
        data-testid="conflict-dialog"
        className="w-full max-w-md space-y-3 rounded-lg bg-white p-5 shadow-xl"
      >
        <h2 id="conflict-title" className="text-base font-semibold text-slate-900">
          {locked ? "This annotation is locked" : "Someone else saved this annotation"}
        </h2>
        <p className="text-sm text-slate-700">{conflict.message}</p>
        <p className="text-sm text-slate-600">
          The saved version (v{conflict.version}) has {conflict.spans.length} span{conflict.spans.length === 1 ? "" : "s"}.{" "}
          {locked ? "Reload it to continue; your unsaved changes cannot be stored." : "Reload it (your unsaved changes are dropped) or merge your changes into it."}
        </p>
        <div className="flex justify-end gap-2">
          <button
            type="button"
            onClick={onReload}
            data-testid="conflict-reload"
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            Reload theirs
          </button>
          {!locked && (
            <button
              type="button"
              onClick={onMerge}
              data-testid="conflict-merge"
              className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800"
            >
              Merge
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
