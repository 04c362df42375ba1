import { CATEGORY_META, SPAN_CATEGORIES } from "@/lib/spans/categories";
import type { DatasetAgreement } from "@/lib/server/db/agreement/compute-dataset-agreement";

const f = (v: number | null | undefined) => (v === null || v === undefined ? "—" : v.toFixed(3));

/** Per-category agreement of a dataset: mean pairwise and pooled char F1, pooled and mean token kappa. */
export function AgreementTable({ agreement }: { agreement: DatasetAgreement }) {
  const { pooled, mean } = agreement;
  const rows = [
    ...SPAN_CATEGORIES.map((c) => ({ key: c, label: CATEGORY_META[c].label, color: CATEGORY_META[c].color, p: pooled.perCategory[c], m: mean.perCategory[c] })),
    { key: "micro", label: "All categories (micro / pooled)", color: "#94A3B8", p: pooled.micro, m: mean.micro },
  ];
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="agreement-table">
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            <th className="px-3 py-2">Category</th>
            <th className="px-3 py-2 text-right" title="Mean of the char F1 of every annotator pair on every pair">
              Char F1 (pairwise mean)
            </th>
            <th className="px-3 py-2 text-right" title="F1 from character counts summed over all comparisons">
              Char F1 (pooled)
            </th>
            <th className="px-3 py-2 text-right" title="Cohen's kappa from token confusion tables summed over all comparisons">
              Token κ (pooled)
            </th>
            <th className="px-3 py-2 text-right" title="Mean of the kappa of every comparison (degenerate ones skipped)">
              Token κ (pairwise mean)
            </th>
            <th className="px-3 py-2 text-right">Comparisons with a value</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 tabular-nums">
          {rows.map((r) => (
            <tr key={r.key} data-testid="agreement-category-row" data-category={r.key} className={r.key === "micro" ? "font-medium" : undefined}>
              <td className="px-3 py-2" style={{ borderLeft: `4px solid ${r.color}` }}>
                {r.label}
              </td>
              <td className="px-3 py-2 text-right" data-testid="agreement-f1-mean">
                {f(r.m.charF1.mean)}
              </td>
              <td className="px-3 py-2 text-right">{f(r.p.chars.f1)}</td>
              <td className="px-3 py-2 text-right" data-testid="agreement-kappa">
                {r.p.tokens.degenerate ? "n/a" : f(r.p.tokens.kappa)}
              </td>
              <td className="px-3 py-2 text-right">{f(r.m.kappa.mean)}</td>
              <td className="px-3 py-2 text-right text-slate-600">
                {r.m.charF1.count} / {agreement.mean.comparisons}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
