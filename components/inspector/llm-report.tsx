import type { CompressResponse } from "@/lib/schemas/compress";
import { Card, CardTitle } from "@/components/ui/card";
import { fidelitySummary } from "./fidelity-summary";

/**
 * What an LLM method returned and cost (llm-extract, hybrid), and the fidelity check of the output, both at the
 * setting the page was compressed with (moving the slider re-selects in the browser; these stay the server's).
 */
export function LlmReport({ llm, fidelity }: Pick<CompressResponse, "llm" | "fidelity">) {
  if (!llm && !fidelity) return null;
  const flagged = llm?.extracts.filter((e) => e.reason) ?? [];
  return (
    <Card as="aside" data-testid="llm-report">
      <CardTitle className="mb-2">{llm ? `LLM · ${llm.model}` : "Fidelity"}</CardTitle>
      {llm && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-slate-700">
          <dt>Requests</dt>
          <dd data-testid="llm-requests">
            {llm.requests} sent, {llm.cachedRequests} from the cache
          </dd>
          <dt>Tokens</dt>
          <dd data-testid="llm-tokens">
            {llm.promptTokens.toLocaleString("en")} prompt + {llm.completionTokens.toLocaleString("en")} completion
          </dd>
          {llm.filter && (
            <>
              <dt>Filter</dt>
              <dd>
                {llm.filter}: {llm.passedUnits} of {llm.totalUnits} sentences passed to the LLM
              </dd>
            </>
          )}
          <dt>Extracts</dt>
          <dd data-testid="llm-extracts">
            {llm.extracts.length - flagged.length} matched back to the source, {flagged.length} flagged
          </dd>
        </dl>
      )}
      {flagged.length > 0 && (
        <ul className="mt-2 space-y-1 text-xs text-amber-900" data-testid="llm-flagged">
          {flagged.map((e, i) => (
            <li key={i}>
              “{e.text.length > 120 ? `${e.text.slice(0, 117)}…` : e.text}” — {e.reason}
            </li>
          ))}
        </ul>
      )}
      {fidelity && (
        <p className={`mt-2 text-xs ${fidelity.violations.length ? "text-red-800" : "text-slate-600"}`} data-testid="fidelity-summary">
          Fidelity: {fidelitySummary(fidelity)}
        </p>
      )}
      {fidelity && fidelity.violations.length > 0 && (
        <ul className="mt-1 space-y-1 text-xs text-red-800" data-testid="fidelity-violations">
          {fidelity.violations.map((v, i) => (
            <li key={i}>
              <span className="font-medium">{v.kind}</span>: {v.message}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
