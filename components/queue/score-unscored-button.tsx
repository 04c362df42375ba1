"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";

type ScoreResponse = { scored?: string[]; failed?: { pairId: string; message: string }[]; remaining?: number; error?: { message?: string } };

/** Researchers/admins: POST /api/v1/pairs/score for a batch of pairs without model scores, then refresh the queue. */
export function ScoreUnscoredButton({ datasetId }: { datasetId?: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async () => {
    setBusy(true);
    setMessage(null);
    setError(null);
    try {
      const res = await fetch("/api/v1/pairs/score", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(datasetId ? { datasetId } : {}),
      });
      const body = (await res.json().catch(() => null)) as ScoreResponse | null;
      if (!res.ok) {
        setError(body?.error?.message ?? `Scoring failed (HTTP ${res.status}).`);
      } else {
        const n = body?.scored?.length ?? 0;
        const failed = body?.failed ?? [];
        setMessage(
          `Scored ${n} pair${n === 1 ? "" : "s"}; ${body?.remaining ?? 0} still unscored.` +
            (failed.length ? ` ${failed.length} failed: ${failed.map((f) => f.message).join("; ")}` : ""),
        );
        router.refresh();
      }
    } catch {
      setError("Could not reach the server. Try again.");
    }
    setBusy(false);
  };

  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        onClick={run}
        disabled={busy}
        className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 disabled:opacity-50"
        data-testid="score-unscored"
      >
        {busy ? "Scoring…" : "Score unscored pairs with the model"}
      </button>
      {message && (
        <span className="text-sm text-slate-700" role="status" data-testid="score-unscored-result">
          {message}
        </span>
      )}
      {error && (
        <span className="text-sm text-red-700" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
