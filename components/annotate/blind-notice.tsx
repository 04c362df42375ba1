import { BLIND_GOLD_NOTICE } from "@/lib/auth/blind-notices";
import type { WorkspaceView } from "@/lib/schemas/annotation";
import { Notice } from "@/components/ui/notice";

/** Why parts of the workspace are missing under blind annotation; nothing when nothing is hidden. */
export function BlindNotice({ view }: { view: WorkspaceView }) {
  if (!view.blinded) return null;
  return (
    <Notice tone="note" role="note" testId="blind-notice">
      {BLIND_GOLD_NOTICE}
      {!view.predictions && (
        <>
          {" "}
          <span data-testid="blind-predictions-notice">
            So are the model&apos;s and the judge&apos;s pre-annotation: this dataset does not show predictions.
          </span>
        </>
      )}
    </Notice>
  );
}
