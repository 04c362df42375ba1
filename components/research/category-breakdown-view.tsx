"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { ChartFrame } from "@/components/charts/chart-frame";
import { Table, TableBody, TableHead, Td, Th } from "@/components/ui/table";
import { type BreakdownCategory, formatChange, formatShare, roundTokens, UNLABELLED } from "@/lib/eval/category-breakdown";
import { breakdownToCsv } from "@/lib/eval/research-csv";
import type { CategoryBreakdown } from "@/lib/schemas/research";
import { BREAKDOWN_TITLE, breakdownSubtitle } from "./category-breakdown-caption";
import { CategoryBreakdownChart } from "./category-breakdown-chart";
import { categoryColor, categoryLabel } from "./category-colors";
import { Notice } from "@/components/ui/notice";

const SOURCES = [
  { value: "all", label: "All pairs" },
  { value: "gold", label: "Gold spans" },
  { value: "judge", label: "LLM-judge suggestions" },
  { value: "model", label: "Model predictions" },
  { value: "none", label: "No categories" },
] as const;
type SourceChoice = (typeof SOURCES)[number]["value"];

/**
 * The category breakdown as bars (share of input tokens, hatched-light, beside the share of kept tokens, solid, in each
 * category's workspace colour; the exports carry title, dataset, pairs, axis and legend) and a table with the tokens,
 * shares and change; the source switch shows which figures come from gold, judge or model labels. Every bar and row
 * opens the pairs behind it.
 */
export function CategoryBreakdownView({
  breakdown,
  pairsQuery,
  datasetName,
}: {
  breakdown: CategoryBreakdown;
  pairsQuery: string;
  /** The filtered dataset's name, for the exported figure (none: every dataset). */
  datasetName?: string | null;
}) {
  const router = useRouter();
  const [source, setSource] = useState<SourceChoice>("all");
  const part = source === "all" ? breakdown.all : breakdown.bySource[source];
  const rows = useMemo(() => part.rows.filter((r) => r.tokensIn > 0 || r.tokensOut > 0), [part]);
  const hrefOf = (c: BreakdownCategory) => `/research/categories/pairs?${pairsQuery}${pairsQuery ? "&" : ""}category=${c}`;
  const chartData = rows.map((r) => ({ category: r.category, label: categoryLabel(r.category), in: r.shareIn, out: r.shareOut, change: r.change }));
  const present = SOURCES.filter((s) => s.value === "all" || breakdown.bySource[s.value].pairs > 0);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2 text-sm" role="radiogroup" aria-label="Category source" data-testid="categories-source">
        <span className="font-medium text-slate-700">Categories from</span>
        {present.map((s) => (
          <button
            key={s.value}
            type="button"
            role="radio"
            aria-checked={source === s.value}
            onClick={() => setSource(s.value)}
            className={`rounded-md border px-2.5 py-1 text-xs ${source === s.value ? "border-blue-700 bg-blue-700 text-white" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"}`}
            data-testid={`categories-source-${s.value}`}
          >
            {s.label} ({(s.value === "all" ? breakdown.all.pairs : breakdown.bySource[s.value].pairs).toLocaleString("en")})
          </button>
        ))}
      </div>
      <p className="text-xs text-slate-600" data-testid="categories-sources-note">
        Sources: {breakdown.bySource.gold.pairs} pair(s) labelled by gold spans, {breakdown.bySource.judge.pairs} by LLM-judge suggestions,{" "}
        {breakdown.bySource.model.pairs} by the model’s category predictions{breakdown.categoryModel ? ` (${breakdown.categoryModel})` : ""},{" "}
        {breakdown.bySource.none.pairs} without categories (all “unlabelled”).
      </p>

      {part.pairs === 0 || part.totalIn === 0 ? (
        <Notice testId="categories-empty">No tokens to break down for this choice.</Notice>
      ) : (
        <ChartFrame
          title={`${BREAKDOWN_TITLE} (pages hatched and light, snippets solid)`}
          name={`category-breakdown-${source}`}
          csv={() => breakdownToCsv([{ source, rows: part.rows }])}
          testId="categories-chart"
        >
          <CategoryBreakdownChart
            bars={chartData}
            subtitle={breakdownSubtitle({ breakdown, datasetName, pairs: part.pairs, source })}
            onOpen={(c) => router.push(hrefOf(c))}
          />
        </ChartFrame>
      )}

      <Table data-testid="categories-table">
        <TableHead>
          <Th>Category</Th>
          <Th align="right">Tokens in pages</Th>
          <Th align="right">Share in pages</Th>
          <Th align="right">Tokens in snippets</Th>
          <Th align="right">Share in snippets</Th>
          <Th align="right">Change of share</Th>
        </TableHead>
        <TableBody>
          {part.rows.map((r) => (
            <tr key={r.category} data-testid="categories-row" data-category={r.category}>
              <Td>
                <Link
                  href={hrefOf(r.category)}
                  className="inline-flex items-center gap-2 font-medium text-blue-800 hover:underline"
                  data-testid="categories-row-link"
                >
                  <span className="inline-block h-3 w-3 rounded-sm" style={{ backgroundColor: categoryColor(r.category) }} aria-hidden="true" />
                  {categoryLabel(r.category)}
                </Link>
              </Td>
              <Td align="right" data-testid="cell-tokens-in">
                {roundTokens(r.tokensIn)}
              </Td>
              <Td align="right" data-testid="cell-share-in">
                {formatShare(r.shareIn)}
              </Td>
              <Td align="right" data-testid="cell-tokens-out">
                {roundTokens(r.tokensOut)}
              </Td>
              <Td align="right" data-testid="cell-share-out">
                {formatShare(r.shareOut)}
              </Td>
              <Td align="right" data-testid="cell-change">
                {formatChange(r.change)}
              </Td>
            </tr>
          ))}
        </TableBody>
      </Table>
      <p className="text-xs text-slate-500">
        Tokens are the downstream LLM’s tokens of each sentence, split over its characters’ categories; a character under spans of two categories
        counts for the first in the legend’s order; “{categoryLabel(UNLABELLED)}” is text no span covers. Snippets by {breakdown.method}. Computed in{" "}
        {breakdown.timings.loadMs + breakdown.timings.computeMs} ms.
      </p>
    </div>
  );
}
