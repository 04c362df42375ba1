"use client";

import { useEffect, useState } from "react";
import { callApi } from "@/lib/client/call-api";
import type { ResponseBody } from "@/lib/schemas/api-contract";
import { OPERATIONS } from "@/lib/schemas/operations";

type HistoryEvent = ResponseBody<typeof OPERATIONS.listSpanHistory>["events"][number];

const excerpt = (s: string) => (s.length > 60 ? `${s.slice(0, 60)}…` : s);

/**
 * My span history (SpanEvents, newest first), refetched whenever the saved version changes; everyone's on request,
 * unless `ownOnly` (blind annotation: the server answers with mine alone).
 */
export function HistoryPanel({ pairId, refreshKey, ownOnly = false }: { pairId: string; refreshKey: number; ownOnly?: boolean }) {
  const [events, setEvents] = useState<HistoryEvent[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [scope, setScope] = useState<"mine" | "all">("mine");

  useEffect(() => {
    let cancelled = false;
    void callApi(OPERATIONS.listSpanHistory, { params: { id: pairId }, query: { scope, limit: 100 } }).then((r) => {
      if (cancelled) return;
      if (r.ok) {
        setEvents(r.data.events);
        setError(null);
      } else setError(r.error.message);
    });
    return () => {
      cancelled = true;
    };
  }, [pairId, refreshKey, scope]);

  return (
    <div data-testid="history-panel" className="space-y-2 text-xs">
      {!ownOnly && (
        <div className="flex items-center gap-2">
          <label className="flex items-center gap-1">
            <input type="radio" checked={scope === "mine"} onChange={() => setScope("mine")} /> mine
          </label>
          <label className="flex items-center gap-1">
            <input type="radio" checked={scope === "all"} onChange={() => setScope("all")} data-testid="history-scope-all" /> everyone
          </label>
        </div>
      )}
      {error && <p className="text-red-700">{error}</p>}
      {events && events.length === 0 && <p className="text-slate-500">No changes yet.</p>}
      <ol className="max-h-64 space-y-1 overflow-y-auto">
        {events?.map((e) => {
          const s = e.after ?? e.before;
          return (
            <li key={e.id} data-testid="history-event" data-action={e.action} className="rounded bg-slate-50 px-2 py-1">
              <span className="font-semibold">{e.action}</span>{" "}
              {e.action === "update" && e.before && e.after && e.before.category !== e.after.category ? (
                <span>
                  {e.before.category} → {e.after.category}
                </span>
              ) : (
                <span>{s?.category}</span>
              )}{" "}
              <span className="text-slate-600">&ldquo;{excerpt(s?.text ?? "")}&rdquo;</span>
              <div className="text-slate-500">
                {e.actor?.name ?? "system"} · {new Date(e.createdAt).toLocaleString()}
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
