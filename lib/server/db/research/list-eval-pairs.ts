import "server-only";
import type { Block } from "@/lib/text/types";
import { zSpanCategory, type SpanCategory } from "../../../schemas/enums";
import { type Db, getDb } from "../client";

export type EvalPairDocument = {
  id: string;
  text: string;
  blocks: Block[];
  title: string | null;
  url: string | null;
  lang: string | null;
  contentHash: string;
};

export type EvalPairSpan = { documentId: string; start: number; end: number; category: SpanCategory };

/** A stored pair as the research views read it: query, documents in result order, live gold spans, judge suggestions. */
export type EvalPair = {
  id: string;
  datasetId: string;
  externalId: string | null;
  createdAt: Date;
  query: string;
  documents: EvalPairDocument[];
  gold: EvalPairSpan[];
  /** LLM-judge suggestions (only with `withJudge`). */
  judge: EvalPairSpan[];
};

export type ListEvalPairsOptions = {
  datasetId?: string;
  /** Only pairs with live gold spans (a sweep's pairs). */
  onlyGold?: boolean;
  withJudge?: boolean;
  pairIds?: readonly string[];
  createdFrom?: Date;
  createdTo?: Date;
  /** Only pairs with a document whose URL contains this (the caller checks the host exactly). */
  urlContains?: string;
  db?: Db;
};

const GOLD = { source: "gold", annotationId: null, deletedAt: null } as const;

/** Ids per IN list: SQLite through Prisma's adapter takes at most 999 parameters a query. */
const CHUNK = 900;

function chunks<T>(xs: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += CHUNK) out.push(xs.slice(i, i + CHUNK));
  return out;
}

/**
 * Stored documents by id, kept in memory: documents never change (spans point into them) and ids are not reused, so
 * a research view over thousands of pairs reads their texts once per process. Bounded by characters held.
 */
const MAX_CHARS = 64_000_000;
type DocumentRow = Omit<EvalPairDocument, "blocks"> & { blocksJson: string };
const documentCache = ((globalThis as { __snippetLabEvalDocuments?: { rows: Map<string, DocumentRow>; chars: number } }).__snippetLabEvalDocuments ??=
  {
    rows: new Map(),
    chars: 0,
  });

function rememberDocument(row: DocumentRow): void {
  if (documentCache.rows.has(row.id)) return;
  documentCache.rows.set(row.id, row);
  documentCache.chars += row.text.length + row.blocksJson.length;
  for (const [id, old] of documentCache.rows) {
    if (documentCache.chars <= MAX_CHARS) break;
    documentCache.rows.delete(id);
    documentCache.chars -= old.text.length + old.blocksJson.length;
  }
}

/** Blocks are parsed on first use (a prepared document from the cache never needs them). */
function toDocument({ blocksJson, ...d }: DocumentRow): EvalPairDocument {
  let blocks: Block[] | undefined;
  return {
    ...d,
    get blocks() {
      return (blocks ??= JSON.parse(blocksJson) as Block[]);
    },
  };
}

/**
 * Pairs in id order (the order gold exports use). Flat queries — pairs, then their links, gold spans and judge
 * suggestions (joined on the pair filter, or by id lists for `pairIds`), documents not read before, queries — instead
 * of one nested read: ten thousand pairs load in a fraction of the time.
 */
