import { Table, TableBody, TableHead, Td, Th } from "@/components/ui/table";
import { MATCH_OUTCOMES, matchRates } from "@/lib/judge/match-stats";
import type { JudgeEvalConfigResult } from "@/lib/schemas/judge";
import { ConfigLabel, formatPercent } from "./config-label";

const STEP_TEXT: Record<(typeof MATCH_OUTCOMES)[number], string> = {
  exact: "Quote found verbatim",
  normalized: "Found after normalizing case, whitespace, quote marks, dashes, ellipses and Unicode forms",
  regex: "The quote's words in order, any whitespace or punctuation between them",
  fuzzy: "Token-level fuzzy alignment: a word changed, added or left out",
  unmatched: "No step located the quote: left out of the spans (and of these figures)",
};

/**
 * How each configuration's quotes were located in the documents: the share matched at each step, tried in order, and
 * the quotes no step located. A judge that paraphrases shows here before it shows in its F1.
 */
export function MatchRatesTable({ configs }: { configs: readonly JudgeEvalConfigResult[] }) {
  return (
    <section className="space-y-2" aria-labelledby="judge-eval-matches-title">
      <h2 id="judge-eval-matches-title" className="text-lg font-semibold">
        Quotes matched back to the text
      </h2>
      <Table data-testid="judge-eval-matches">
        <TableHead>
          <Th>Configuration</Th>
          {MATCH_OUTCOMES.map((k) => (
            <Th key={k} align="right" title={STEP_TEXT[k]}>
              {k}
            </Th>
          ))}
          <Th align="right">Quotes</Th>
        </TableHead>
        <TableBody>
          {configs.map((c) => {
            const { quotes, share } = matchRates(c.matches);
            return (
              <tr key={c.key} data-testid="judge-eval-matches-row" data-config={c.key}>
                <Td>
                  <ConfigLabel config={c} />
                </Td>
                {MATCH_OUTCOMES.map((k) => (
                  <Td key={k} align="right" title={`${c.matches[k].toLocaleString("en")} quote(s)`} data-testid={`cell-${k}`}>
                    {formatPercent(share[k])}
                  </Td>
                ))}
                <Td align="right" data-testid="cell-quotes">
                  {quotes.toLocaleString("en")}
                </Td>
              </tr>
            );
          })}
        </TableBody>
      </Table>
      <p className="text-xs text-slate-500">
        Steps are tried in this order; each quote counts at the first step that locates it. Over the gold pairs each configuration judged.
      </p>
    </section>
  );
}
