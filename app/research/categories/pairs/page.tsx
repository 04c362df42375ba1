import type { Metadata } from "next";
import Link from "next/link";
import { categoryColor, categoryLabel } from "@/components/research/category-colors";
import { CategoryText } from "@/components/research/category-text";
import { Badge } from "@/components/ui/badge";
import { Card, CardTitle } from "@/components/ui/card";
import { roundTokens } from "@/lib/eval/category-breakdown";
import { isAppError } from "@/lib/errors";
import { categoryPairsQuerySchema } from "@/lib/schemas/research";
import { CATEGORY_META, SPAN_CATEGORIES } from "@/lib/spans/categories";
import { requireUser } from "@/lib/server/auth/require-user";
import { computeCategoryBreakdown } from "@/lib/server/research/compute-category-breakdown";
import { PageHeader, TrailLink } from "@/components/ui/page-header";
import { Notice } from "@/components/ui/notice";

export const metadata: Metadata = { title: "Category pairs · Research · Snippet Lab" };
export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
const SOURCE_LABELS = { gold: "gold spans", judge: "LLM-judge suggestions", model: "model predictions", none: "no categories" } as const;

/** The pairs behind one bar of the category breakdown: each uncompressed and compressed, side by side, categories coloured. */
export default async function CategoryPairsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const asked = new URLSearchParams();
  for (const [k, v] of Object.entries(sp)) if (first(v)) asked.set(k, first(v)!);
  await requireUser({ permission: "research:read", next: `/research/categories/pairs?${asked}` });
  const parsed = categoryPairsQuerySchema.safeParse(Object.fromEntries(asked));
  const back = new URLSearchParams(asked);
  back.delete("category");
  back.delete("limit");
  let error: string | null = parsed.success ? null : parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`).join("; ");
  let result = null;
  if (parsed.success) {
    const { category, limit, ...filters } = parsed.data;
    try {
      result = { category, ...(await computeCategoryBreakdown({ filters, pairsOf: { category, limit } })) };
    } catch (e) {
      if (!isAppError(e)) throw e;
      error = e.message;
    }
  }

  return (
    <div className="space-y-6">
      <PageHeader
        trail={
          <TrailLink href={`/research/categories${back.size ? `?${back}` : ""}`} testId="category-pairs-back">
            ← Category breakdown
          </TrailLink>
        }
        title={result ? `${categoryLabel(result.category)}: the pairs behind the bar` : "Pairs behind a category"}
        description={
          result && (
            <>
              The pairs with the most {categoryLabel(result.category).toLowerCase()} tokens first; left the page (kept text outlined), right the
              snippet of {result.breakdown.method}.
            </>
          )
        }
      />
      <ul className="flex flex-wrap gap-3 text-xs text-slate-700" aria-label="Category colours">
        {SPAN_CATEGORIES.map((c) => (
          <li key={c} className="flex items-center gap-1.5">
            <span className="inline-block h-3 w-3 rounded-sm" style={{ backgroundColor: CATEGORY_META[c].color }} aria-hidden="true" />
            {CATEGORY_META[c].label}
          </li>
        ))}
        <li className="flex items-center gap-1.5">
          <span className="inline-block h-3 w-3 rounded-sm" style={{ backgroundColor: categoryColor("unlabelled") }} aria-hidden="true" />
          Unlabelled (no colour in the text)
        </li>
      </ul>
      {error && (
        <Notice tone="error" role="alert">
          {error}
        </Notice>
      )}
      {result && result.pairs.length === 0 && (
        <Notice testId="category-pairs-empty">No pair has {categoryLabel(result.category).toLowerCase()} tokens with these filters.</Notice>
      )}
      {result?.pairs.map((p) => (
        <Card key={p.pairId} className="space-y-3" data-testid="category-pair" data-pair-id={p.pairId}>
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle className="mr-auto">
              <Link href={`/pairs/${encodeURIComponent(p.pairId)}`} className="text-blue-800 hover:underline">
                {p.query}
              </Link>
            </CardTitle>
            <Badge tone="slate">categories from {SOURCE_LABELS[p.source]}</Badge>
            <Badge tone="indigo">
              {categoryLabel(result.category)}: {roundTokens(p.tokensIn)} → {roundTokens(p.tokensOut)} tokens
            </Badge>
          </div>
          {p.documents.map((d) => (
            <div key={d.documentId} className="grid gap-4 border-t border-slate-100 pt-3 lg:grid-cols-2">
              <section aria-label="Uncompressed" className="min-w-0">
                <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Page{d.title ? ` · ${d.title}` : ""}</h3>
                <CategoryText text={d.text} categories={d.categories} kept={d.kept} mode="page" />
              </section>
              <section aria-label="Compressed" className="min-w-0">
                <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Snippet</h3>
                <CategoryText text={d.text} categories={d.categories} kept={d.kept} mode="snippet" />
              </section>
            </div>
          ))}
        </Card>
      ))}
    </div>
  );
}
