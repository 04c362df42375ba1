"use client";

import { useRouter } from "next/navigation";
import { useCallback, useMemo, useRef, useState } from "react";
import { methodOptions } from "@/lib/engine/methods";
import type { PairWorkspaceData } from "@/lib/schemas/annotation";
import { SPAN_CATEGORIES, type SpanCategory } from "@/lib/spans/categories";
import { categorySpansFromTokens } from "@/lib/spans/category-spans-from-tokens";
import { modelSpansFromScores } from "@/lib/spans/model-spans-from-scores";
import { snapToTokens } from "@/lib/spans/snap-to-tokens";
import { snapToWords } from "@/lib/spans/snap-to-words";
import { documentLabel } from "@/lib/text/document-label";
import { CompareSettings } from "@/components/heatmap/compare-settings";
import { Card, CardTitle } from "@/components/ui/card";
import type { MarkActivation } from "./annotated-heatmap";
import { CategoryLegend } from "./category-legend";
import { CategoryStyles } from "./category-styles";
import { ConflictDialog } from "./conflict-dialog";
import { DocumentCard } from "./document-card";
import { readDocSelection, type DocSelection } from "./dom-offsets";
import { computeGoldKept, goldKeptText } from "./gold-kept";
import { PreAnnotationPanel } from "./pre-annotation-panel";
import { SelectionMenu } from "./selection-menu";
import { SnippetPanel } from "./snippet-panel";
import { SpanPopover } from "./span-popover";
import { LAYERS, type EditorSpan, type Layer, type Mark } from "./types";
import { useAnnotationEditor } from "./use-annotation-editor";
import { useJudge } from "./use-judge";
import { type InitialSetting, usePairScores } from "./use-pair-scores";
import { useSelectionMenu } from "./use-selection-menu";
import { useWorkspaceKeyboard } from "./use-workspace-keyboard";
import { WorkflowPanel } from "./workflow-panel";
import { WorkspaceHeader } from "./workspace-header";
import { WorkspaceToolbar } from "./workspace-toolbar";

export interface PairWorkspaceProps {
  data: PairWorkspaceData;
  permissions: { annotate: boolean; review: boolean; runModel: boolean };
  /** /pairs/next?after=<id> plus this page's queue filters. */
  nextHref: string;
  /** A method, threshold and budget to open at (a frontier point's link). */
  initialSetting?: InitialSetting;
  /** A judge server is configured (SNIPPET_LAB_JUDGE_*): otherwise the panel says so instead of offering a run. */
  judgeConfigured?: boolean;
}

