import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { HistoryPanel } from "./history-panel";

/** Submit for review, and the span history (refetched whenever a save is confirmed). */
export function WorkflowPanel({
  pairId,
  readOnly,
  onSubmit,
  savedVersion,
}: {
  pairId: string;
  readOnly: boolean;
  onSubmit: () => void;
  savedVersion: number;
}) {
  return (
    <Card className="space-y-2">
      <div className="flex items-center justify-between">
        <CardTitle>Workflow</CardTitle>
        <Button size="xs" className="py-1.5" onClick={onSubmit} disabled={readOnly} data-testid="submit-annotation">
          Submit for review
        </Button>
      </div>
      <details>
        <summary className="cursor-pointer text-xs font-medium text-slate-700" data-testid="history-toggle">
          Span history
        </summary>
        <HistoryPanel pairId={pairId} refreshKey={savedVersion} />
      </details>
    </Card>
  );
}
