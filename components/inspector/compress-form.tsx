"use client";

import { memo, useState } from "react";
import { ResultsEditor, newDraft } from "./results-editor";
import { SAMPLE_QUERY, sampleDrafts } from "./sample";
import type { DemoPair, DemoSummary, DraftResult } from "./types";

export interface CompressDraft {
  query: string;
  drafts: DraftResult[];
  method: string;
  fragmentSize: number;
}

interface Props {
  demos: DemoSummary[] | null;
  methods: { value: string; label: string }[];
  initialMethod: string;
  loadDemo?: (id: string) => Promise<DemoPair | null>;
  busy: boolean;
  onCompress: (draft: CompressDraft) => void;
  onMethodChange: (method: string) => void;
}

/** Query + result set + method: what needs a server round trip. Memoised so slider moves skip it. */
export const CompressForm = memo(function CompressForm(props: Props) {
  const { demos, methods, initialMethod, loadDemo, busy, onCompress, onMethodChange } = props;
  const [query, setQuery] = useState("");
  const [drafts, setDrafts] = useState<DraftResult[]>(() => [newDraft()]);
  const [active, setActive] = useState(0);
  const [method, setMethod] = useState(initialMethod);
  const [fragmentSize, setFragmentSize] = useState(1);
  const [demoId, setDemoId] = useState("");
  const [demoError, setDemoError] = useState<string | null>(null);

  const pickDemo = async (id: string) => {
    setDemoId(id);
    setDemoError(null);
    if (!id) return;
    if (id === "__sample") {
      setQuery(SAMPLE_QUERY);
      setDrafts(sampleDrafts());
      setActive(0);
      return;
    }
    try {
      const pair = await loadDemo?.(id);
      if (!pair) throw new Error("demo not found");
      setQuery(pair.query);
      setDrafts(
        pair.results.map((r, i) => ({
          key: `demo-${pair.id}-${i}`,
          id: r.id,
          title: r.title,
          url: r.url,
          format: r.html !== undefined && r.html !== null ? "html" : "text",
          content: r.html ?? r.text ?? "",
        })),
      );
      setActive(0);
    } catch (e) {
      setDemoError(`could not load the demo: ${(e as Error).message}`);
    }
  };

  return (
    <form
      className="space-y-3"
      data-testid="compress-form"
      onSubmit={(e) => {
        e.preventDefault();
        onCompress({ query, drafts, method, fragmentSize });
      }}
    >
      <div className="flex flex-wrap items-end gap-3">
        <label className="min-w-64 flex-1 text-sm">
          <span className="mb-1 block font-medium text-slate-700">Query</span>
          <input
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="What should the snippet answer?"
            maxLength={2000}
            className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
            data-testid="query-input"
          />
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-700">Example</span>
          <select
            value={demoId}
            onChange={(e) => void pickDemo(e.target.value)}
            className="max-w-72 rounded-md border border-slate-300 bg-white px-2 py-2 text-sm"
            data-testid="demo-select"
          >
            <option value="">— paste your own —</option>
            <option value="__sample">Built-in sample (HTML + text)</option>
            {demos?.map((d) => (
              <option key={d.id} value={d.id}>
                [{d.dataset}] {d.query.length > 60 ? `${d.query.slice(0, 60)}…` : d.query} ({d.resultCount})
              </option>
            ))}
          </select>
        </label>
      </div>
      {demos === null && (
        <p className="text-xs text-slate-500" data-testid="demos-unavailable">
          Demo examples are unavailable (no database); paste a page or use the built-in sample.
        </p>
      )}
      {demoError && <p className="text-xs text-red-700">{demoError}</p>}

      <ResultsEditor drafts={drafts} active={active} onActive={setActive} onChange={setDrafts} />

      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-700">Method</span>
          <select
            value={method}
            onChange={(e) => {
              setMethod(e.target.value);
              onMethodChange(e.target.value);
            }}
            className="rounded-md border border-slate-300 bg-white px-2 py-2 text-sm"
            data-testid="model-select"
          >
            {methods.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-700">Sentences per unit</span>
          <select
            value={fragmentSize}
            onChange={(e) => setFragmentSize(Number(e.target.value))}
            className="rounded-md border border-slate-300 bg-white px-2 py-2 text-sm"
            data-testid="fragment-size"
          >
            {[1, 2, 3].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-blue-700 px-5 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
          data-testid="compress-button"
        >
          {busy ? "Compressing…" : "Compress"}
        </button>
      </div>
    </form>
  );
});
