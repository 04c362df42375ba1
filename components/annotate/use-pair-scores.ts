"use client";

import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { SelectionControlsState } from "@/components/heatmap/types";
import { useLiveSelection } from "@/components/heatmap/use-live-selection";
import { callApi } from "@/lib/client/call-api";
import { formatModelMethod, PRESET_NAMES, PRESETS, type Preset } from "@/lib/engine/methods";
import type { WorkspaceModel } from "@/lib/schemas/annotation";
import { OPERATIONS } from "@/lib/schemas/operations";
import type { PairScoresOut } from "@/lib/schemas/scoring";

const presetOf = (budget: number): Preset | undefined => PRESET_NAMES.find((p) => PRESETS[p] === budget);

/** Runs `cb` once the frame after the current commit has been painted. */
function afterPaint(cb: () => void): void {
  requestAnimationFrame(() => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => cb();
    ch.port2.postMessage(null);
  });
}

/** A setting to open the workspace at (a frontier point's link): a method, a threshold and a budget. */
export type InitialSetting = { method?: string; threshold?: number; budget?: number };

/**
 * The pair's scores for the chosen method (fetched once per method, kept on the client), the selection controls, and
 * the live selection the browser recomputes from them. Sets the performance marks e2e/perf.spec.ts reads: call it in
 * the component that renders the heatmaps, so their layout effects (the data-kept writes) run before this one's and
 * the marks see the repainted DOM.
 */
export function usePairScores({
  pairId,
  models,
  initial,
  enabled = true,
}: {
  pairId: string;
  models: readonly WorkspaceModel[];
  initial?: InitialSetting;
  /** False where blind annotation hides the model's output: nothing is fetched (the server would refuse it). */
  enabled?: boolean;
}) {
  const defaultModel = models.find((m) => m.default) ?? models[0];
  const [method, setMethod] = useState(initial?.method ?? (defaultModel ? formatModelMethod(defaultModel.name) : "bm25"));
  // The asked threshold wins over the method's default once, for the first scores of the asked method.
  const keepThreshold = useRef(initial?.threshold !== undefined);
  const [scores, setScores] = useState<PairScoresOut | null>(null);
  const [scoresError, setScoresError] = useState<string | null>(null);
  // True from the start when enabled: the scores are fetched on mount (the server render shows "Loading scores…").
  const [loading, setLoading] = useState(enabled);
  const cache = useRef(new Map<string, PairScoresOut>());
  const firstRenderPending = useRef(false);
  const [controls, setControls] = useState<SelectionControlsState>({
    threshold: initial?.threshold ?? defaultModel?.threshold ?? 0,
    aggregation: defaultModel?.aggregation ?? "mean",
    budgetMode: initial?.budget !== undefined ? (presetOf(initial.budget) ?? "custom") : "medium",
    customBudget: initial?.budget ?? 2_000,
  });

  useEffect(() => {
    if (!enabled) return;
    const hit = cache.current.get(method);
    if (hit) {
      setLoading(false);
      setScoresError(null);
      setScores(hit);
      setControls((c) => ({ ...c, threshold: hit.threshold, aggregation: hit.aggregation }));
      return;
    }
    let cancelled = false;
    setLoading(true);
    setScoresError(null);
    void callApi(OPERATIONS.scorePair, { params: { id: pairId }, body: { model: method } }).then((r) => {
      if (cancelled) return;
      setLoading(false);
      if (!r.ok || !Array.isArray(r.data?.results)) {
        setScoresError(r.ok ? "the server sent no scores" : r.error.message);
        return;
      }
      performance.mark("snippet-lab:data-arrived");
      firstRenderPending.current = true;
      cache.current.set(method, r.data);
      setScores(r.data);
      const keep = keepThreshold.current;
      keepThreshold.current = false;
      setControls((c) => ({ ...c, threshold: keep ? c.threshold : r.data.threshold, aggregation: r.data.aggregation }));
    });
    return () => {
      cancelled = true;
    };
  }, [method, pairId, enabled]);

  const live = useLiveSelection(scores, controls);
  const tokenLevel = !!scores?.results.some((r) => r.tokenScores);

  // Performance marks read by the e2e benchmark (first paint after the data; threshold input → repainted DOM).
  // Layout effects of the heatmaps (data-kept) run before this parent's, so the DOM already reflects the change.
  const thresholdPending = useRef(false);
  useLayoutEffect(() => {
    if (firstRenderPending.current && scores && live) {
      firstRenderPending.current = false;
      afterPaint(() => performance.mark("snippet-lab:first-render"));
    }
    if (thresholdPending.current && live) {
      thresholdPending.current = false;
      afterPaint(() => performance.mark("snippet-lab:threshold-painted"));
    }
  }, [scores, live]);
  const controlsRef = useRef(controls);
  useLayoutEffect(() => {
    controlsRef.current = controls;
  }, [controls]);
  const onControls = useCallback((next: SelectionControlsState) => {
    // Marked in the input handler itself (not in a state updater, which React may run later, during render).
    if (next.threshold !== controlsRef.current.threshold) {
      performance.mark("snippet-lab:threshold-input");
      thresholdPending.current = true;
    }
    controlsRef.current = next;
    setControls(next);
  }, []);

  return { method, setMethod, scores, scoresError, loading, controls, onControls, live, tokenLevel };
}
