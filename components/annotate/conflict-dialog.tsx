"use client";

import { Button } from "@/components/ui/button";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import type { ConflictInfo } from "./conflict-info";

interface Props {
  conflict: ConflictInfo;
  onReload: () => void;
  onMerge: () => void;
}

/** Shown on a 409: never overwrite silently — take theirs, or merge (3-way) and save again. */
export function ConflictDialog({ conflict, onReload, onMerge }: Props) {
  const locked = conflict.reason === "locked";
  return (
    <Dialog
      alert
      titleId="conflict-title"
      testId="conflict-dialog"
      title={locked ? "This annotation is locked" : "Someone else saved this annotation"}
    >
      <p className="text-sm text-slate-700">{conflict.message}</p>
      <p className="text-sm text-slate-600">
        The saved version (v{conflict.version}) has {conflict.spans.length} span{conflict.spans.length === 1 ? "" : "s"}.{" "}
        {locked
          ? "Reload it to continue; your unsaved changes cannot be stored."
          : "Reload it (your unsaved changes are dropped) or merge your changes into it."}
      </p>
      <DialogActions>
        <Button variant="secondary" size="sm" onClick={onReload} data-testid="conflict-reload">
          Reload theirs
        </Button>
        {!locked && (
          <Button size="sm" onClick={onMerge} data-testid="conflict-merge">
            Merge
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
