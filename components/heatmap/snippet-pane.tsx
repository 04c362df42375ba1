"use client";

import type { ScoredResponse } from "./types";
import type { LiveSelection } from "./use-live-selection";
import { Notice } from "@/components/ui/notice";

interface Props {
  data: ScoredResponse;
  live: LiveSelection;
  active: number;
  onSelect: (index: number) => void;
  /** Per result, the name to show when it has no title (the workspace passes document labels, never ids). */
  titles?: readonly string[];
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-md bg-slate-50 px-3 py-2">
      <div className="text-[11px] uppercase tracking-wide text-slate-500">{label}</div>
      <div className="font-mono text-sm tabular-nums" data-testid={testId}>
        {value}
      </div>
    </div>
  );
}

/** The snippet verbatim (what a downstream LLM would read) and what it costs. */
export function SnippetPane({ data, live, active, onSelect, titles }: Props) {
  const { selection, budget } = live;
  const ratio = selection.tokensOut > 0 ? selection.tokensIn / selection.tokensOut : 0;
  return (
    <div className="space-y-4" data-testid="snippet-pane">
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Stat label="tokens in" value={selection.tokensIn.toLocaleString("en")} testId="tokens-in" />
        <Stat label="tokens out" value={selection.tokensOut.toLocaleString("en")} testId="tokens-out" />
        <Stat label="compression" value={ratio > 0 ? `${ratio.toFixed(1)}×` : "—"} testId="compression-ratio" />
        <Stat
          label="budget use"
          value={`${((100 * selection.tokensOut) / budget).toFixed(0)}% of ${budget.toLocaleString("en")}`}
          testId="budget-use"
        />
      </div>
      {selection.reason && (
        <Notice tone="warn" testId="selection-reason">
          {selection.reason}
        </Notice>
      )}
      <div className="space-y-3" data-testid="snippet">
        {selection.results.map((sel, i) => {
          const res = data.results[i];
          return (
            <section
              key={sel.resultId}
              className={`rounded-md border p-3 ${i === active ? "border-blue-400 bg-white" : "border-slate-200 bg-white/60"}`}
            >
              <button
                type="button"
                onClick={() => onSelect(i)}
                className="mb-1 flex w-full items-baseline justify-between gap-2 text-left text-xs text-slate-500 hover:text-slate-800"
              >
                <span className="truncate font-medium">
                  #{i + 1} {res?.title ?? titles?.[i] ?? sel.resultId}
                </span>
                <span className="shrink-0 font-mono tabular-nums">
                  {sel.tokensOut} / {sel.tokensIn} tokens · {sel.spans.length} span{sel.spans.length === 1 ? "" : "s"}
                </span>
              </button>
              {sel.snippet ? (
                <pre className="whitespace-pre-wrap font-sans text-sm leading-6 text-slate-900" data-testid={`snippet-text-${i}`}>
                  {sel.snippet}
                </pre>
              ) : (
                <p className="text-sm italic text-slate-400" data-testid={`snippet-text-${i}`}>
                  nothing kept
                </p>
              )}
            </section>
          );
        })}
      </div>
      <p className="text-xs text-slate-500" data-testid="server-info">
        {data.model} · server: prepare {data.timings.prepareMs} ms, score {data.timings.scoreMs} ms, total {data.timings.totalMs} ms · selection
        recomputed in the browser
      </p>
    </div>
  );
}
