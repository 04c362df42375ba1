"use client";

import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { CartesianGrid, Line, LineChart, ReferenceDot, Tooltip, XAxis, YAxis } from "recharts";
import { computeGoldKept, type GoldKeptSpan } from "@/components/annotate/gold-kept";
import { Card, CardTitle } from "@/components/ui/card";
import { Select } from "@/components/ui/select";
import { compareSelections, diffFlags } from "@/lib/engine/compare-selections";
import { PRESET_NAMES, PRESETS } from "@/lib/engine/methods";
import { selectWithProfile } from "@/lib/engine/select-with-profile";
import { computePairCurve } from "@/lib/eval/pair-curve";
import { fromFlatProfile } from "@/lib/model/flat-profile";
import { RENDER_PASS_EVENT } from "./plan-render-passes";
import type { ScoredResponse, SelectionControlsState } from "./types";
import { budgetOf, type LiveSelection } from "./use-live-selection";

const CURVE_THRESHOLDS = Array.from({ length: 21 }, (_, i) => i / 20);
const UNLIMITED = 1_000_000;
type BudgetChoice = (typeof PRESET_NAMES)[number] | "same" | "unlimited";

/**
 * A second setting beside the current one: what it adds (bluish-green bar under the unit) and removes (orange
 * stripes) in the text, counted in units, tokens and gold spans; and the pair's curve — tokens kept against gold
 * kept (or, without gold, tokens against the threshold) — with both settings marked. Everything is recomputed in
 * the browser from the scores already loaded.
 */
