"use client";

import { Symbols } from "recharts";
import { seriesStyle } from "@/components/charts/series-style";
import { Button } from "@/components/ui/button";

export type LegendMethod = { method: string; label: string; points: number; styleIndex: number };

/** What the markers, the line and the bars mean (the page's legend and the exported figure's note). */
export const FRONTIER_NOTE = "Filled: thresholds (no budget) · hollow: budgets (threshold 0) · line: Pareto front";
export const INTERVALS_NOTE = "bars: 95 % bootstrap interval over pairs";

/**
 * The frontier's legend, which is also its method picker: every method of the sweep with its colour, marker and dash,
 * ticked when drawn; "All methods" and "Default" (the models and the best baseline, or all when few); and whether the 95 % intervals are
 * drawn (off by default when many methods are shown: their bars hide the points).
 */
export function FrontierLegend({
  methods,
  shown,
  onToggle,
  onAll,
  onDefault,
  isDefault,
  showIntervals,
  onIntervals,
  hasIntervals,
}: {
  methods: readonly LegendMethod[];
  shown: readonly string[];
  onToggle: (method: string, on: boolean) => void;
  onAll: () => void;
  onDefault: () => void;
  isDefault: boolean;
  showIntervals: boolean;
  onIntervals: (on: boolean) => void;
  /** Whether the sweep has intervals at this measure (older sweeps and some measures have none). */
  hasIntervals: boolean;
}) {
  const all = methods.every((m) => shown.includes(m.method));
  return (
    <div className="mt-2 space-y-2 text-xs text-slate-700" data-testid="frontier-controls">
      <fieldset className="flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="frontier-legend">
        <legend className="sr-only">Methods shown</legend>
        {methods.map((m) => {
          const style = seriesStyle(m.styleIndex);
          const on = shown.includes(m.method);
          return (
            <label
              key={m.method}
              className={`flex cursor-pointer items-center gap-1.5 rounded-md border px-2 py-0.5 ${on ? "border-slate-300 bg-white" : "border-dashed border-slate-200 bg-slate-50 text-slate-400"}`}
              data-testid="frontier-legend-item"
              data-method={m.method}
              data-shown={on}
            >
              <input type="checkbox" checked={on} onChange={(e) => onToggle(m.method, e.target.checked)} data-testid={`frontier-show-${m.method}`} />
              <svg width="28" height="12" aria-hidden="true" opacity={on ? 1 : 0.4}>
                <line x1="0" y1="6" x2="28" y2="6" stroke={style.color} strokeWidth="2" strokeDasharray={style.dash || undefined} />
                <Symbols cx={14} cy={6} type={style.shape} size={36} fill={style.color} />
              </svg>
              {m.label} <span className="text-slate-500">({m.points} points)</span>
            </label>
          );
        })}
      </fieldset>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="xs" onClick={onAll} disabled={all} data-testid="frontier-methods-all">
          All methods
        </Button>
        <Button
          variant="secondary"
          size="xs"
          onClick={onDefault}
          disabled={isDefault}
          title="The models and the best baseline (every method when there are four or fewer)"
          data-testid="frontier-methods-default"
        >
          Default
        </Button>
        <label className="ml-2 flex items-center gap-1.5" title={hasIntervals ? undefined : "This sweep has no intervals for this measure"}>
          <input
            type="checkbox"
            checked={showIntervals && hasIntervals}
            disabled={!hasIntervals}
            onChange={(e) => onIntervals(e.target.checked)}
            data-testid="frontier-intervals"
          />
          95 % intervals
        </label>
        <span className="text-slate-500">
          {FRONTIER_NOTE}
          {showIntervals && hasIntervals ? ` · ${INTERVALS_NOTE}` : ""}
        </span>
      </div>
    </div>
  );
}
