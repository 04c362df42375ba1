import Link from "next/link";
import { Card } from "@/components/ui/card";
import { Table, TableBody, TableHead, Td, Th } from "@/components/ui/table";
import type { JudgeEvalConfigResult } from "@/lib/schemas/judge";
import { ConfigLabel, formatScore } from "./config-label";

/** The most the page lists per configuration (the report may hold more; the JSON export has them all). */
const SHOWN = 10;

/**
 * Per configuration, the pairs where judge and gold disagree most (lowest token F1 first, then most tokens apart),
 * each opening the workspace, where the gold and judge layers can be compared in place.
 */
export function WorstPairs({ configs }: { configs: readonly JudgeEvalConfigResult[] }) {
  return (
    <section className="space-y-2" aria-labelledby="judge-eval-worst-title">
      <h2 id="judge-eval-worst-title" className="text-lg font-semibold">
        Pairs where judge and gold disagree most
      </h2>
      <div className="space-y-4">
        {configs.map((c, i) => (
          <Card key={c.key} padding="sm" className="space-y-2" data-testid={`judge-eval-worst-${i}`} data-config={c.key}>
            <h3 className="text-sm">
              <ConfigLabel config={c} pairs={c.pairs} />
            </h3>
            {c.worstPairs.length === 0 ? (
              <p className="text-sm text-slate-600">This configuration judged none of the gold pairs.</p>
            ) : (
              <WorstPairsTable rows={c.worstPairs.slice(0, SHOWN)} />
            )}
          </Card>
        ))}
      </div>
    </section>
  );
}

function WorstPairsTable({ rows }: { rows: JudgeEvalConfigResult["worstPairs"] }) {
  return (
    <Table>
      <TableHead>
        <Th>Query</Th>
        <Th align="right">Token F1</Th>
        <Th align="right">Span F1</Th>
        <Th align="right">Gold spans</Th>
        <Th align="right">Judge spans</Th>
        <Th align="right" title="Tokens whose categories differ between judge and gold">
          Tokens apart
        </Th>
      </TableHead>
      <TableBody>
        {rows.map((p) => (
          <tr key={p.pairId} data-testid="judge-eval-worst-row" data-pair-id={p.pairId}>
            <Td className="max-w-md">
              <Link href={`/pairs/${encodeURIComponent(p.pairId)}`} className="text-blue-800 hover:underline" data-testid="judge-eval-worst-link">
                {p.query || p.pairId}
              </Link>
            </Td>
            <Td align="right">{formatScore(p.tokenF1)}</Td>
            <Td align="right">{formatScore(p.spanF1)}</Td>
            <Td align="right">{p.goldSpans.toLocaleString("en")}</Td>
            <Td align="right">{p.judgeSpans.toLocaleString("en")}</Td>
            <Td align="right">{p.disagreeingTokens.toLocaleString("en")}</Td>
          </tr>
        ))}
      </TableBody>
    </Table>
  );
}
