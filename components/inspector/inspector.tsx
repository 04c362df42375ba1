"use client";

import { useCallback, useDeferredValue, useLayoutEffect, useMemo, useRef, useState } from "react";
import { callApi } from "@/lib/client/call-api";
import { methodOptions, parseMethod } from "@/lib/engine/methods";
import { BASELINE_PROFILE, LLM_PROFILE } from "@/lib/engine/select-with-profile";
import { compressRequestSchema, type CompressRequestInput } from "@/lib/schemas/compress";
import { OPERATIONS } from "@/lib/schemas/operations";
import { Card, CardTitle, StickyBar } from "@/components/ui/card";
import { Input } from "@/components/ui/field";
import { CanonicalHeatmap, HeatmapLegend } from "./canonical-heatmap";
import { CompressForm, type CompressDraft } from "./compress-form";
import { LlmReport } from "./llm-report";
import { resultTabLabel } from "./result-tab-label";
import { customBudgetProblem } from "../heatmap/custom-budget";
import { SelectionControls } from "../heatmap/selection-controls";
import { CompareSettings } from "../heatmap/compare-settings";
import { SnippetPane } from "../heatmap/snippet-pane";
import type { DemoPair, DemoSummary, ModelOption } from "./types";
import type { ScoredResponse, SelectionControlsState } from "../heatmap/types";
import { useLiveSelection } from "../heatmap/use-live-selection";
import { Notice } from "@/components/ui/notice";

export interface InspectorProps {
  /** null = the demo store is unavailable. */
  demos: DemoSummary[] | null;
  models: ModelOption[];
  loadDemo?: (id: string) => Promise<DemoPair | null>;
  /** A judge server is configured: the LLM compressors (llm-extract, hybrid) are offered too. */
  llm?: boolean;
}

/** The controls' defaults for a method: its profile's threshold and aggregation (a model's; the LLM methods' or the baselines'). */
function defaultsFor(method: string, models: ModelOption[]): Pick<SelectionControlsState, "threshold" | "aggregation"> {
  const parsed = parseMethod(method);
  const m = parsed.kind === "model" ? models.find((x) => x.name === parsed.name) : undefined;
  if (m) return { threshold: m.threshold, aggregation: m.aggregation };
  const profile = parsed.kind === "llm" ? LLM_PROFILE : BASELINE_PROFILE;
  return { threshold: profile.selection.threshold, aggregation: profile.units.aggregation };
}

/**
 * Snippet inspector: compress a result set on the server once (with per-token scores), then explore
 * threshold / budget / aggregation entirely in the browser.
 */
export function Inspector({ demos, models, loadDemo, llm = false }: InspectorProps) {
  const methods = useMemo(() => methodOptions(models, { llm }), [models, llm]);
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

  const [data, setData] = useState<ScoredResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [apiKey, setApiKey] = useState("");
  const [needKey, setNeedKey] = useState(false);
  const apiKeyRef = useRef(apiKey);
  useLayoutEffect(() => {
    apiKeyRef.current = apiKey;
  }, [apiKey]);
  const [activeResult, setActiveResult] = useState(0);

  const onMethodChange = useCallback((method: string) => setControls((c) => ({ ...c, ...defaultsFor(method, models) })), [models]);

  const onCompress = useCallback(async (draft: CompressDraft) => {
    const c = controlsRef.current;
    // A custom budget the API would refuse (−5, 1.5, empty) is not sent, nor replaced by the last valid one.
    const budgetProblem = customBudgetProblem(c);
    if (budgetProblem) {
      setError(budgetProblem);
      return;
    }
    const body: CompressRequestInput = {
      query: draft.query,
      results: draft.drafts.map((d, i) => ({
        id: d.id?.trim() || String(i),
        ...(d.title ? { title: d.title } : {}),
        ...(d.url ? { url: d.url } : {}),
        ...(d.format === "html" ? { html: d.content } : { text: d.content }),
      })),
      method: draft.method,
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
    // The compress API is a service route: with SNIPPET_LAB_API_KEYS set it wants the key (asked for after a 401).
    const r = await callApi(OPERATIONS.compress, { body }, apiKeyRef.current ? { headers: { authorization: `Bearer ${apiKeyRef.current}` } } : {});
    setBusy(false);
    if (!r.ok) {
      if (r.status === 401) setNeedKey(true);
      setError(r.status === 0 ? r.error.message : `${r.status}: ${r.error.message}`);
      return;
    }
    // include.tokens: every result carries its text, blocks and units. The query the results were scored for (focus
    // terms) is the request's.
    setData({ ...(r.data as Omit<ScoredResponse, "query">), query: parsed.data.query });
    setActiveResult(0);
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
      <Card as="div">
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
            <Input
              type="password"
              value={apiKey}
              onChange={(e) => setApiKey(e.target.value)}
              className="w-auto px-2 py-1"
              data-testid="api-key-input"
            />
          </label>
        )}
        {error && (
          <Notice tone="error" className="mt-3" role="alert" testId="compress-error">
            {error}
          </Notice>
        )}
      </Card>

      <StickyBar>
        <SelectionControls value={controls} onChange={setControls} aggregationEnabled={data ? tokenLevel : true} />
      </StickyBar>

      {data && live && active && (
        <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" data-testid="inspector-results">
          <Card>
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
                    {resultTabLabel(r, i)}
                  </button>
                ))}
              </div>
            )}
            <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-100 pb-2">
              <CardTitle>Canonical text{active.title ? ` · ${active.title}` : ""}</CardTitle>
              <div className="flex items-center gap-3">
                {live.tokenScores[activeResult]?.categories && (
                  <label className="flex items-center gap-1 text-xs text-slate-600">
                    <input
                      type="checkbox"
                      checked={showCategories}
                      onChange={(e) => setShowCategories(e.target.checked)}
                      data-testid="toggle-model-categories"
                    />
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
          </Card>
          <div className="space-y-4 self-start lg:sticky lg:top-20">
            <Card as="aside">
              <CardTitle className="mb-3">Snippet</CardTitle>
              <SnippetPane data={data} live={live} active={activeResult} onSelect={setActiveResult} />
            </Card>
            <CompareSettings data={data} live={live} controls={deferredControls} />
            <LlmReport llm={data.llm} fidelity={data.fidelity} />
          </div>
        </div>
      )}
    </div>
  );
}
