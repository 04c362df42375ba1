import { CATEGORY_META, SPAN_CATEGORIES } from "@/lib/spans/categories";
import type { DatasetAgreement } from "@/lib/schemas/agreement";
import { Table, TableBody, TableHead, Th, Td } from "@/components/ui/table";

const f = (v: number | null | undefined) => (v === null || v === undefined ? "—" : v.toFixed(3));

/** Per-category agreement of a dataset: mean pairwise and pooled char F1, pooled and mean token kappa. */
export function AgreementTable({ agreement }: { agreement: DatasetAgreement }) {
  const { pooled, mean } = agreement;
  const rows = [
    ...SPAN_CATEGORIES.map((c) => ({
      key: c,
      label: CATEGORY_META[c].label,
      color: CATEGORY_META[c].color,
      p: pooled.perCategory[c],
      m: mean.perCategory[c],
    })),
    { key: "micro", label: "All categories (micro / pooled)", color: "#94A3B8", p: pooled.micro, m: mean.micro },
  ];
  return (
    <Table data-testid="agreement-table">
      <TableHead>
        <Th>Category</Th>
        <Th align="right" title="Mean of the char F1 of every annotator pair on every pair">
          Char F1 (pairwise mean)
        </Th>
        <Th align="right" title="F1 from character counts summed over all comparisons">
          Char F1 (pooled)
        </Th>
        <Th align="right" title="Cohen's kappa from token confusion tables summed over all comparisons">
          Token κ (pooled)
        </Th>
        <Th align="right" title="Mean of the kappa of every comparison (degenerate ones skipped)">
          Token κ (pairwise mean)
        </Th>
        <Th align="right">Comparisons with a value</Th>
      </TableHead>
      <TableBody className="tabular-nums">
        {rows.map((r) => (
          <tr key={r.key} data-testid="agreement-category-row" data-category={r.key} className={r.key === "micro" ? "font-medium" : undefined}>
            <Td style={{ borderLeft: `4px solid ${r.color}` }}>{r.label}</Td>
            <Td align="right" data-testid="agreement-f1-mean">
              {f(r.m.charF1.mean)}
            </Td>
            <Td align="right">{f(r.p.chars.f1)}</Td>
            <Td align="right" data-testid="agreement-kappa">
              {r.p.tokens.degenerate ? "n/a" : f(r.p.tokens.kappa)}
            </Td>
            <Td align="right">{f(r.m.kappa.mean)}</Td>
            <Td align="right" className="text-slate-600">
              {r.m.charF1.count} / {agreement.mean.comparisons}
            </Td>
          </tr>
        ))}
      </TableBody>
    </Table>
  );
}
