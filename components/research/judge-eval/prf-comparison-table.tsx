import { Table, TableBody, Td, Th } from "@/components/ui/table";
import type { Prf } from "@/lib/judge/evaluate-judge";
import type { JudgeEvalConfigResult } from "@/lib/schemas/judge";
import { CATEGORY_META, SPAN_CATEGORIES, type SpanCategory } from "@/lib/spans/categories";
import { ConfigLabel, formatScore } from "./config-label";

type Level = "span" | "token";
const ROWS = [...SPAN_CATEGORIES, "all"] as const;

const LEVEL_TEXT: Record<Level, { title: string; note: (iou: number) => string }> = {
  span: {
    title: "Span level",
    note: (iou) => `A judge span is right when it matches a gold span of the same document and category one to one with character IoU ≥ ${iou}.`,
  },
  token: {
    title: "Token level",
    note: () => "Each word token carries every category whose spans overlap it; each (token, category) counts once.",
  },
};

/** The best F1 of a row, to mark it when several configurations are compared (ties all marked). */
function bestF1(cells: readonly Prf[]): number | null {
  const f1s = cells.map((c) => c.f1).filter((f): f is number => f !== null);
  return cells.length > 1 && f1s.length > 0 ? Math.max(...f1s) : null;
}

function CategoryCell({ category }: { category: SpanCategory | "all" }) {
  if (category === "all") return <span className="font-semibold">All categories (micro)</span>;
  return (
    <span className="inline-flex items-center gap-2">
      <span className="inline-block h-3 w-3 rounded-sm" style={{ backgroundColor: CATEGORY_META[category].color }} aria-hidden="true" />
      {CATEGORY_META[category].label}
    </span>
  );
}

/**
 * One level's precision, recall and F1 per category (rows) for each judge configuration (three columns each), side
 * by side; a cell's title has its tp / fp / fn. The micro row over all categories comes last.
 */
export function PrfComparisonTable({ level, configs, spanIou }: { level: Level; configs: readonly JudgeEvalConfigResult[]; spanIou: number }) {
  const text = LEVEL_TEXT[level];
  return (
    <section className="space-y-2" aria-labelledby={`judge-eval-${level}-title`}>
      <h2 id={`judge-eval-${level}-title`} className="text-lg font-semibold">
        {text.title}
      </h2>
      <Table data-testid={`judge-eval-${level}-table`}>
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            <Th rowSpan={2} className="align-bottom">
              Category
            </Th>
            {configs.map((c, i) => (
              <Th key={c.key} colSpan={3} className="border-l border-slate-200" data-testid={`judge-eval-config-${i}`} data-config={c.key}>
                <ConfigLabel config={c} pairs={c.pairs} />
              </Th>
            ))}
          </tr>
          <tr>
            {configs.map((c) => (
              <PrfHeads key={c.key} />
            ))}
          </tr>
        </thead>
        <TableBody>
          {ROWS.map((category) => {
            const cells = configs.map((c) => c[level][category]);
            const best = bestF1(cells);
            return (
              <tr key={category} className={category === "all" ? "bg-slate-50" : undefined} data-testid="judge-eval-row" data-category={category}>
                <Td>
                  <CategoryCell category={category} />
                </Td>
                {cells.map((p, i) => (
                  <PrfCells key={configs[i]!.key} prf={p} best={best !== null && p.f1 === best} />
                ))}
              </tr>
            );
          })}
        </TableBody>
      </Table>
      <p className="text-xs text-slate-500">
        {text.note(spanIou)} “—”: undefined (precision: the judge labelled nothing of this category; recall: neither did the gold). A cell’s tooltip
        has its tp / fp / fn.
      </p>
    </section>
  );
}

function PrfHeads() {
  return (
    <>
      <Th align="right" className="border-l border-slate-200" title="Precision">
        P
      </Th>
      <Th align="right" title="Recall">
        R
      </Th>
      <Th align="right" title="F1">
        F1
      </Th>
    </>
  );
}

function PrfCells({ prf, best }: { prf: Prf; best: boolean }) {
  const title = `tp ${prf.tp} · fp ${prf.fp} · fn ${prf.fn}`;
  return (
    <>
      <Td align="right" className="border-l border-slate-100" title={title} data-testid="cell-precision">
        {formatScore(prf.precision)}
      </Td>
      <Td align="right" title={title} data-testid="cell-recall">
        {formatScore(prf.recall)}
      </Td>
      <Td
        align="right"
        title={best ? `${title} · the best F1 of the row` : title}
        className={best ? "font-semibold text-green-800" : undefined}
        data-testid="cell-f1"
        data-best={best || undefined}
      >
        {formatScore(prf.f1)}
      </Td>
    </>
  );
}
