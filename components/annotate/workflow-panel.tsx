"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { HistoryPanel } from "./history-panel";

/**
 * Submit for review — with my spans, or with the answer "nothing here is vital" (only while I have no vital span) —
 * and the span history (refetched whenever a save is confirmed). "Nothing here is vital" asks once first: it submits
 * and locks the annotation in one click.
 */
export function WorkflowPanel({
  pairId,
  readOnly,
  onSubmit,
  hasVital,
  savedVersion,
  blinded = false,
}: {
  pairId: string;
  readOnly: boolean;
  onSubmit: (opts?: { noVital?: boolean }) => void;
  /** My annotation holds a vital span (then it cannot say that nothing is vital). */
  hasVital: boolean;
  savedVersion: number;
  /** Blind annotation: only my own span history (the server sends nothing else). */
  blinded?: boolean;
}) {
  const [askNoVital, setAskNoVital] = useState(false);
  return (
    <Card className="space-y-2">
      {askNoVital && (
        <ConfirmDialog
          alert
          title="Submit: nothing here is vital?"
          titleId="no-vital-title"
          testId="no-vital-dialog"
          confirmLabel="Submit: nothing is vital"
          confirmTestId="no-vital-confirm"
          cancelTestId="no-vital-cancel"
          onConfirm={() => {
            setAskNoVital(false);
            onSubmit({ noVital: true });
          }}
          onCancel={() => setAskNoVital(false)}
        >
          <p>
            Your answer will be that no text in these results is vital to the query. It is submitted for review at once, and the annotation locks: you
            cannot add or change spans afterwards.
          </p>
        </ConfirmDialog>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>Workflow</CardTitle>
        <span className="flex gap-2">
          <Button
            size="xs"
            variant="secondary"
            className="py-1.5"
            onClick={() => setAskNoVital(true)}
            disabled={readOnly || hasVital}
            title={hasVital ? "Remove your vital spans first" : "Submit the answer: no text in these results is vital to the query"}
            data-testid="submit-no-vital"
          >
            Nothing here is vital
          </Button>
          <Button size="xs" className="py-1.5" onClick={() => onSubmit()} disabled={readOnly} data-testid="submit-annotation">
            Submit for review
          </Button>
        </span>
      </div>
      <details>
        <summary className="cursor-pointer text-xs font-medium text-slate-700" data-testid="history-toggle">
          Span history
        </summary>
        <HistoryPanel pairId={pairId} refreshKey={savedVersion} ownOnly={blinded} />
      </details>
    </Card>
  );
}
