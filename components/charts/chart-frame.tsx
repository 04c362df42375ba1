"use client";

import { type ReactNode, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { downloadCsv, downloadPng, downloadSvg } from "./chart-export";

/**
 * A chart in a card with its exports: PNG and SVG of what is drawn, CSV of the data (`csv()` builds it on click, so
 * it is the data shown, with the same rounding as the tables). `name` is the files' base name.
 */
export function ChartFrame({
  title,
  name,
  csv,
  children,
  aside,
  testId,
}: {
  title: ReactNode;
  name: string;
  csv: () => string;
  children: ReactNode;
  /** Controls beside the title (a measure select). */
  aside?: ReactNode;
  testId: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  // Read in the click handler only: the chart's SVG as drawn at that moment.
  const exportAs = async (kind: "png" | "svg") => {
    const root = ref.current;
    const svg = root?.querySelector<SVGSVGElement>("svg.recharts-surface") ?? root?.querySelector<SVGSVGElement>("svg") ?? null;
    if (!svg) return setError("Nothing drawn to export yet.");
    setError(null);
    try {
      if (kind === "png") await downloadPng(svg, `${name}.png`);
      else downloadSvg(svg, `${name}.svg`);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <Card className="space-y-3" data-testid={testId}>
      <div className="flex flex-wrap items-center gap-3">
        <CardTitle className="mr-auto">{title}</CardTitle>
        {aside}
        <div className="flex gap-1" role="group" aria-label="Export">
          <Button variant="secondary" size="xs" onClick={() => void exportAs("png")} data-testid={`${testId}-png`}>
            PNG
          </Button>
          <Button variant="secondary" size="xs" onClick={() => void exportAs("svg")} data-testid={`${testId}-svg`}>
            SVG
          </Button>
          <Button variant="secondary" size="xs" onClick={() => downloadCsv(csv(), `${name}.csv`)} data-testid={`${testId}-csv`}>
            CSV
          </Button>
        </div>
      </div>
      <div ref={ref}>{children}</div>
      {error && (
        <p className="text-xs text-red-700" role="alert">
          {error}
        </p>
      )}
    </Card>
  );
}
