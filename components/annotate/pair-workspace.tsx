"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { SelectionControls } from "@/components/inspector/selection-controls";
import { SnippetPane } from "@/components/inspector/snippet-pane";
import type { SelectionControlsState } from "@/components/inspector/types";
import { useLiveSelection } from "@/components/inspector/use-live-selection";
import type { PairScoresOut } from "@/lib/schemas/annotation";
import type { UnitOut } from "@/lib/schemas/compress";
import { CATEGORY_META, SPAN_CATEGORIES, categoryForKey, type SpanCategory } from "@/lib/spans/categories";
import { documentLabel } from "@/lib/text/document-label";
import { historyActionForKey } from "@/lib/spans/history-keys";
import { categorySpansFromTokens } from "@/lib/spans/category-spans-from-tokens";
import { modelSpansFromScores } from "@/lib/spans/model-spans-from-scores";
import { snapToTokens } from "@/lib/spans/snap-to-tokens";
import { snapToWords } from "@/lib/spans/snap-to-words";
import { AnnotatedHeatmap, type MarkActivation } from "./annotated-heatmap";
import { blockUnits } from "./block-units";
import { CategoryLegend } from "./category-legend";
import { CategoryStyles, CategorySwatch } from "./category-styles";
import { ConflictDialog } from "./conflict-dialog";
import { readDocSelection, type DocSelection } from "./dom-offsets";
import { computeGoldKept, goldKeptText, KEEP_CATEGORY } from "./gold-kept";
import { HistoryPanel } from "./history-panel";
import { OriginalPageFrame } from "./original-page-frame";
import { SelectionMenu } from "./selection-menu";
import { SpanPopover } from "./span-popover";
import { StatusBadge } from "./status-badge";
import { LAYERS, saveStateText, type ClientSuggestion, type EditorSpan, type Layer, type Mark, type PairWorkspaceData } from "./types";
import { useAnnotationEditor } from "./use-annotation-editor";

export interface PairWorkspaceProps {
  data: PairWorkspaceData;
  permissions: { annotate: boolean; review: boolean; runModel: boolean };
  /** /pairs/next?after=<id> plus this page's queue filters. */
  nextHref: string;
}

type JudgeResponse = {
  intents: string[];
  suggestions: ClientSuggestion[];
  unmatched: { documentId: string; text: string; category: string; reason: string }[];
};

const BASELINES = [
  { value: "bm25", label: "BM25 (baseline)" },
  { value: "lead", label: "Lead sentences (baseline)" },
];

