"use client";

import { useRouter } from "next/navigation";
import { useCallback, useMemo, useRef, useState } from "react";
import { methodOptions } from "@/lib/engine/methods";
import type { PairWorkspaceData } from "@/lib/schemas/annotation";
import { documentLabel } from "@/lib/text/document-label";
import { CompareSettings } from "@/components/heatmap/compare-settings";
import type { MarkActivation } from "./annotated-heatmap";
import { visibleLayers } from "./blind-layers";
import { BlindNotice } from "./blind-notice";
import { CategoriesCard } from "./categories-card";
import { CategoryStyles } from "./category-styles";
import { ConflictDialog } from "./conflict-dialog";
import { DocumentCard } from "./document-card";
import { DocumentTabs } from "./document-tabs";
import { readDocSelection } from "./dom-offsets";
import { computeGoldKept, goldKeptText } from "./gold-kept";
import { PreAnnotationPanel } from "./pre-annotation-panel";
import { SelectionMenu } from "./selection-menu";
import { SnippetPanel } from "./snippet-panel";
import { SpanPopover } from "./span-popover";
import type { Mark } from "./types";
import { useAnnotationEditor } from "./use-annotation-editor";
import { useJudge } from "./use-judge";
import { type InitialSetting, usePairScores } from "./use-pair-scores";
import { useSelectionMenu } from "./use-selection-menu";
import { useSpanActions } from "./use-span-actions";
import { useWorkspaceKeyboard } from "./use-workspace-keyboard";
import { useWorkspaceLayers } from "./use-workspace-layers";
import { WorkflowPanel } from "./workflow-panel";
import { WorkspaceHeader } from "./workspace-header";
import { WorkspaceToolbar } from "./workspace-toolbar";
import { Notice } from "@/components/ui/notice";

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

const NO_MARKS: Mark[] = [];

/**
 * The per-pair workspace: every document of the result set with the token heatmap and span layers, the live
 * snippet (threshold/budget/aggregation recomputed in the browser), and the annotation editor. The parts live in
 * their own hooks (scores, editor and its persistence, judge, layers and marks, span actions, keyboard) and components
 * (header, toolbar, document tabs and cards, snippet, categories, pre-annotation and workflow panels); this component
 * wires them. The domain logic (marks, counts, snapping, the model spans to accept) is pure, in lib/spans.
 */
export function PairWorkspace({ data, permissions, nextHref, initialSetting, judgeConfigured = true }: PairWorkspaceProps) {
  const { pair, view } = data;
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
    noVital: data.annotation?.noVital ?? false,
  });
  const { readOnly, edit, undo, redo } = editor;

  // Scores (fetched once per model) and the live selection; called here, the heatmaps' parent, for the perf marks.
  // Blind annotation: what the server left out (gold, or the model's output too) is neither fetched nor offered.
  const shownLayers = useMemo(() => visibleLayers(view), [view]);
  const { method, setMethod, scores, scoresError, loading, controls, onControls, live, tokenLevel } = usePairScores({
    pairId: pair.id,
    models: data.models,
    enabled: view.predictions,
    ...(initialSetting ? { initial: initialSetting } : {}),
  });
  const judge = useJudge({ pairId: pair.id, suggestions: data.suggestions, intents: pair.query.intents });
  const { judgeSuggestions } = judge;

  // ---------- layers and marks ----------
  const documentIds = useMemo(() => pair.documents.map((d) => d.id), [pair.documents]);
  const { layers, toggleLayer, marksByDoc, counts, mineById, goldById, suggestionById, acceptedSuggestions } = useWorkspaceLayers({
    documentIds,
    mine: editor.spans,
    gold: data.gold,
    suggestions: data.suggestions,
    judgeSuggestions,
    scores,
  });

  // Gold kept and lost: which vital gold spans the current threshold/budget keeps (recomputed with the selection).
  const goldKept = useMemo(() => (live && data.gold.length > 0 ? computeGoldKept(live.selection, data.gold) : null), [live, data.gold]);
  const goldKeptLabel = goldKept ? goldKeptText(goldKept) : null;
  const droppedGold = useMemo(() => (goldKept ? data.gold.filter((g) => goldKept.byId.get(g.id) === false) : []), [goldKept, data.gold]);
  const goldKeptById = goldKept?.byId;

  // ---------- creating spans: from the selection, or the model's ----------
  const altAtSelect = useRef(false);
  const [selMenu, setSelMenu] = useSelectionMenu(readOnly);
  const closeSelMenu = useCallback(() => setSelMenu(null), [setSelMenu]);
  const { createSpan, acceptModelSpans } = useSpanActions({
    readOnly,
    texts,
    scores,
    live,
    threshold: controls.threshold,
    spans: editor.spans,
    edit,
    setNotice: editor.setNotice,
    onCreated: closeSelMenu,
  });

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
        goldNoVital={pair.goldNoVital}
        noVital={editor.noVital}
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
      <BlindNotice view={view} />

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
        predictions={view.predictions}
        history={readOnly ? null : { canUndo: editor.canUndo, canRedo: editor.canRedo, undo: editor.undo, redo: editor.redo }}
      />
      {scoresError && (
        <Notice tone="warn" role="alert" testId="scores-error">
          Scores unavailable: {scoresError}. The text can still be annotated.
        </Notice>
      )}

      <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section className="min-w-0 space-y-4" aria-label="Documents">
          <DocumentTabs ids={documentIds} labels={labels} onSelect={scrollToDoc} />
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
          {view.predictions && (
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
          )}

          {scores && live && <CompareSettings data={scores} live={live} controls={controls} gold={data.gold} />}

          <CategoriesCard counts={counts} layers={layers} onToggleLayer={toggleLayer} shownLayers={shownLayers} />

          {view.predictions && (
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
          )}

          <WorkflowPanel
            pairId={pair.id}
            readOnly={readOnly}
            onSubmit={(o) => void editor.submit(o)}
            hasVital={editor.spans.some((s) => s.category === "vital")}
            savedVersion={editor.savedVersion}
            blinded={view.blinded}
          />
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
