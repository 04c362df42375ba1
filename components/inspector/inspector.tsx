"use client";

import { useCallback, useDeferredValue, useLayoutEffect, useMemo, useRef, useState } from "react";
import { compressRequestSchema, type CompressRequestInput } from "@/lib/schemas/compress";
import { CanonicalHeatmap, HeatmapLegend } from "./canonical-heatmap";
import { CompressForm, type CompressDraft } from "./compress-form";
import { SelectionControls } from "./selection-controls";
import { SnippetPane } from "./snippet-pane";
import type { DemoPair, DemoSummary, InspectedResponse, ModelOption, SelectionControlsState } from "./types";
import { useLiveSelection } from "./use-live-selection";

export interface InspectorProps {
  /** null = the demo store is unavailable. */
  demos: DemoSummary[] | null;
  models: ModelOption[];
  loadDemo?: (id: string) => Promise<DemoPair | null>;
}

const BASELINES = [
  { value: "bm25", label: "BM25 (baseline)" },
  { value: "lead", label: "Lead sentences (baseline)" },
];

function defaultsFor(method: string, models: ModelOption[]): Pick<SelectionControlsState, "threshold" | "aggregation"> {
  const m = method.startsWith("model:") ? models.find((x) => `model:${x.name}` === method) : undefined;
  return m ? { threshold: m.threshold, aggregation: m.aggregation } : { threshold: 0, aggregation: "mean" };
}

/**
 * Snippet inspector: compress a result set on the server once (with per-token scores), then explore
 * threshold / budget / aggregation entirely in the browser.
 */