export function CompareSettings({
  data,
  live,
  controls,
  gold,
}: {
  data: ScoredResponse;
  live: LiveSelection;
  controls: SelectionControlsState;
  /** Gold spans (the workspace); none in the inspector. */
  gold?: readonly GoldKeptSpan[];
}) {
  const [open, setOpen] = useState(false);
  const [threshold, setThreshold] = useState(() => Math.min(1, Math.round((controls.threshold + 0.1) * 100) / 100));
  const [budgetChoice, setBudgetChoice] = useState<BudgetChoice>("same");
  const budgetB = budgetChoice === "same" ? budgetOf(controls) : budgetChoice === "unlimited" ? UNLIMITED : PRESETS[budgetChoice];

  const { selectable } = live;
  // The response's profile is API 1.x's flat one: grouped by stage again, as the engine reads it.
  const profile = useMemo(() => fromFlatProfile(data.profile), [data]);
  const selB = useMemo(
    () => (open ? selectWithProfile({ results: selectable, unitScores: live.unitScores, budget: budgetB, threshold, profile }) : null),
    [open, selectable, live.unitScores, budgetB, threshold, profile],
  );
  const diff = useMemo(
    () => (selB ? compareSelections({ results: selectable, a: live.selection, b: selB }) : null),
    [selB, selectable, live.selection],
  );
  const vital = useMemo(() => (gold ?? []).filter((g) => g.category === "vital" && g.end > g.start), [gold]);
  const goldA = useMemo(() => (vital.length ? computeGoldKept(live.selection, vital) : null), [vital, live.selection]);
  const goldB = useMemo(() => (vital.length && selB ? computeGoldKept(selB, vital) : null), [vital, selB]);
  const goldGained = goldA && goldB ? vital.filter((g) => !goldA.byId.get(g.id) && goldB.byId.get(g.id)).length : 0;
  const goldLost = goldA && goldB ? vital.filter((g) => goldA.byId.get(g.id) && !goldB.byId.get(g.id)).length : 0;

  const curve = useMemo(() => {
    if (!open) return [];
    const evidence = vital.map((g) => ({ resultId: g.documentId, start: g.start, end: g.end }));
    return computePairCurve({
      results: selectable,
      unitScores: live.unitScores,
      evidence,
      thresholds: CURVE_THRESHOLDS,
      budget: budgetOf(controls),
      profile,
    }).map((p) => ({ ...p, kept: p.evidenceTotal > 0 ? p.evidenceKept / p.evidenceTotal : null }));
  }, [open, vital, selectable, live.unitScores, controls, profile]);
  const withGold = vital.length > 0;

  // Marks the units the second setting adds or removes in the heatmaps (imperatively, like data-kept); closed, it
  // clears them once and then costs nothing on threshold moves. Units a later rendering pass of a long page draws
  // are marked when their pass commits (RENDER_PASS_EVENT).
  const marked = useRef(false);
  const markNew = useRef<(() => void) | null>(null);
  useLayoutEffect(() => {
    if (!diff && !marked.current) return;
    marked.current = diff !== null;
    const flags = diff ? diffFlags(selectable, diff) : null;
    const mark = () =>
      document.querySelectorAll<HTMLElement>("[data-testid=heatmap]").forEach((root) => {
        const r = selectable.findIndex((s) => s.id === root.dataset.resultId);
        root.querySelectorAll<HTMLElement>("[data-u]").forEach((el) => {
          const v = flags && r >= 0 ? (flags[r]![Number(el.dataset.u)] ?? 0) : 0;
          if (v === 0) delete el.dataset.diff;
          else el.dataset.diff = String(v);
        });
      });
    mark();
    markNew.current = flags ? mark : null;
  }, [diff, selectable, live]);
  useEffect(() => {
    const onPass = () => markNew.current?.();
    document.addEventListener(RENDER_PASS_EVENT, onPass);
    return () => document.removeEventListener(RENDER_PASS_EVENT, onPass);
  }, []);

  const pointA = withGold
    ? { x: live.selection.tokensOut, y: goldA ? goldA.kept / Math.max(1, goldA.total) : 0 }
    : { x: controls.threshold, y: live.selection.tokensOut };
  const pointB = selB
    ? withGold
      ? { x: selB.tokensOut, y: goldB ? goldB.kept / Math.max(1, goldB.total) : 0 }
      : { x: threshold, y: selB.tokensOut }
    : null;

  return (
    <Card className="space-y-3" data-testid="compare-settings">
      <div className="flex items-center gap-3">
        <CardTitle className="mr-auto">Compare with another setting</CardTitle>
        <label className="flex items-center gap-1.5 text-xs text-slate-700">
          <input type="checkbox" checked={open} onChange={(e) => setOpen(e.target.checked)} data-testid="compare-toggle" />
          show
        </label>
      </div>
      {open && diff && selB && (
        <>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
            <label className="flex items-center gap-2">
              <span className="text-slate-700">Threshold B</span>
              <input
                type="range"
                min={0}
                max={1}
                step={0.01}
                value={threshold}
                onChange={(e) => setThreshold(Number(e.target.value))}
                className="w-32 accent-indigo-700"
                aria-label="Second threshold"
                data-testid="compare-threshold"
              />
              <span className="w-10 font-mono text-xs tabular-nums" data-testid="compare-threshold-value">
                {threshold.toFixed(2)}
              </span>
            </label>
            <label className="flex items-center gap-2">
              <span className="text-slate-700">Budget B</span>
              <Select size="sm" value={budgetChoice} onChange={(e) => setBudgetChoice(e.target.value as BudgetChoice)} data-testid="compare-budget">
                <option value="same">same as A ({budgetOf(controls).toLocaleString("en")})</option>
                {PRESET_NAMES.map((p) => (
                  <option key={p} value={p}>
                    {p} · {PRESETS[p].toLocaleString("en")}
                  </option>
                ))}
                <option value="unlimited">unlimited</option>
              </Select>
            </label>
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs" data-testid="compare-summary">
            <dt className="text-slate-600">Tokens A → B</dt>
            <dd className="tabular-nums" data-testid="compare-tokens">
              {diff.tokensOutA.toLocaleString("en")} → {diff.tokensOutB.toLocaleString("en")}
            </dd>
            <dt className="text-slate-600">
              <span className="hm-legend-added mr-1 inline-block h-2 w-4 align-middle" aria-hidden="true" />
              Added by B
            </dt>
            <dd className="tabular-nums" data-testid="compare-added">
              {diff.results.reduce((n, r) => n + r.added.length, 0)} units, +{diff.tokensAdded.toLocaleString("en")} tokens
            </dd>
            <dt className="text-slate-600">
              <span className="hm-legend-removed mr-1 inline-block h-2 w-4 align-middle" aria-hidden="true" />
              Removed by B
            </dt>
            <dd className="tabular-nums" data-testid="compare-removed">
              {diff.results.reduce((n, r) => n + r.removed.length, 0)} units, −{diff.tokensRemoved.toLocaleString("en")} tokens
            </dd>
            {goldA && goldB && (
              <>
                <dt className="text-slate-600">Gold spans kept A → B</dt>
                <dd className="tabular-nums" data-testid="compare-gold">
                  {goldA.kept} → {goldB.kept} of {goldA.total}
                  {goldGained > 0 && ` (+${goldGained})`}
                  {goldLost > 0 && ` (−${goldLost})`}
                </dd>
              </>
            )}
          </dl>
          <div data-testid="pair-curve">
            <p className="text-xs text-slate-600">
              {withGold
                ? "This pair: tokens kept against gold spans kept, threshold 0 → 1 at A's budget."
                : "This pair: tokens kept per threshold at A's budget."}{" "}
              A: dark dot · B: purple dot
            </p>
            <LineChart
              width={340}
              height={170}
              data={curve.map((p) =>
                withGold ? { x: p.tokensOut, y: p.kept ?? 0, t: p.threshold } : { x: p.threshold, y: p.tokensOut, t: p.threshold },
              )}
              margin={{ top: 8, right: 12, bottom: 4, left: 0 }}
            >
              <CartesianGrid stroke="#e2e8f0" />
              <XAxis type="number" dataKey="x" fontSize={10} stroke="#64748b" domain={withGold ? [0, "auto"] : [0, 1]} />
              <YAxis
                type="number"
                dataKey="y"
                fontSize={10}
                stroke="#64748b"
                width={40}
                domain={withGold ? [0, 1] : [0, "auto"]}
                tickFormatter={(v: number) => (withGold ? `${Math.round(v * 100)}%` : String(v))}
              />
              <Tooltip
                isAnimationActive={false}
                formatter={(v) => (withGold ? `${Math.round(Number(v) * 100)}% gold kept` : `${String(v)} tokens`)}
                labelFormatter={(x) => (withGold ? `${String(x)} tokens` : `threshold ${String(x)}`)}
              />
              <Line type="linear" dataKey="y" stroke="#4477AA" dot={{ r: 2 }} isAnimationActive={false} />
              <ReferenceDot x={pointA.x} y={pointA.y} r={5} fill="#0f172a" stroke="#fff" />
              {pointB && <ReferenceDot x={pointB.x} y={pointB.y} r={5} fill="#AA3377" stroke="#0f172a" />}
            </LineChart>
          </div>
        </>
      )}
    </Card>
  );
}