let tmpCounter = 0;
/** Client ids for new spans (the first save maps them to server ids); randomUUID needs a secure context. */
const newTmpId = () => `tmp-${Date.now().toString(36)}-${(tmpCounter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** Runs `cb` once the frame after the current commit has been painted. */
function afterPaint(cb: () => void): void {
  requestAnimationFrame(() => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => cb();
    ch.port2.postMessage(null);
  });
}

/** Inputs where keys 1–6, n and Ctrl+Z belong to the field (a range slider or checkbox does not take them). */
function isTextEntry(el: Element | null): boolean {
  if (!el) return false;
  if (el.closest("textarea, select, [contenteditable=''], [contenteditable='true']")) return true;
  const input = el.closest("input");
  return !!input && !["range", "checkbox", "radio", "button", "submit", "reset"].includes(input.type);
}


/**
 * The per-pair workspace: every document of the result set with the token heatmap and span layers, the live
 * snippet (threshold/budget/aggregation recomputed in the browser), and the annotation editor.
 */
export function PairWorkspace({ data, permissions, nextHref }: PairWorkspaceProps) {
  const { pair } = data;
  const router = useRouter();
  const texts = useMemo(() => new Map(pair.documents.map((d) => [d.id, d.text])), [pair.documents]);
  const editor = useAnnotationEditor({
    pairId: pair.id,
    version: data.annotation?.version ?? 0,
    status: data.annotation?.status ?? null,
    pairStatus: pair.status,
    spans: data.annotation?.spans ?? [],
    texts,
    cannotAnnotate: !permissions.annotate,
  });
  const { readOnly, edit, undo, redo } = editor;

  // ---------- scores (fetched once per model, kept on the client) ----------
  const defaultModel = data.models.find((m) => m.default) ?? data.models[0];
  const [method, setMethod] = useState(defaultModel ? `model:${defaultModel.name}` : "bm25");
  const [scores, setScores] = useState<PairScoresOut | null>(null);
  const [scoresError, setScoresError] = useState<string | null>(null);
  // True from the start: the scores are always fetched on mount (the server render shows "Loading scores…").
  const [loading, setLoading] = useState(true);
  const cache = useRef(new Map<string, PairScoresOut>());
  const firstRenderPending = useRef(false);
  const [controls, setControls] = useState<SelectionControlsState>({
    threshold: defaultModel?.threshold ?? 0,
    aggregation: defaultModel?.aggregation ?? "mean",
    budgetMode: "medium",
    customBudget: 2_000,
  });

  useEffect(() => {
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
    fetch(`/api/v1/pairs/${encodeURIComponent(pair.id)}/scores`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: method }),
    })
      .then(async (res) => {
        const json = (await res.json().catch(() => null)) as (PairScoresOut & { error?: { message?: string } }) | null;
        if (cancelled) return;
        if (!res.ok || !json || !Array.isArray(json.results)) {
          setScoresError(json?.error?.message ?? `${res.status} ${res.statusText}`);
          return;
        }
        performance.mark("snippet-lab:data-arrived");
        firstRenderPending.current = true;
        cache.current.set(method, json);
        setScores(json);
        setControls((c) => ({ ...c, threshold: json.threshold, aggregation: json.aggregation }));
      })
      .catch((e: Error) => !cancelled && setScoresError(e.message))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [method, pair.id]);

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

  // ---------- layers and marks ----------
  const [layers, setLayers] = useState<Record<Layer, boolean>>({ mine: true, gold: true, judge: true, model: true, categories: true });
  const [judgeSuggestions, setJudgeSuggestions] = useState<ClientSuggestion[]>(() => data.suggestions.filter((s) => s.source === "judge"));
  const modelSuggestions = useMemo(() => data.suggestions.filter((s) => s.source === "model"), [data.suggestions]);
  const mineById = useMemo(() => new Map(editor.spans.map((s) => [s.id, s])), [editor.spans]);
  const goldById = useMemo(() => new Map(data.gold.map((s) => [s.id, s])), [data.gold]);
  const suggestionById = useMemo(
    () => new Map([...judgeSuggestions, ...modelSuggestions].map((s) => [s.id, s])),
    [judgeSuggestions, modelSuggestions],
  );
  const acceptedSuggestions = useMemo(() => new Set(editor.spans.flatMap((s) => (s.suggestionId ? [s.suggestionId] : []))), [editor.spans]);

  // The model's category of every token (models with a category head), as runs: why it keeps or drops text.
  const categorySpans = useMemo(
    () =>
      (scores?.results ?? []).flatMap((r) =>
        r.tokenScores?.categories
          ? categorySpansFromTokens({ documentId: r.id, text: r.text, starts: r.tokenScores.starts, ends: r.tokenScores.ends, categories: r.tokenScores.categories }).map(
              (s, k) => ({ ...s, id: `cat-${r.id}-${k}` }),
            )
          : [],
      ),
    [scores],
  );

  const marksByDoc = useMemo(() => {
    const out = new Map<string, Mark[]>(pair.documents.map((d) => [d.id, []]));
    const push = (layer: Layer, s: { id: string; documentId: string; start: number; end: number; category: SpanCategory }) =>
      out.get(s.documentId)?.push({ key: `${layer}:${s.id}`, layer, id: s.id, category: s.category, start: s.start, end: s.end });
    if (layers.gold) for (const s of data.gold) push("gold", s);
    if (layers.mine) for (const s of editor.spans) push("mine", s);
    if (layers.judge) for (const s of judgeSuggestions) push("judge", s);
    if (layers.model) for (const s of modelSuggestions) push("model", s);
    if (layers.categories) for (const s of categorySpans) push("categories", s);
    return out;
  }, [pair.documents, layers, data.gold, editor.spans, judgeSuggestions, modelSuggestions, categorySpans]);

  const counts = useMemo(() => {
    const out = {} as Record<Layer, Record<SpanCategory, number>>;
    for (const l of LAYERS) out[l] = Object.fromEntries(SPAN_CATEGORIES.map((k) => [k, 0])) as Record<SpanCategory, number>;
    for (const s of editor.spans) out.mine[s.category]++;
    for (const s of data.gold) out.gold[s.category]++;
    for (const s of judgeSuggestions) out.judge[s.category]++;
    for (const s of modelSuggestions) out.model[s.category]++;
    for (const s of categorySpans) out.categories[s.category]++;
    return out;
  }, [editor.spans, data.gold, judgeSuggestions, modelSuggestions, categorySpans]);

  // Gold kept and lost: which vital gold spans the current threshold/budget keeps (recomputed with the selection).
  const goldKept = useMemo(() => (live && data.gold.length > 0 ? computeGoldKept(live.selection, data.gold) : null), [live, data.gold]);
  const goldKeptLabel = goldKept ? goldKeptText(goldKept) : null;
  const droppedGold = useMemo(() => (goldKept ? data.gold.filter((g) => goldKept.byId.get(g.id) === false) : []), [goldKept, data.gold]);
  const goldKeptById = goldKept?.byId;

  // ---------- creating spans from the selection ----------
  const altAtSelect = useRef(false);
  const createSpan = useCallback(
    (sel: DocSelection, category: SpanCategory, exact: boolean) => {
      if (readOnly) return;
      const text = texts.get(sel.documentId);
      if (text === undefined) return;
      const index = scores ? scores.results.findIndex((x) => x.id === sel.documentId) : -1;
      const tok = index >= 0 ? live?.tokenScores[index] : undefined;
      const snapped = tok
        ? snapToTokens({ text, start: sel.start, end: sel.end, starts: tok.starts, ends: tok.ends, exact })
        : snapToWords({ text, start: sel.start, end: sel.end, exact });
      if (!snapped) return;
      const span: EditorSpan = { id: newTmpId(), documentId: sel.documentId, start: snapped.start, end: snapped.end, text: snapped.text, category, source: "human" };
      edit({ type: "add", span });
      window.getSelection()?.removeAllRanges();
      setSelMenu(null);
    },
    [readOnly, texts, scores, live, edit],
  );

  const [selMenu, setSelMenu] = useState<{ x: number; y: number } | null>(null);
  useEffect(() => {
    if (readOnly) return;
    let frame = 0;
    const onSelectionChange = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const sel = readDocSelection();
        if (!sel) return setSelMenu(null);
        const rect = sel.range.getBoundingClientRect();
        setSelMenu({ x: rect.left, y: rect.bottom });
      });
    };
    document.addEventListener("selectionchange", onSelectionChange);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener("selectionchange", onSelectionChange);
    };
  }, [readOnly]);

  const [popover, setPopover] = useState<MarkActivation | null>(null);
  const nextHrefRef = useRef(nextHref);
  nextHrefRef.current = nextHref;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const typing = isTextEntry(e.target instanceof Element ? e.target : null);
      const hist = historyActionForKey(e);
      if (hist) {
        if (typing || readOnly) return;
        e.preventDefault();
        if (hist === "undo") undo();
        else redo();
        return;
      }
      if (typing || e.ctrlKey || e.metaKey) return;
      // e.code, not e.key: Alt+1 types another character on some layouts, and Alt means "keep exact characters".
      const digit = /^(?:Digit|Numpad)([1-6])$/.exec(e.code)?.[1] ?? (/^[1-6]$/.test(e.key) ? e.key : undefined);
      if (digit) {
        const category = categoryForKey(digit);
        const sel = readDocSelection();
        if (category && sel && !readOnly) {
          e.preventDefault();
          createSpan(sel, category, e.altKey || altAtSelect.current);
        }
        return;
      }
      if (e.key === "n" && !e.altKey && !e.shiftKey) {
        e.preventDefault();
        router.push(nextHrefRef.current);
      } else if (e.key === "Escape") {
        setPopover(null);
        setSelMenu(null);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [readOnly, createSpan, undo, redo, router]);

  const onActivate = useCallback((a: MarkActivation) => setPopover(a), []);
  const onDeleteMine = useCallback((id: string) => edit({ type: "delete", id }), [edit]);

  // ---------- pre-annotation ----------
  const acceptModelSpans = () => {
    if (!scores || !live) return;
    const edits: { type: "add"; span: EditorSpan }[] = [];
    // Spans I already have are merged away by the editor: leave them out so the notice counts only new ones.
    const spanKey = (s: { documentId: string; start: number; end: number; category: string }) => `${s.documentId}\u0000${s.start}\u0000${s.end}\u0000${s.category}`;
    const have = new Set(editor.spans.map(spanKey));
    let found = 0;
    scores.results.forEach((r, i) => {
      const ts = live.tokenScores[i];
      if (!ts) return;
      for (const s of modelSpansFromScores({ documentId: r.id, text: r.text, starts: ts.starts, ends: ts.ends, scores: ts.probs, threshold: controls.threshold, author: scores.modelName ?? scores.model })) {
        found++;
        if (have.has(spanKey(s))) continue;
        const span: EditorSpan = { id: newTmpId(), documentId: s.documentId, start: s.start, end: s.end, text: s.text, category: "vital", source: "human" };
        if (s.score !== undefined) span.score = s.score;
        edits.push({ type: "add", span });
      }
    });
    if (found === 0) return editor.setNotice("No token reaches the threshold.");
    if (edits.length === 0) return editor.setNotice(`The model spans (p ≥ ${controls.threshold.toFixed(2)}) are already in your annotation.`);
    edit({ type: "batch", edits });
    editor.setNotice(`Added ${edits.length} model span${edits.length === 1 ? "" : "s"} (p ≥ ${controls.threshold.toFixed(2)}).`);
  };
  const pendingJudge = judgeSuggestions.filter((s) => !acceptedSuggestions.has(s.id));

  const [intents, setIntents] = useState<string[] | null>(pair.query.intents);
  const [judgeBusy, setJudgeBusy] = useState(false);
  const [judgeMessage, setJudgeMessage] = useState<string | null>(null);
  const [unmatched, setUnmatched] = useState<JudgeResponse["unmatched"]>([]);
  const runJudge = async () => {
    setJudgeBusy(true);
    setJudgeMessage(null);
    try {
      const res = await fetch(`/api/v1/pairs/${encodeURIComponent(pair.id)}/judge`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      const json = (await res.json().catch(() => null)) as (JudgeResponse & { error?: { message?: string } }) | null;
      if (res.ok && json && Array.isArray(json.suggestions)) {
        setJudgeSuggestions(json.suggestions);
        if (json.intents?.length) setIntents(json.intents);
        setUnmatched(json.unmatched ?? []);
        setJudgeMessage(`The judge suggested ${json.suggestions.length} span${json.suggestions.length === 1 ? "" : "s"}.`);
      } else {
        setJudgeMessage(json?.error?.message ?? `${res.status} ${res.statusText}`);
      }
    } catch (e) {
      setJudgeMessage((e as Error).message);
    } finally {
      setJudgeBusy(false);
    }
  };

  // ---------- documents ----------
  const [original, setOriginal] = useState<Record<string, boolean>>({});
  const docRefs = useRef<(HTMLElement | null)[]>([]);
  const scrollToDoc = useCallback((i: number) => docRefs.current[i]?.scrollIntoView({ behavior: "smooth", block: "start" }), []);
  const modelOptions = useMemo(
    () => [...data.models.map((m) => ({ value: `model:${m.name}`, label: `${m.name}${m.default ? " (default)" : ""}` })), ...BASELINES],
    [data.models],
  );
  const reviewComment = data.annotation?.reviewComment ?? null;
  // Headings and tabs: the title, else the first heading or words (never an internal id).
  const labels = useMemo(() => pair.documents.map((d) => documentLabel(d)), [pair.documents]);

  return (
    <div className="space-y-4" data-testid="pair-workspace" onMouseDown={() => (altAtSelect.current = false)} onMouseUp={(e) => (altAtSelect.current = e.altKey)}>
      <CategoryStyles />
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-3 text-xs text-slate-500">
          <span>
            Dataset <span className="font-medium text-slate-700">{pair.dataset}</span>
          </span>
          <StatusBadge pairStatus={editor.pairStatus} status={editor.status} reviewComment={reviewComment} />
          <span data-testid="save-state" aria-live="polite" className={`rounded px-2 py-0.5 ${editor.saveState.kind === "error" || editor.saveState.kind === "conflict" ? "bg-red-50 text-red-800" : "bg-slate-100 text-slate-700"}`}>
            {saveStateText(editor.saveState)}
          </span>
          <span className="ml-auto flex items-center gap-3">
            {permissions.review && (
              <Link href={`/pairs/${encodeURIComponent(pair.id)}/review`} className="font-medium text-blue-700 hover:underline" data-testid="review-link">
                Review
              </Link>
            )}
            <Link href={nextHref} className="font-medium text-blue-700 hover:underline" data-testid="next-pair" title="Next pair (n)">
              Next pair →
            </Link>
          </span>
        </div>
        <h1 className="text-xl font-bold tracking-tight text-slate-900" data-testid="pair-query">
          {pair.query.text}
        </h1>
        {intents && intents.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" data-testid="query-intents" aria-label="Query intents">
            {intents.map((i, k) => (
              <li key={k} className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs text-indigo-900">
                {i}
              </li>
            ))}
          </ul>
        )}
        {readOnly && (
          <p className="rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700" data-testid="read-only-notice">
            {!permissions.annotate ? "Read-only: your role cannot annotate." : `Read-only: this annotation is ${editor.status}.`}
          </p>
        )}
        {editor.notice && (
          <p className="text-sm text-slate-700" data-testid="editor-notice">
            {editor.notice}
          </p>
        )}
        {editor.error && editor.error.code !== "nothing_to_undo" && editor.error.code !== "nothing_to_redo" && (
          <p className="text-sm text-red-700" data-testid="editor-error">
            {editor.error.message}
          </p>
        )}
      </header>

      <div className="sticky top-0 z-20 flex flex-wrap items-center gap-x-6 gap-y-2 rounded-lg border border-slate-200 bg-white/95 px-4 py-3 shadow-sm backdrop-blur">
        <SelectionControls value={controls} onChange={onControls} aggregationEnabled={scores ? tokenLevel : true} />
        <label className="flex items-center gap-2 text-sm">
          <span className="font-medium text-slate-700">Model</span>
          <select value={method} onChange={(e) => setMethod(e.target.value)} className="rounded-md border border-slate-300 px-2 py-1 text-xs" data-testid="model-select">
            {modelOptions.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </select>
        </label>
        {goldKept && goldKeptLabel && (
          <span
            className={`rounded px-2 py-0.5 text-xs font-semibold ${goldKept.kept < goldKept.total ? "bg-amber-100 text-amber-950" : "bg-green-50 text-green-900"}`}
            title="Vital gold spans the current threshold and budget keep (≥ 90 % of their characters in the snippet)"
            data-testid="gold-kept-count"
          >
            {goldKeptLabel}
          </span>
        )}
        {loading && <span className="text-xs text-slate-500" data-testid="scores-loading">Scoring…</span>}
        {!readOnly && (
          <span className="flex gap-1">
            <button type="button" onClick={editor.undo} disabled={!editor.canUndo} data-testid="undo" className="rounded border border-slate-300 px-2 py-0.5 text-xs disabled:opacity-40" title="Undo (Ctrl+Z)">
              Undo
            </button>
            <button type="button" onClick={editor.redo} disabled={!editor.canRedo} data-testid="redo" className="rounded border border-slate-300 px-2 py-0.5 text-xs disabled:opacity-40" title="Redo (Ctrl+Shift+Z)">
              Redo
            </button>
          </span>
        )}
      </div>
      {scoresError && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" role="alert" data-testid="scores-error">
          Scores unavailable: {scoresError}. The text can still be annotated.
        </p>
      )}

      <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section className="min-w-0 space-y-4" aria-label="Documents">
          {pair.documents.length > 1 && (
            <nav className="flex flex-wrap gap-1" aria-label="Documents of the result set">
              {pair.documents.map((d, i) => (
                <button key={d.id} type="button" onClick={() => scrollToDoc(i)} data-testid={`doc-tab-${i}`} className="max-w-56 truncate rounded-md bg-slate-100 px-2.5 py-1 text-xs text-slate-700 hover:bg-slate-200">
                  #{i + 1} {labels[i]}
                </button>
              ))}
            </nav>
          )}
          {pair.documents.map((d, i) => {
            const r = scores?.results[i]?.id === d.id ? scores.results[i] : undefined;
            const showOriginal = !!original[d.id] && d.rawHtml !== null;
            return (
              <article
                key={d.id}
                ref={(el) => {
                  docRefs.current[i] = el;
                }}
                className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
                data-testid="document"
                data-document-id={d.id}
              >
                <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-100 pb-2">
                  <h2 className="min-w-0 truncate text-sm font-semibold text-slate-800">
                    <span data-testid="document-title">
                      #{i + 1} {labels[i]}
                    </span>
                    {d.url && <span className="ml-2 font-normal text-slate-500">{d.url}</span>}
                  </h2>
                  {d.rawHtml !== null && (
                    <div className="flex text-xs" role="radiogroup" aria-label="View">
                      <button type="button" role="radio" aria-checked={!showOriginal} onClick={() => setOriginal((o) => ({ ...o, [d.id]: false }))} data-testid={`view-canonical-${i}`} className={`rounded-l-md border border-slate-300 px-2 py-0.5 ${!showOriginal ? "bg-slate-800 text-white" : ""}`}>
                        Canonical
                      </button>
                      <button type="button" role="radio" aria-checked={showOriginal} onClick={() => setOriginal((o) => ({ ...o, [d.id]: true }))} data-testid={`view-original-${i}`} className={`-ml-px rounded-r-md border border-slate-300 px-2 py-0.5 ${showOriginal ? "bg-slate-800 text-white" : ""}`}>
                        Original
                      </button>
                    </div>
                  )}
                </div>
                {showOriginal ? (
                  <OriginalPageFrame html={d.rawHtml!} title={labels[i] ?? "Original page"} />
                ) : r && live ? (
                  <AnnotatedHeatmap
                    documentId={d.id}
                    text={r.text}
                    blocks={r.blocks}
                    units={r.units}
                    tokenScores={live.tokenScores[i]}
                    unitScores={live.unitScores[i] ?? []}
                    kept={live.kept[i] ?? EMPTY}
                    aggregation={controls.aggregation}
                    marks={marksByDoc.get(d.id) ?? NO_MARKS}
                    onActivate={onActivate}
                    onDeleteMine={onDeleteMine}
                    showTooltip={!popover}
                    {...(goldKeptById ? { goldKept: goldKeptById } : {})}
                  />
                ) : scoresError || !loading ? (
                  <FallbackDocument doc={d} marks={marksByDoc.get(d.id) ?? NO_MARKS} onActivate={onActivate} onDeleteMine={onDeleteMine} showTooltip={!popover} />
                ) : (
                  <p className="text-sm text-slate-500" data-testid="document-loading">
                    Loading scores…
                  </p>
                )}
              </article>
            );
          })}
        </section>

        <aside className="min-w-0 space-y-4 self-start">
          <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <h2 className="mb-3 text-sm font-semibold text-slate-800">Snippet</h2>
            {goldKept && goldKeptLabel && (
              <div
                className={`mb-3 space-y-1 rounded-md px-3 py-2 text-xs ${goldKept.kept < goldKept.total ? "bg-amber-50 text-amber-950" : "bg-green-50 text-green-900"}`}
                data-testid="gold-kept"
                data-kept={goldKept.kept}
                data-total={goldKept.total}
                role="status"
              >
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{goldKeptLabel}</span>
                  <span className="text-slate-600">
                    {CATEGORY_META[KEEP_CATEGORY].label} gold spans; one counts as kept when ≥ 90 % of its characters are in the snippet (the rule
                    of <code>snippet-lab eval</code>).
                  </span>
                </p>
                {droppedGold.length > 0 && (
                  <ul className="space-y-0.5" data-testid="gold-dropped-list">
                    {droppedGold.map((g) => (
                      <li key={g.id} className="flex items-start gap-2" data-testid="gold-dropped" data-gold-id={g.id}>
                        <CategorySwatch category={g.category} layer="gold" goldKept={false} />
                        <span className="min-w-0 flex-1 truncate">
                          dropped: <span className="text-slate-700">&ldquo;{g.text}&rdquo;</span>
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
                {!layers.gold && droppedGold.length > 0 && <p className="text-slate-600">Show the gold layer to see them struck through in the text.</p>}
              </div>
            )}
            {scores && live ? (
              <SnippetPane data={scores} live={live} active={-1} onSelect={scrollToDoc} titles={labels} />
            ) : (
              <p className="text-sm text-slate-500">{scoresError ? "No scores." : "Scoring…"}</p>
            )}
          </section>

          <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <h2 className="text-sm font-semibold text-slate-800">Categories</h2>
            <CategoryLegend counts={counts} layers={layers} onToggleLayer={(l) => setLayers((x) => ({ ...x, [l]: !x[l] }))} />
            <p className="text-xs text-slate-500">
              Select text, then press 1–6 (Alt keeps the exact characters). Click a mark to change or delete it; Delete removes a focused span;
              Ctrl+Z / Ctrl+Shift+Z undo and redo; n opens the next pair.
            </p>
          </section>

          <section className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="pre-annotation">
            <h2 className="text-sm font-semibold text-slate-800">Pre-annotation</h2>
            <div className="flex flex-wrap gap-2">
              <button type="button" onClick={acceptModelSpans} disabled={readOnly || !tokenLevel} data-testid="accept-model-spans" className="rounded-md border border-slate-300 px-2.5 py-1 text-xs font-medium hover:bg-slate-50 disabled:opacity-40">
                Accept model spans ≥ {controls.threshold.toFixed(2)}
              </button>
              <button type="button" onClick={() => void editor.acceptSuggestions(pendingJudge.map((s) => s.id))} disabled={readOnly || pendingJudge.length === 0} data-testid="accept-judge-all" className="rounded-md border border-slate-300 px-2.5 py-1 text-xs font-medium hover:bg-slate-50 disabled:opacity-40">
                Accept all judge suggestions ({pendingJudge.length})
              </button>
              {permissions.runModel && (
                <button type="button" onClick={() => void runJudge()} disabled={judgeBusy} data-testid="run-judge" className="rounded-md bg-indigo-700 px-2.5 py-1 text-xs font-medium text-white hover:bg-indigo-800 disabled:opacity-50">
                  {judgeBusy ? "Running the judge…" : "Run LLM judge"}
                </button>
              )}
            </div>
            {judgeMessage && (
              <p className="text-xs text-slate-700" data-testid="judge-message" role="status">
                {judgeMessage}
              </p>
            )}
            {unmatched.length > 0 && (
              <details className="text-xs" data-testid="judge-unmatched">
                <summary>{unmatched.length} judge quote{unmatched.length === 1 ? "" : "s"} not found in the text</summary>
                <ul className="mt-1 space-y-1">
                  {unmatched.map((u, k) => (
                    <li key={k}>
                      {u.category}: &ldquo;{u.text.slice(0, 80)}&rdquo; — {u.reason}
                    </li>
                  ))}
                </ul>
              </details>
            )}
            {judgeSuggestions.length > 0 && (
              <ul className="max-h-56 space-y-1 overflow-y-auto text-xs" data-testid="suggestion-list">
                {judgeSuggestions.map((s) => (
                  <li key={s.id} className="flex items-start gap-2 rounded bg-slate-50 px-2 py-1" data-testid="suggestion-item" data-suggestion-id={s.id}>
                    <span className="shrink-0 font-medium">{CATEGORY_META[s.category].label}</span>
                    <span className="min-w-0 flex-1 truncate text-slate-600">&ldquo;{s.text}&rdquo;</span>
                    {!readOnly && (
                      <button type="button" disabled={acceptedSuggestions.has(s.id)} onClick={() => void editor.acceptSuggestions([s.id])} data-testid="suggestion-list-accept" className="shrink-0 text-blue-700 hover:underline disabled:text-slate-400 disabled:no-underline">
                        {acceptedSuggestions.has(s.id) ? "accepted" : "Accept"}
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex items-center justify-between">
              <h2 className="text-sm font-semibold text-slate-800">Workflow</h2>
              <button type="button" onClick={() => void editor.submit()} disabled={readOnly} data-testid="submit-annotation" className="rounded-md bg-blue-700 px-3 py-1.5 text-xs font-medium text-white hover:bg-blue-800 disabled:opacity-40">
                Submit for review
              </button>
            </div>
            <details>
              <summary className="cursor-pointer text-xs font-medium text-slate-700" data-testid="history-toggle">
                Span history
              </summary>
              <HistoryPanel pairId={pair.id} refreshKey={editor.savedVersion} />
            </details>
          </section>
        </aside>
      </div>

      {selMenu && !readOnly && !popover && (
        <SelectionMenu
          x={selMenu.x}
          y={selMenu.y}
          onPick={(c) => {
            const sel = readDocSelection();
            if (sel) createSpan(sel, c, altAtSelect.current);
          }}
        />
      )}
      {popover && (
        <SpanPopover
          x={popover.x}
          y={popover.y}
          marks={popover.marks}
          mine={mineById}
          gold={goldById}
          suggestions={suggestionById}
          acceptedSuggestions={acceptedSuggestions}
          readOnly={readOnly}
          onRecategorize={(span, category) => {
            edit({ type: "update", span: { ...span, category } });
            setPopover(null);
          }}
          onDelete={(id) => {
            edit({ type: "delete", id });
            setPopover(null);
          }}
          onAccept={(id) => {
            void editor.acceptSuggestions([id]);
            setPopover(null);
          }}
          onClose={() => setPopover(null)}
        />
      )}
      {editor.conflict && <ConflictDialog conflict={editor.conflict} onReload={editor.reloadTheirs} onMerge={editor.mergeTheirs} />}
    </div>
  );
}

const EMPTY = new Uint8Array(0);
const NO_MARKS: Mark[] = [];

/** The stored text without scores (no model, or scoring failed): still annotatable, word-snapped. */
function FallbackDocument({
  doc,
  marks,
  onActivate,
  onDeleteMine,
  showTooltip,
}: {
  doc: PairWorkspaceData["pair"]["documents"][number];
  marks: readonly Mark[];
  onActivate: (a: MarkActivation) => void;
  onDeleteMine: (id: string) => void;
  showTooltip: boolean;
}) {
  const units = useMemo(() => blockUnits(doc.blocks), [doc.blocks]);
  const zeros = useMemo(() => units.map(() => 0), [units]);
  const kept = useMemo(() => new Uint8Array(units.length), [units]);
  return (
    <AnnotatedHeatmap
      documentId={doc.id}
      text={doc.text}
      blocks={doc.blocks}
      units={units}
      unitScores={zeros}
      kept={kept}
      aggregation="mean"
      marks={marks}
      onActivate={onActivate}
      onDeleteMine={onDeleteMine}
      showTooltip={showTooltip}
    />
  );
}

