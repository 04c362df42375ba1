import { BLIND_GOLD_NOTICE } from "@/lib/auth/blind-notices";
import type { WorkspaceView } from "@/lib/schemas/annotation";

/** Why parts of the workspace are missing under blind annotation; nothing when nothing is hidden. */
export function BlindNotice({ view }: { view: WorkspaceView }) {
  if (!view.blinded) return null;
  return (
    <p className="rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-950" role="note" data-testid="blind-notice">
      {BLIND_GOLD_NOTICE}
      {!view.predictions && (
        <>
          {" "}
          <span data-testid="blind-predictions-notice">
            So are the model&apos;s and the judge&apos;s pre-annotation: this dataset does not show predictions.
          </span>
        </>
      )}
    </p>
  );
}