export function Inspector({ demos, models, loadDemo }: InspectorProps) {
  const methods = useMemo(
    () => [
      ...models.map((m) => ({ value: `model:${m.name}`, label: `${m.name}${m.default ? " (default)" : ""}` })),
      ...BASELINES,
    ],
    [models],
  );
  const initialMethod = methods[0]?.value ?? "bm25";

  const [controls, setControls] = useState<SelectionControlsState>(() => ({
    ...defaultsFor(initialMethod, models),
    budgetMode: "medium",
    customBudget: 2_000,
  }));
  const controlsRef = useRef(controls);
  useLayoutEffect(() => {
    controlsRef.current = controls;
  }, [controls]);

  const [data, setData] = useState<InspectedResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [apiKey, setApiKey] = useState("");
  const [needKey, setNeedKey] = useState(false);
  const apiKeyRef = useRef(apiKey);
  useLayoutEffect(() => {
    apiKeyRef.current = apiKey;
  }, [apiKey]);
  const [activeResult, setActiveResult] = useState(0);

  const onMethodChange = useCallback(
    (method: string) => setControls((c) => ({ ...c, ...defaultsFor(method, models) })),
    [models],
  );

  const onCompress = useCallback(async (draft: CompressDraft) => {
    const c = controlsRef.current;
    const body: CompressRequestInput = {
      query: draft.query,
      results: draft.drafts.map((d, i) => ({
        id: d.id?.trim() || String(i),
        ...(d.title ? { title: d.title } : {}),
        ...(d.url ? { url: d.url } : {}),
        ...(d.format === "html" ? { html: d.content } : { text: d.content }),
      })),
      model: draft.method,
      threshold: c.threshold,
      aggregation: c.aggregation,
      ...(c.budgetMode === "custom" ? { budget: c.customBudget } : { preset: c.budgetMode }),
      fragmentSize: draft.fragmentSize,
      include: { tokens: true },
    };
    const parsed = compressRequestSchema.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues.map((i) => `${i.path.join(".") || "request"}: ${i.message}`).join("; "));
      return;
    }
    if (draft.drafts.some((d) => d.content.trim() === "")) {
      setError("every result needs some text or HTML");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (apiKeyRef.current) headers.authorization = `Bearer ${apiKeyRef.current}`;
      const res = await fetch("/api/v1/compress", { method: "POST", headers, body: JSON.stringify(body) });
      const json = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
      if (!res.ok) {
        if (res.status === 401) setNeedKey(true);
        setError(`${res.status}: ${json?.error?.message ?? res.statusText}`);
        return;
      }
      setData(json as InspectedResponse);
      setActiveResult(0);
    } catch (e) {
      setError(`request failed: ${(e as Error).message}`);
    } finally {
      setBusy(false);
    }
  }, []);

  // The slider itself re-renders urgently; selection + heatmap/snippet updates follow as deferred work,
  // so dragging over a 10,000-token page never stalls the thumb.
  const deferredControls = useDeferredValue(controls);
  const live = useLiveSelection(data, deferredControls);
  const [showCategories, setShowCategories] = useState(true);
  const tokenLevel = !!data?.results.some((r) => r.tokenScores);
  const active = data?.results[activeResult];

  return (
    <div className="space-y-5" data-testid="inspector">
      <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <CompressForm
          demos={demos}
          methods={methods}
          initialMethod={initialMethod}
          loadDemo={loadDemo}
          busy={busy}
          onCompress={onCompress}
          onMethodChange={onMethodChange}
        />
        {needKey && (
          <label className="mt-3 flex items-center gap-2 text-sm">
            <span className="text-slate-700">API key</span>
            <input
              type="password"
              value={apiKey}
              onChange={(e) => setApiKey(e.target.value)}
              className="rounded-md border border-slate-300 px-2 py-1 text-sm"
              data-testid="api-key-input"
            />
          </label>
        )}
        {error && (
          <p className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800" role="alert" data-testid="compress-error">
            {error}
          </p>
        )}
      </div>

      <div className="sticky top-0 z-20 rounded-lg border border-slate-200 bg-white/95 px-4 py-3 shadow-sm backdrop-blur">
        <SelectionControls
          value={controls}
          onChange={setControls}
          aggregationEnabled={data ? tokenLevel : true}
        />
      </div>

      {data && live && active && (
        <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" data-testid="inspector-results">
          <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            {data.results.length > 1 && (
              <div className="mb-3 flex flex-wrap gap-1" role="tablist">
                {data.results.map((r, i) => (
                  <button
                    key={r.id}
                    type="button"
                    role="tab"
                    aria-selected={i === activeResult}
                    onClick={() => setActiveResult(i)}
                    className={`max-w-56 truncate rounded-md px-2.5 py-1 text-xs ${
                      i === activeResult ? "bg-slate-800 text-white" : "bg-slate-100 text-slate-700 hover:bg-slate-200"
                    }`}
                    data-testid={`heatmap-tab-${i}`}
                  >
                    #{i + 1} {r.title ?? r.id}
                  </button>
                ))}
              </div>
            )}
            <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-100 pb-2">
              <h2 className="text-sm font-semibold text-slate-800">
                Canonical text{active.title ? ` · ${active.title}` : ""}
              </h2>
              <div className="flex items-center gap-3">
                {live.tokenScores[activeResult]?.categories && (
                  <label className="flex items-center gap-1 text-xs text-slate-600">
                    <input type="checkbox" checked={showCategories} onChange={(e) => setShowCategories(e.target.checked)} data-testid="toggle-model-categories" />
                    Model categories
                  </label>
                )}
                <HeatmapLegend tokenLevel={tokenLevel} />
              </div>
            </div>
            <CanonicalHeatmap
              key={`${active.id}-${activeResult}`}
              result={active}
              tokenScores={live.tokenScores[activeResult]}
              unitScores={live.unitScores[activeResult] ?? []}
              kept={live.kept[activeResult] ?? new Uint8Array(0)}
              aggregation={deferredControls.aggregation}
              showCategories={showCategories}
            />
          </section>
          <aside className="self-start rounded-lg border border-slate-200 bg-white p-4 shadow-sm lg:sticky lg:top-20">
            <h2 className="mb-3 text-sm font-semibold text-slate-800">Snippet</h2>
            <SnippetPane data={data} live={live} active={activeResult} onSelect={setActiveResult} />
          </aside>
        </div>
      )}
    </div>
  );
}
