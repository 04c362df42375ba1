"use client";

import Link from "next/link";
import { Button } from "@/components/ui/button";
import { FormMessage } from "@/components/ui/field";
import { Table, TableBody, TableHead, Td, Th } from "@/components/ui/table";
import { formatSetting } from "@/lib/eval/frontier";
import { toCsv } from "@/lib/eval/research-csv";
import type { FrontierPairsResponse } from "@/lib/schemas/research";
import type { FrontierChartPoint } from "./frontier-chart";

/** The workspace at a point's setting: its threshold with no budget, or its budget at threshold 0. */
function workspaceHref(pairId: string, point: FrontierChartPoint): string {
  // The oracle exists in evaluation only: its pairs open with the default model at the point's setting.
  const qs = new URLSearchParams(point.method === "oracle" ? {} : { method: point.method });
  if (point.setting.kind === "threshold") {
    qs.set("threshold", String(point.setting.value));
    qs.set("budget", "unlimited");
  } else {
    qs.set("threshold", "0");
    qs.set("budget", String(point.setting.value));
  }
  return `/pairs/${encodeURIComponent(pairId)}?${qs}`;
}

/** The pairs behind a clicked frontier point, the most evidence lost first, each opening the workspace at that setting. */
export function FrontierPairs({
  selected,
  pairs,
  loading,
  error,
}: {
  selected: FrontierChartPoint;
  pairs: FrontierPairsResponse | null;
  loading: boolean;
  error: string | null;
}) {
  return (
    <section className="space-y-2" data-testid="frontier-pairs">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="mr-auto text-sm font-semibold text-slate-900">
          Pairs behind {selected.label} at {formatSetting(selected.setting)}, the most evidence lost first
        </h2>
        {pairs && (
          <Button
            variant="secondary"
            size="xs"
            data-testid="frontier-pairs-csv"
            onClick={() =>
              void import("@/components/charts/chart-export").then(({ downloadCsv }) =>
                downloadCsv(
                  toCsv(
                    ["pairId", "query", "evidenceTotal", "evidenceKept", "evidenceLost", "tokensIn", "tokensOut"],
                    pairs.pairs.map((r) => [r.pairId, r.query, r.evidenceTotal, r.evidenceKept, r.evidenceLost, r.tokensIn, r.tokensOut]),
                  ),
                  "frontier-pairs.csv",
                ),
              )
            }
          >
            CSV
          </Button>
        )}
      </div>
      {loading && <p className="text-sm text-slate-500">Loading…</p>}
      {error && <FormMessage tone="error">{error}</FormMessage>}
      {pairs && (
        <Table>
          <TableHead>
            <Th>Query</Th>
            <Th align="right">Evidence kept</Th>
            <Th align="right">Lost</Th>
            <Th align="right">Tokens out / in</Th>
          </TableHead>
          <TableBody>
            {pairs.pairs.length === 0 && (
              <tr>
                <td colSpan={4} className="px-3 py-6 text-center text-slate-500">
                  No pair has cached scores of this method{pairs.unscored ? ` (${pairs.unscored} unscored)` : ""}.
                </td>
              </tr>
            )}
            {pairs.pairs.map((r) => (
              <tr key={r.pairId} data-testid="frontier-pair-row" data-pair-id={r.pairId}>
                <Td className="max-w-lg">
                  <Link
                    href={workspaceHref(r.pairId, selected)}
                    className="font-medium text-blue-800 hover:underline"
                    data-testid="frontier-pair-link"
                  >
                    {r.query}
                  </Link>
                </Td>
                <Td align="right">
                  {r.evidenceKept} of {r.evidenceTotal}
                </Td>
                <Td align="right">{r.evidenceLost}</Td>
                <Td align="right">
                  {r.tokensOut.toLocaleString("en")} / {r.tokensIn.toLocaleString("en")}
                </Td>
              </tr>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
