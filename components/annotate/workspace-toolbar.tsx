import { SelectionControls } from "@/components/heatmap/selection-controls";
import type { SelectionControlsState } from "@/components/heatmap/types";
import { Button } from "@/components/ui/button";
import { StickyBar } from "@/components/ui/card";
import { Select } from "@/components/ui/select";
import type { GoldKept } from "./gold-kept";

export type WorkspaceToolbarProps = {
  controls: SelectionControlsState;
  onControls: (next: SelectionControlsState) => void;
  aggregationEnabled: boolean;
  method: string;
  methods: readonly { value: string; label: string }[];
  onMethod: (method: string) => void;
  goldKept: GoldKept | null;
  goldKeptLabel: string | null;
  loading: boolean;
  /** Undo/redo buttons (hidden when read-only). */
  history: { canUndo: boolean; canRedo: boolean; undo: () => void; redo: () => void } | null;
  /** False where blind annotation hides the model's output: no threshold, budget or model to set. */
  predictions?: boolean;
};

/** The sticky bar: threshold, budget and aggregation, the model, the gold kept count, undo and redo. */
export function WorkspaceToolbar(p: WorkspaceToolbarProps) {
  return (
    <StickyBar className="flex flex-wrap items-center gap-x-6 gap-y-2">
      {p.predictions !== false && (
        <>
          <SelectionControls value={p.controls} onChange={p.onControls} aggregationEnabled={p.aggregationEnabled} />
          <label className="flex items-center gap-2 text-sm">
            <span className="font-medium text-slate-700">Model</span>
            <Select size="sm" value={p.method} onChange={(e) => p.onMethod(e.target.value)} data-testid="model-select" options={p.methods} />
          </label>
        </>
      )}
      {p.goldKept && p.goldKeptLabel && (
        <span
          className={`rounded px-2 py-0.5 text-xs font-semibold ${p.goldKept.kept < p.goldKept.total ? "bg-amber-100 text-amber-950" : "bg-green-50 text-green-900"}`}
          title="Vital gold spans the current threshold and budget keep (≥ 90 % of their characters in the snippet)"
          data-testid="gold-kept-count"
        >
          {p.goldKeptLabel}
        </span>
      )}
      {p.loading && (
        <span className="text-xs text-slate-500" data-testid="scores-loading">
          Scoring…
        </span>
      )}
      {p.history && (
        <span className="flex gap-1">
          <Button
            variant="secondary"
            size="xs"
            className="px-2 py-0.5"
            onClick={p.history.undo}
            disabled={!p.history.canUndo}
            data-testid="undo"
            title="Undo (Ctrl+Z)"
          >
            Undo
          </Button>
          <Button
            variant="secondary"
            size="xs"
            className="px-2 py-0.5"
            onClick={p.history.redo}
            disabled={!p.history.canRedo}
            data-testid="redo"
            title="Redo (Ctrl+Shift+Z)"
          >
            Redo
          </Button>
        </span>
      )}
    </StickyBar>
  );
}
