import "server-only";
import { type Db, getDb } from "../client";

export type DatasetSummary = {
  id: string;
  name: string;
  description: string | null;
  createdAt: Date;
  pairs: number;
  documents: number;
  /** Pairs with live gold spans (adjudicated or imported gold). */
  goldPairs: number;
  /** Live gold spans. */
  goldSpans: number;
  /** Blind annotation (lib/auth/policy.ts isBlindedFor): annotators get no gold or others' spans before submitting. */
  blindAnnotation: boolean;
  /** Whether blinded annotators see the model's and the judge's pre-annotation (canSeePredictions). */
  showPredictions: boolean;
};

export type ListDatasetsOptions = { db?: Db };

/** The columns and counts every dataset read shows, and their row → summary fields. */
export const DATASET_SELECT = {
  id: true,
  name: true,
  description: true,
  createdAt: true,
  blindAnnotation: true,
  showPredictions: true,
  _count: { select: { pairs: true, documents: true } },
} as const;

type DatasetRow = {
  id: string;
  name: string;
  description: string | null;
  createdAt: Date;
  blindAnnotation: boolean;
  showPredictions: boolean;
  _count: { pairs: number; documents: number };
};

export function toDatasetFields(
  d: DatasetRow,
): Pick<DatasetSummary, "id" | "name" | "description" | "createdAt" | "pairs" | "documents" | "blindAnnotation" | "showPredictions"> {
  return {
    id: d.id,
    name: d.name,
    description: d.description,
    createdAt: d.createdAt,
    pairs: d._count.pairs,
    documents: d._count.documents,
    blindAnnotation: d.blindAnnotation,
    showPredictions: d.showPredictions,
  };
}

/** Every dataset (by name) with pair, document and gold counts: grouped counts. */
export async function listDatasets({ db = getDb() }: ListDatasetsOptions = {}): Promise<DatasetSummary[]> {
  const datasets = await db.dataset.findMany({
    orderBy: { name: "asc" },
    select: DATASET_SELECT,
  });
  const goldPairs = await db.pair.groupBy({
    by: ["datasetId"],
    // Gold: spans, or the decision that nothing is vital (an unanswerable query is gold too).
    where: { OR: [{ goldNoVital: true }, { spans: { some: { source: "gold", deletedAt: null } } }] },
    _count: { _all: true },
  });
  const pairsBy = new Map(goldPairs.map((g) => [g.datasetId, g._count._all]));
  // Span has no datasetId: one count per dataset (there are few datasets; spans can be many, so no row scan here).
  const spansBy = new Map<string, number>();
  for (const d of datasets) {
    if (!pairsBy.get(d.id)) continue;
    spansBy.set(d.id, await db.span.count({ where: { source: "gold", deletedAt: null, pair: { datasetId: d.id } } }));
  }
  return datasets.map((d) => ({
    ...toDatasetFields(d),
    goldPairs: pairsBy.get(d.id) ?? 0,
    goldSpans: spansBy.get(d.id) ?? 0,
  }));
}
