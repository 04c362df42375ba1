"use client";

import { useMemo, useState } from "react";
import { availableMeasures, frontierSeries } from "@/lib/eval/frontier";
import type { FrontierResult } from "@/lib/schemas/research";
import { defaultShownMethods, intervalsShown, shownMethods } from "./frontier-display";

/**
 * Which methods the frontier draws and whether with intervals: the reader's picks, else the defaults (every method when
 * few, else the models and the best baseline by evidence recall — one measure, so changing y never changes them;
 * intervals while three or fewer are shown).
 */
export function useFrontierDisplay(result: FrontierResult | null) {
  const [picked, setPicked] = useState<string[] | null>(null);
  const [intervalsChoice, setIntervalsChoice] = useState<boolean | null>(null);
  const available = useMemo(() => result?.methods.filter((m) => !m.error).map((m) => m.method) ?? [], [result]);
  const fallback = useMemo(() => {
    if (!result) return [];
    const measures = availableMeasures(result.rows);
    const decide = measures.includes("evidenceRecall") ? "evidenceRecall" : measures[0];
    return decide ? defaultShownMethods({ methods: result.methods, series: frontierSeries(result.rows, available, decide) }) : available;
  }, [result, available]);
  const shown = shownMethods({ picked, available, fallback });
  return {
    shown,
    isDefault: picked === null,
    toggle: (method: string, on: boolean) =>
      setPicked((p) => {
        const base = p ?? fallback;
        return on ? [...base, method] : base.filter((m) => m !== method);
      }),
    showAll: () => setPicked(available),
    showDefault: () => setPicked(null),
    showIntervals: intervalsShown(intervalsChoice, shown.length),
    setShowIntervals: (on: boolean) => setIntervalsChoice(on),
  };
}
