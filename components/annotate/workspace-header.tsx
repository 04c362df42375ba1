import Link from "next/link";
import type { AnnotationStatus, PairStatus } from "@/lib/schemas/enums";
import { Badge } from "@/components/ui/badge";
import { PairStatusBadges } from "./pair-status-badges";
import { saveStateText, type SaveState } from "./types";
import { Notice } from "@/components/ui/notice";

export type WorkspaceHeaderProps = {
  pairId: string;
  dataset: string;
  query: string;
  intents: string[] | null;
  pairStatus: PairStatus | null;
  status: AnnotationStatus | null;
  /** The gold decision "nothing here is vital"; my own answer (badges beside the statuses). */
  goldNoVital?: boolean;
  noVital?: boolean;
  reviewComment: string | null;
  saveState: SaveState;
  /** A link to the review page (pair:review). */
  canReview: boolean;
  nextHref: string;
  /** Why the spans cannot be changed, or null. */
  readOnlyReason: string | null;
  notice: string | null;
  error: string | null;
};

/** The pair's dataset, statuses, save state and links, the query with its intents, and the editor's messages. */
export function WorkspaceHeader(p: WorkspaceHeaderProps) {
  return (
    <header className="space-y-2">
      <div className="flex flex-wrap items-center gap-3 text-xs text-slate-500">
        <span>
          Dataset <span className="font-medium text-slate-700">{p.dataset}</span>
        </span>
        <PairStatusBadges
          pairStatus={p.pairStatus}
          status={p.status}
          reviewComment={p.reviewComment}
          goldNoVital={p.goldNoVital ?? false}
          noVital={p.noVital ?? false}
        />
        <span
          data-testid="save-state"
          aria-live="polite"
          className={`rounded px-2 py-0.5 ${p.saveState.kind === "error" || p.saveState.kind === "conflict" ? "bg-red-50 text-red-800" : "bg-slate-100 text-slate-700"}`}
        >
          {saveStateText(p.saveState)}
        </span>
        <span className="ml-auto flex items-center gap-3">
          {p.canReview && (
            <Link
              href={`/pairs/${encodeURIComponent(p.pairId)}/review`}
              className="font-medium text-blue-700 hover:underline"
              data-testid="review-link"
            >
              Review
            </Link>
          )}
          <Link href={p.nextHref} className="font-medium text-blue-700 hover:underline" data-testid="next-pair" title="Next pair (n)">
            Next pair →
          </Link>
        </span>
      </div>
      <h1 className="text-xl font-bold tracking-tight text-slate-900" data-testid="pair-query">
        {p.query}
      </h1>
      {p.intents && p.intents.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" data-testid="query-intents" aria-label="Query intents">
          {p.intents.map((i, k) => (
            <li key={k}>
              <Badge tone="indigo" className="rounded-full px-2 font-normal">
                {i}
              </Badge>
            </li>
          ))}
        </ul>
      )}
      {p.readOnlyReason && <Notice testId="read-only-notice">{p.readOnlyReason}</Notice>}
      {p.notice && (
        <p className="text-sm text-slate-700" data-testid="editor-notice">
          {p.notice}
        </p>
      )}
      {p.error && (
        <p className="text-sm text-red-700" data-testid="editor-error">
          {p.error}
        </p>
      )}
    </header>
  );
}