export async function listEvalPairs(options: ListEvalPairsOptions): Promise<EvalPair[]> {
  const { db = getDb(), datasetId, onlyGold, withJudge, pairIds, createdFrom, createdTo, urlContains } = options;
  const where = {
    ...(datasetId ? { datasetId } : {}),
    ...(onlyGold ? { spans: { some: GOLD } } : {}),
    ...(createdFrom || createdTo ? { createdAt: { ...(createdFrom ? { gte: createdFrom } : {}), ...(createdTo ? { lte: createdTo } : {}) } } : {}),
    ...(urlContains ? { documents: { some: { document: { url: { contains: urlContains } } } } } : {}),
  };
  const select = { id: true, datasetId: true, externalId: true, createdAt: true, queryId: true } as const;
  const pairs = pairIds
    ? (await Promise.all(chunks(pairIds).map((ids) => db.pair.findMany({ where: { ...where, id: { in: ids } }, select }))))
        .flat()
        .sort((a, b) => (a.id < b.id ? -1 : 1))
    : await db.pair.findMany({ where, orderBy: { id: "asc" }, select });
  if (pairs.length === 0) return [];

  const links = new Map<string, { position: number; documentId: string }[]>();
  const gold = new Map<string, EvalPairSpan[]>();
  const judge = new Map<string, EvalPairSpan[]>();
  const push = <T>(m: Map<string, T[]>, k: string, v: T) => {
    const list = m.get(k);
    if (list) list.push(v);
    else m.set(k, [v]);
  };
  const spanSelect = { pairId: true, documentId: true, start: true, end: true, category: true } as const;
  // Without an id list the pair filter itself selects the rows: one joined query each, no IN lists.
  const parts: { pairId?: { in: string[] }; pair?: typeof where }[] = pairIds
    ? chunks(pairs.map((p) => p.id)).map((ids) => ({ pairId: { in: ids } }))
    : [Object.keys(where).length > 0 ? { pair: where } : {}];
  for (const part of parts) {
    const [l, g, j] = await Promise.all([
      db.pairDocument.findMany({ where: part, select: { pairId: true, position: true, documentId: true } }),
      db.span.findMany({ where: { ...GOLD, ...part }, select: spanSelect }),
      withJudge ? db.suggestion.findMany({ where: { source: "judge", ...part }, select: spanSelect }) : Promise.resolve([]),
    ]);
    for (const x of l) push(links, x.pairId, x);
    for (const { pairId, ...x } of g) push(gold, pairId, { ...x, category: zSpanCategory.parse(x.category) });
    for (const { pairId, ...x } of j) push(judge, pairId, { ...x, category: zSpanCategory.parse(x.category) });
  }

  const documentIds = [...new Set([...links.values()].flat().map((l) => l.documentId))];
  const documents = new Map<string, EvalPairDocument>();
  const missing: string[] = [];
  for (const id of documentIds) {
    const row = documentCache.rows.get(id);
    if (row) documents.set(id, toDocument(row));
    else missing.push(id);
  }
  const documentSelect = { id: true, text: true, blocksJson: true, title: true, url: true, lang: true, contentHash: true } as const;
  for (const part of chunks(missing)) {
    for (const row of await db.document.findMany({ where: { id: { in: part } }, select: documentSelect })) {
      rememberDocument(row);
      documents.set(row.id, toDocument(row));
    }
  }
  const queries = new Map<string, string>();
  for (const part of chunks([...new Set(pairs.map((p) => p.queryId))])) {
    for (const q of await db.query.findMany({ where: { id: { in: part } }, select: { id: true, text: true } })) queries.set(q.id, q.text);
  }

  // Links, spans and suggestions of pairs created after the pair read are not in `pairs` and are left out.
  return pairs.map((p) => ({
    id: p.id,
    datasetId: p.datasetId,
    externalId: p.externalId,
    createdAt: p.createdAt,
    query: queries.get(p.queryId) ?? "",
    documents: (links.get(p.id) ?? [])
      .sort((a, b) => a.position - b.position)
      .flatMap((l) => {
        const d = documents.get(l.documentId);
        return d ? [d] : [];
      }),
    gold: gold.get(p.id) ?? [],
    judge: judge.get(p.id) ?? [],
  }));
}

/** How many pairs of a dataset have live gold spans, and how many pairs it has. */
export async function countGoldPairs({ datasetId, db = getDb() }: { datasetId: string; db?: Db }): Promise<{ pairs: number; gold: number }> {
  const [pairs, gold] = await Promise.all([db.pair.count({ where: { datasetId } }), db.pair.count({ where: { datasetId, spans: { some: GOLD } } })]);
  return { pairs, gold };
}
