"use client";

import { AGGREGATIONS, PRESET_NAMES, PRESETS } from "@/lib/engine/methods";
import { COMPRESS_LIMITS } from "@/lib/schemas/limits";
import { customBudgetProblem, withCustomBudgetInput } from "./custom-budget";
import type { BudgetMode, SelectionControlsState } from "./types";

interface Props {
  value: SelectionControlsState;
  onChange: (next: SelectionControlsState) => void;
  /** Aggregation only matters for token-level models. */
  aggregationEnabled: boolean;
}

const MODES: { mode: BudgetMode; label: string }[] = [
  ...PRESET_NAMES.map((mode) => ({ mode, label: `${mode} · ${PRESETS[mode].toLocaleString("en")}` })),
  { mode: "custom", label: "custom" },
];

const segBtn = (active: boolean) =>
  `px-2.5 py-1 text-xs font-medium first:rounded-l-md last:rounded-r-md border border-slate-300 -ml-px first:ml-0 ${
    active ? "bg-blue-700 text-white border-blue-700 relative z-10" : "bg-white text-slate-700 hover:bg-slate-50"
  }`;

/** Threshold, budget and aggregation: changes apply instantly to the selection in the browser. */
export function SelectionControls({ value, onChange, aggregationEnabled }: Props) {
  const set = (patch: Partial<SelectionControlsState>) => onChange({ ...value, ...patch });
  const budgetProblem = customBudgetProblem(value);
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-3" data-testid="selection-controls">
      <label className="flex items-center gap-2 text-sm">
        <span className="font-medium text-slate-700">Threshold</span>
        <input
          type="range"
          min={0}
          max={1}
          step={0.01}
          value={value.threshold}
          onChange={(e) => set({ threshold: Number(e.target.value) })}
          className="w-48 accent-blue-700"
          data-testid="threshold-slider"
          aria-label="Threshold"
        />
        <span className="w-10 font-mono text-xs tabular-nums" data-testid="threshold-value">
          {value.threshold.toFixed(2)}
        </span>
      </label>

      <div className="flex items-center gap-2 text-sm">
        <span className="font-medium text-slate-700">Budget</span>
        <div className="flex" role="radiogroup" aria-label="Budget preset">
          {MODES.map(({ mode, label }) => (
            <button
              key={mode}
              type="button"
              role="radio"
              aria-checked={value.budgetMode === mode}
              className={segBtn(value.budgetMode === mode)}
              onClick={() => set({ budgetMode: mode })}
              data-testid={`preset-${mode}`}
            >
              {label}
            </button>
          ))}
        </div>
        {value.budgetMode === "custom" && (
          <input
            type="number"
            min={1}
            max={COMPRESS_LIMITS.maxBudget}
            step={50}
            value={value.customBudgetInput ?? value.customBudget}
            // Checked by the compress API's schema: what the API refuses is shown as typed with its error, never clamped.
            onChange={(e) => onChange(withCustomBudgetInput(value, e.target.value))}
            className={`w-24 rounded-md border px-2 py-1 text-xs ${budgetProblem ? "border-red-600 bg-red-50" : "border-slate-300"}`}
            data-testid="custom-budget"
            aria-label="Custom budget (downstream tokens)"
            aria-invalid={budgetProblem ? true : undefined}
            aria-describedby={budgetProblem ? "custom-budget-error" : undefined}
          />
        )}
        <span className="text-xs text-slate-500">tokens</span>
        {budgetProblem && (
          <span id="custom-budget-error" className="text-xs text-red-700" role="alert" data-testid="custom-budget-error">
            {budgetProblem}; still using {value.customBudget.toLocaleString("en")}
          </span>
        )}
      </div>

      <div className="flex items-center gap-2 text-sm">
        <span className={`font-medium ${aggregationEnabled ? "text-slate-700" : "text-slate-400"}`}>Aggregation</span>
        <div className="flex" role="radiogroup" aria-label="Aggregation">
          {AGGREGATIONS.map((a) => (
            <button
              key={a}
              type="button"
              role="radio"
              aria-checked={value.aggregation === a}
              disabled={!aggregationEnabled}
              className={`${segBtn(value.aggregation === a)} disabled:opacity-50`}
              onClick={() => set({ aggregation: a })}
              data-testid={`aggregation-${a}`}
            >
              {a}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
