"use client";

import { useState } from "react";
import { callApi } from "@/lib/client/call-api";
import type { GoldAuditKind, GoldAuditSpan, GoldHistoryItem } from "@/lib/schemas/audit";
import { OPERATIONS } from "@/lib/schemas/operations";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CategoryChip, fmtDate } from "./category-chip";

type Props = {
  pairId: string;
  /** The pair's documents in result order (a span names its document as "#position"). */
  documents: { id: string; position: number }[];
  /** The history when the page was rendered, newest first. */
  initial: GoldHistoryItem[];
};

const KIND_LABEL: Record<GoldAuditKind, string> = {
  adjudicate: "Adjudicated",
  no_vital: "Nothing here is vital",
  import: "Imported as gold",
  repair: "Repaired (check-spans)",
  seed: "Demo seed",
};

const clip = (t: string) => (t.length > 60 ? `${t.slice(0, 57)}…` : t);

/**
 * The pair's gold history (GoldAuditEvent, append-only): who changed the gold, when, how, and what it did — spans added
 * and removed, the no-vital decision. Read only; Reload fetches it again after a save.
 */
export function GoldAuditPanel({ pairId, documents, initial }: Props) {
  const [events, setEvents] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const docTitle = new Map(documents.map((d) => [d.id, `#${d.position + 1}`]));

  const reload = async () => {
    setBusy(true);
    setError(null);
    const r = await callApi(OPERATIONS.getGoldHistory, { params: { id: pairId } });
    if (r.ok) setEvents(r.data.events);
    else setError(r.error.message);
    setBusy(false);
  };

  const spanLine = (s: GoldAuditSpan, sign: "+" | "−") => (
    <li key={`${sign}${s.id}`} className="flex flex-wrap items-center gap-1.5" data-testid={sign === "+" ? "gold-audit-added" : "gold-audit-removed"}>
      <span className={sign === "+" ? "font-mono text-green-800" : "font-mono text-red-700"} aria-hidden="true">
        {sign}
      </span>
      <span className="sr-only">{sign === "+" ? "added" : "removed"}</span>
      <span className="text-slate-500">{docTitle.get(s.documentId) ?? "?"}</span>
      <CategoryChip category={s.category} />
      <span className="text-slate-800">“{clip(s.text)}”</span>
    </li>
  );

  return (
    <Card className="space-y-3" data-testid="gold-audit-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 className="text-sm font-semibold text-slate-900">Gold history</h2>
          <p className="text-xs text-slate-600">
            Every change to this pair&apos;s gold, newest first. Kept even when the pair is deleted; nobody can edit it.
          </p>
        </div>
        <Button size="xs" variant="secondary" onClick={() => void reload()} disabled={busy} data-testid="gold-audit-reload">
          Reload
        </Button>
      </div>
      {error && (
        <p className="text-xs text-red-700" role="alert">
          {error}
        </p>
      )}
      {events.length === 0 ? (
        <p className="text-sm text-slate-500">No gold yet.</p>
      ) : (
        <ol className="divide-y divide-slate-100" data-testid="gold-audit-events">
          {events.map((e) => (
            <li key={e.id} className="space-y-1 py-2 text-xs" data-testid="gold-audit-event" data-kind={e.kind}>
              <p className="text-slate-700">
                <span className="font-medium text-slate-900">{KIND_LABEL[e.kind]}</span> by {e.actor ? e.actor.email : "the system"} at{" "}
                <span className="tabular-nums">{fmtDate(e.createdAt)}</span> UTC
                <span className="text-slate-500">
                  {" "}
                  · {e.before.spans.length} → {e.after.spans.length} spans
                </span>
              </p>
              {e.noVitalChange && (
                <p className="text-slate-700" data-testid="gold-audit-no-vital">
                  “Nothing here is vital”: {e.noVitalChange.before ? "yes" : "no"} → {e.noVitalChange.after ? "yes" : "no"}
                </p>
              )}
              {e.added.length + e.removed.length > 0 ? (
                <ul className="space-y-0.5">
                  {e.removed.map((s) => spanLine(s, "−"))}
                  {e.added.map((s) => spanLine(s, "+"))}
                </ul>
              ) : (
                !e.noVitalChange && <p className="text-slate-500">The gold stayed as it was (saved again).</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
