import { SnippetPane } from "@/components/heatmap/snippet-pane";
import type { LiveSelection } from "@/components/heatmap/use-live-selection";
import { CATEGORY_META } from "@/lib/spans/categories";
import type { StoredSpan } from "@/lib/schemas/spans";
import type { PairScoresOut } from "@/lib/schemas/scoring";
import { Card, CardTitle } from "@/components/ui/card";
import { CategorySwatch } from "./category-styles";
import { KEEP_CATEGORY, type GoldKept } from "./gold-kept";

export type SnippetPanelProps = {
  scores: PairScoresOut | null;
  live: LiveSelection | null;
  scoresError: string | null;
  titles: string[];
  onSelect: (index: number) => void;
  goldKept: GoldKept | null;
  goldKeptLabel: string | null;
  droppedGold: readonly StoredSpan[];
  /** The gold layer is hidden: say where the dropped spans would show. */
  goldLayerHidden: boolean;
};

/** The live snippet, and how many vital gold spans the current threshold and budget keep (the dropped ones listed). */
export function SnippetPanel(p: SnippetPanelProps) {
  const { goldKept } = p;
  return (
    <Card>
      <CardTitle className="mb-3">Snippet</CardTitle>
      {goldKept && p.goldKeptLabel && (
        <div
          className={`mb-3 space-y-1 rounded-md px-3 py-2 text-xs ${goldKept.kept < goldKept.total ? "bg-amber-50 text-amber-950" : "bg-green-50 text-green-900"}`}
          data-testid="gold-kept"
          data-kept={goldKept.kept}
          data-total={goldKept.total}
          role="status"
        >
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{p.goldKeptLabel}</span>
            <span className="text-slate-600">
              {CATEGORY_META[KEEP_CATEGORY].label} gold spans; one counts as kept when ≥ 90 % of its characters are in the snippet (the rule of{" "}
              <code>snippet-lab eval</code>).
            </span>
          </p>
          {p.droppedGold.length > 0 && (
            <ul className="space-y-0.5" data-testid="gold-dropped-list">
              {p.droppedGold.map((g) => (
                <li key={g.id} className="flex items-start gap-2" data-testid="gold-dropped" data-gold-id={g.id}>
                  <CategorySwatch category={g.category} layer="gold" goldKept={false} />
                  <span className="min-w-0 flex-1 truncate">
                    dropped: <span className="text-slate-700">&ldquo;{g.text}&rdquo;</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
          {p.goldLayerHidden && p.droppedGold.length > 0 && (
            <p className="text-slate-600">Show the gold layer to see them struck through in the text.</p>
          )}
        </div>
      )}
      {p.scores && p.live ? (
        <SnippetPane data={p.scores} live={p.live} active={-1} onSelect={p.onSelect} titles={p.titles} />
      ) : (
        <p className="text-sm text-slate-500">{p.scoresError ? "No scores." : "Scoring…"}</p>
      )}
    </Card>
  );
}