let tmpCounter = 0;
/** Client ids for new spans (the first save maps them to server ids); randomUUID needs a secure context. */
const newTmpId = () => `tmp-${Date.now().toString(36)}-${(tmpCounter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

const NO_MARKS: Mark[] = [];

/**
 * The per-pair workspace: every document of the result set with the token heatmap and span layers, the live
 * snippet (threshold/budget/aggregation recomputed in the browser), and the annotation editor. The parts live in
 * their own hooks (scores, editor and its persistence, judge, keyboard) and components (header, toolbar, document
 * card, snippet, pre-annotation and workflow panels); this component wires them and owns the layers and marks.
 */
export function PairWorkspace({ data, permissions, nextHref, initialSetting, judgeConfigured = true }: PairWorkspaceProps) {
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

  // Scores (fetched once per model) and the live selection; called here, the heatmaps' parent, for the perf marks.
  const { method, setMethod, scores, scoresError, loading, controls, onControls, live, tokenLevel } = usePairScores({
    pairId: pair.id,
    models: data.models,
    ...(initialSetting ? { initial: initialSetting } : {}),
  });
  const judge = useJudge({ pairId: pair.id, suggestions: data.suggestions, intents: pair.query.intents });
  const { judgeSuggestions } = judge;

  // ---------- layers and marks ----------
  const [layers, setLayers] = useState<Record<Layer, boolean>>({ mine: true, gold: true, judge: true, model: true, categories: true });
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
          ? categorySpansFromTokens({
              documentId: r.id,
              text: r.text,
              starts: r.tokenScores.starts,
              ends: r.tokenScores.ends,
              categories: r.tokenScores.categories,
            }).map((s, k) => ({ ...s, id: `cat-${r.id}-${k}` }))
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
  const [selMenu, setSelMenu] = useSelectionMenu(readOnly);
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
      const span: EditorSpan = {
        id: newTmpId(),
        documentId: sel.documentId,
        start: snapped.start,
        end: snapped.end,
        text: snapped.text,
        category,
        source: "human",
      };
      edit({ type: "add", span });
      window.getSelection()?.removeAllRanges();
      setSelMenu(null);
    },
    [readOnly, texts, scores, live, edit, setSelMenu],
  );

  const [popover, setPopover] = useState<MarkActivation | null>(null);
  useWorkspaceKeyboard({
    readOnly,
    undo,
    redo,
    createSpan,
    altAtSelect,
    onNext: () => router.push(nextHref),
    onEscape: () => {
      setPopover(null);
      setSelMenu(null);
    },
  });

  const onActivate = useCallback((a: MarkActivation) => setPopover(a), []);
  const onDeleteMine = useCallback((id: string) => edit({ type: "delete", id }), [edit]);

  // ---------- pre-annotation ----------
  const acceptModelSpans = () => {
    if (!scores || !live) return;
    const edits: { type: "add"; span: EditorSpan }[] = [];
    // Spans I already have are merged away by the editor: leave them out so the notice counts only new ones.
    const spanKey = (s: { documentId: string; start: number; end: number; category: string }) =>
      `${s.documentId}\u0000${s.start}\u0000${s.end}\u0000${s.category}`;
    const have = new Set(editor.spans.map(spanKey));
    let found = 0;
    scores.results.forEach((r, i) => {
      const ts = live.tokenScores[i];
      if (!ts) return;
      for (const s of modelSpansFromScores({
        documentId: r.id,
        text: r.text,
        starts: ts.starts,
        ends: ts.ends,
        scores: ts.probs,
        threshold: controls.threshold,
        author: scores.modelName ?? scores.model,
      })) {
        found++;
        if (have.has(spanKey(s))) continue;
        const span: EditorSpan = {
          id: newTmpId(),
          documentId: s.documentId,
          start: s.start,
          end: s.end,
          text: s.text,
          category: "vital",
          source: "human",
        };
        if (s.score !== undefined) span.score = s.score;
        edits.push({ type: "add", span });
      }
    });
    if (found === 0) return editor.setNotice("No token reaches the threshold.");
    if (edits.length === 0) return editor.setNotice(`The model spans (p ≥ ${controls.threshold.toFixed(2)}) are already in your annotation.`);
    edit({ type: "batch", edits });
    editor.setNotice(`Added ${edits.length} model span${edits.length === 1 ? "" : "s"} (p ≥ ${controls.threshold.toFixed(2)}).`);
  };

  // ---------- documents ----------
  const [original, setOriginal] = useState<Record<string, boolean>>({});
  const docRefs = useRef<(HTMLElement | null)[]>([]);
  const scrollToDoc = useCallback((i: number) => docRefs.current[i]?.scrollIntoView({ behavior: "smooth", block: "start" }), []);
  const modelOptions = useMemo(() => methodOptions(data.models), [data.models]);
  // Headings and tabs: the title, else the first heading or words (never an internal id).
  const labels = useMemo(() => pair.documents.map((d) => documentLabel(d)), [pair.documents]);
  const editorError =
    editor.error && editor.error.code !== "nothing_to_undo" && editor.error.code !== "nothing_to_redo" ? editor.error.message : null;

  return (
    <div
      className="space-y-4"
      data-testid="pair-workspace"
      onMouseDown={() => (altAtSelect.current = false)}
      onMouseUp={(e) => (altAtSelect.current = e.altKey)}
    >
      <CategoryStyles />
      <WorkspaceHeader
        pairId={pair.id}
        dataset={pair.dataset}
        query={pair.query.text}
        intents={judge.intents}
        pairStatus={editor.pairStatus}
        status={editor.status}
        reviewComment={data.annotation?.reviewComment ?? null}
        saveState={editor.saveState}
        canReview={permissions.review}
        nextHref={nextHref}
        readOnlyReason={
          readOnly ? (!permissions.annotate ? "Read-only: your role cannot annotate." : `Read-only: this annotation is ${editor.status}.`) : null
        }
        notice={editor.notice}
        error={editorError}
      />

      <WorkspaceToolbar
        controls={controls}
        onControls={onControls}
        aggregationEnabled={scores ? tokenLevel : true}
        method={method}
        methods={modelOptions}
        onMethod={setMethod}
        goldKept={goldKept}
        goldKeptLabel={goldKeptLabel}
        loading={loading}
        history={readOnly ? null : { canUndo: editor.canUndo, canRedo: editor.canRedo, undo: editor.undo, redo: editor.redo }}
      />
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
                <button
                  key={d.id}
                  type="button"
                  onClick={() => scrollToDoc(i)}
                  data-testid={`doc-tab-${i}`}
                  className="max-w-56 truncate rounded-md bg-slate-100 px-2.5 py-1 text-xs text-slate-700 hover:bg-slate-200"
                >
                  #{i + 1} {labels[i]}
                </button>
              ))}
            </nav>
          )}
          {pair.documents.map((d, i) => (
            <DocumentCard
              key={d.id}
              ref={(el) => {
                docRefs.current[i] = el;
              }}
              doc={d}
              index={i}
              label={labels[i] ?? "Original page"}
              scored={scores?.results[i]?.id === d.id ? scores.results[i] : undefined}
              live={live}
              aggregation={controls.aggregation}
              unscored={!!scoresError || !loading}
              marks={marksByDoc.get(d.id) ?? NO_MARKS}
              onActivate={onActivate}
              onDeleteMine={onDeleteMine}
              showTooltip={!popover}
              goldKept={goldKeptById}
              showOriginal={!!original[d.id]}
              onShowOriginal={(o) => setOriginal((x) => ({ ...x, [d.id]: o }))}
            />
          ))}
        </section>

        <aside className="min-w-0 space-y-4 self-start">
          <SnippetPanel
            scores={scores}
            live={live}
            scoresError={scoresError}
            titles={labels}
            onSelect={scrollToDoc}
            goldKept={goldKept}
            goldKeptLabel={goldKeptLabel}
            droppedGold={droppedGold}
            goldLayerHidden={!layers.gold}
          />

          {scores && live && <CompareSettings data={scores} live={live} controls={controls} gold={data.gold} />}

          <Card className="space-y-3">
            <CardTitle>Categories</CardTitle>
            <CategoryLegend counts={counts} layers={layers} onToggleLayer={(l) => setLayers((x) => ({ ...x, [l]: !x[l] }))} />
            <p className="text-xs text-slate-500">
              Select text, then press 1–6 (Alt keeps the exact characters). Click a mark to change or delete it; Delete removes a focused span; Ctrl+Z
              / Ctrl+Shift+Z undo and redo; n opens the next pair.
            </p>
          </Card>

          <PreAnnotationPanel
            readOnly={readOnly}
            threshold={controls.threshold}
            tokenLevel={tokenLevel}
            onAcceptModelSpans={acceptModelSpans}
            judgeSuggestions={judgeSuggestions}
            acceptedSuggestions={acceptedSuggestions}
            onAcceptSuggestions={(ids) => void editor.acceptSuggestions(ids)}
            onRunJudge={permissions.runModel && judgeConfigured ? () => void judge.runJudge() : null}
            judgeNotice={
              permissions.runModel && !judgeConfigured
                ? "No LLM judge is configured: set SNIPPET_LAB_JUDGE_BASE_URL and SNIPPET_LAB_JUDGE_MODEL on the server (docs/judge.md)."
                : null
            }
            judgeBusy={judge.busy}
            judgeMessage={judge.message}
            unmatched={judge.unmatched}
          />

          <WorkflowPanel pairId={pair.id} readOnly={readOnly} onSubmit={() => void editor.submit()} savedVersion={editor.savedVersion} />
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
