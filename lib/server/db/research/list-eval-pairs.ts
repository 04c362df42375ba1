import "server-only";
import type { Block } from "@/lib/text/types";
import { SPAN_CATEGORIES, type SpanCategory } from "../../../schemas/enums";
import { AppError } from "@/lib/errors";
import { processCache } from "../../process-cache";
import { type Db, getDb } from "../client";
import { Prisma } from "../generated/client";
import { idChunks, inList, selectJsonRows } from "../select-json-rows";

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
  query: string;
  documents: EvalPairDocument[];
  gold: EvalPairSpan[];
  /** LLM-judge suggestions (only with `withJudge`). */
  judge: EvalPairSpan[];
};

/** A document without its text and blocks (a category breakdown from stored units and unit scores needs neither). */
export type EvalPairDocumentHead = Omit<EvalPairDocument, "text" | "blocks">;
/** A pair whose documents come without texts (listEvalPairs with `withText: false`). */
export type EvalPairHead = Omit<EvalPair, "documents"> & { documents: EvalPairDocumentHead[] };

export type ListEvalPairsOptions = {
  datasetId?: string;
  /** Only pairs with gold (a sweep's pairs): live gold spans, or the decision that nothing is vital. */
  onlyGold?: boolean;
  withJudge?: boolean;
  pairIds?: readonly string[];
  createdFrom?: Date;
  createdTo?: Date;
  /** Only pairs with a document whose URL contains this (the caller checks the host exactly). */
  urlContains?: string;
  /** false: documents without text and blocks (default true). Hundreds of megabytes at 100,000 pairs. */
  withText?: boolean;
  db?: Db;
};

const GOLD = { source: "gold", annotationId: null, deletedAt: null } as const;
/** A pair with gold: live gold spans, or the decision "nothing here is vital" (unanswerable, as in the gold export). */
const HAS_GOLD = { OR: [{ goldNoVital: true }, { spans: { some: GOLD } }] };

const CATEGORIES = new Set<string>(SPAN_CATEGORIES);
function spanCategory(c: string): SpanCategory {
  if (!CATEGORIES.has(c)) throw new AppError("INTERNAL", `a stored span has an unknown category "${c}"`);
  return c as SpanCategory;
}

/**
 * Stored documents by id, kept in memory: documents never change (spans point into them) and ids are not reused, so
 * a research view over thousands of pairs reads their texts once per process. Bounded by characters held (64 M).
 */
type DocumentRow = Omit<EvalPairDocument, "blocks"> & { blocksJson: string };
const documentCache = processCache<string, DocumentRow>("eval-documents", {
  maxWeight: 64_000_000,
  weigh: (row) => row.text.length + row.blocksJson.length,
});

function rememberDocument(row: DocumentRow): void {
  if (!documentCache.has(row.id)) documentCache.set(row.id, row);
}

/** Documents' heads without texts, by id (a few hundred bytes each; the breakdown over 100,000 pairs reads 200,000). */
const headCache = processCache<string, EvalPairDocumentHead>("eval-document-heads", { maxEntries: 500_000 });

function rememberHead(head: EvalPairDocumentHead): void {
  headCache.set(head.id, head);
}

const toHead = ({ id, title, url, lang, contentHash }: EvalPairDocumentHead): EvalPairDocumentHead => ({ id, title, url, lang, contentHash });

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
 * Pairs in id order (the order gold exports use). The pairs through the ORM (its filters), then their links, gold
 * spans, judge suggestions, documents not read before and queries as one aggregated JSON row per chunk of ids
 * (selectJsonRows): ten thousand pairs have some hundred thousand of these rows, and mapping each through the ORM
 * was most of a research view's time after a restart.
 */
export async function listEvalPairs(options: ListEvalPairsOptions & { withText: false }): Promise<EvalPairHead[]>;
export async function listEvalPairs(options: ListEvalPairsOptions & { withText?: true }): Promise<EvalPair[]>;
export async function listEvalPairs(options: ListEvalPairsOptions): Promise<EvalPair[] | EvalPairHead[]> {
  const { db = getDb(), withJudge, withText = true } = options;
  const ids = await listEvalPairIds(options);
  if (ids.length === 0) return [];
  const pairRows = new Map<string, { id: string; datasetId: string; externalId: string | null; queryId: string }>();
  for (const chunk of idChunks(ids)) {
    const rows = await selectJsonRows({
      db,
      columns: ['"id"', '"datasetId"', '"externalId"', '"queryId"'],
      from: '"Pair"',
      where: inList('"id"', chunk),
    });
    for (const [id, datasetId, externalId, queryId] of rows as [string, string, string | null, string][])
      pairRows.set(id, { id, datasetId, externalId, queryId });
  }
  // A pair deleted between the two reads is left out.
  const pairs = ids.flatMap((id) => pairRows.get(id) ?? []);

  const links = new Map<string, { position: number; documentId: string }[]>();
  const gold = new Map<string, EvalPairSpan[]>();
  const judge = new Map<string, EvalPairSpan[]>();
  const push = <T>(m: Map<string, T[]>, k: string, v: T) => {
    const list = m.get(k);
    if (list) list.push(v);
    else m.set(k, [v]);
  };
  const spanColumns = ['"pairId"', '"documentId"', '"start"', '"end"', '"category"'];
  type SpanRow = [string, string, number, number, string];
  for (const chunk of idChunks(pairs.map((p) => p.id))) {
    const inPairs = inList('"pairId"', chunk);
    for (const [pairId, position, documentId] of (await selectJsonRows({
      db,
      columns: ['"pairId"', '"position"', '"documentId"'],
      from: '"PairDocument"',
      where: inPairs,
    })) as [string, number, string][])
      push(links, pairId, { position, documentId });
    for (const [pairId, documentId, start, end, category] of (await selectJsonRows({
      db,
      columns: spanColumns,
      from: '"Span"',
      // COALESCE: `"annotationId" IS NULL` would lead SQLite to that index and scan every gold span once per chunk.
      where: Prisma.sql`"source" = 'gold' AND COALESCE("annotationId", '') = '' AND "deletedAt" IS NULL AND ${inPairs}`,
    })) as SpanRow[])
      push(gold, pairId, { documentId, start, end, category: spanCategory(category) });
    if (!withJudge) continue;
    for (const [pairId, documentId, start, end, category] of (await selectJsonRows({
      db,
      columns: spanColumns,
      from: '"Suggestion"',
      where: Prisma.sql`"source" = 'judge' AND ${inPairs}`,
    })) as SpanRow[])
      push(judge, pairId, { documentId, start, end, category: spanCategory(category) });
  }

  const documentIds = [...new Set([...links.values()].flat().map((l) => l.documentId))];
  const documents = new Map<string, EvalPairDocument | EvalPairDocumentHead>();
  const missing: string[] = [];
  for (const id of documentIds) {
    const row = documentCache.get(id) ?? (withText ? undefined : headCache.get(id));
    if (row) documents.set(id, withText ? toDocument(row as DocumentRow) : toHead(row));
    else missing.push(id);
  }
  for (const chunk of withText ? [] : idChunks(missing)) {
    const rows = await selectJsonRows({
      db,
      columns: ['"id"', '"title"', '"url"', '"lang"', '"contentHash"'],
      from: '"Document"',
      where: inList('"id"', chunk),
    });
    for (const [id, title, url, lang, contentHash] of rows as [string, string | null, string | null, string | null, string][]) {
      const head = { id, title, url, lang, contentHash };
      rememberHead(head);
      documents.set(id, head);
    }
  }
  for (const chunk of withText ? idChunks(missing) : []) {
    const rows = await selectJsonRows({
      db,
      columns: ['"id"', '"text"', '"blocksJson"', '"title"', '"url"', '"lang"', '"contentHash"'],
      from: '"Document"',
      where: inList('"id"', chunk),
    });
    for (const [id, text, blocksJson, title, url, lang, contentHash] of rows as [
      string,
      string,
      string,
      string | null,
      string | null,
      string | null,
      string,
    ][]) {
      const row = { id, text, blocksJson, title, url, lang, contentHash };
      rememberDocument(row);
      documents.set(id, toDocument(row));
    }
  }
  const queries = new Map<string, string>();
  for (const chunk of idChunks([...new Set(pairs.map((p) => p.queryId))])) {
    for (const [id, text] of (await selectJsonRows({ db, columns: ['"id"', '"text"'], from: '"Query"', where: inList('"id"', chunk) })) as [
      string,
      string,
    ][])
      queries.set(id, text);
  }

  // Links, spans and suggestions of pairs created after the pair read are not in `pairs` and are left out.
  return pairs.map((p) => ({
    id: p.id,
    datasetId: p.datasetId,
    externalId: p.externalId,
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

/** How many pairs of a dataset have gold (spans, or "nothing here is vital"), and how many pairs it has. */
export async function countGoldPairs({ datasetId, db = getDb() }: { datasetId: string; db?: Db }): Promise<{ pairs: number; gold: number }> {
  const [pairs, gold] = await Promise.all([db.pair.count({ where: { datasetId } }), db.pair.count({ where: { datasetId, ...HAS_GOLD } })]);
  return { pairs, gold };
}

/** The ids listEvalPairs reads, in its order (id order): the filters without reading any pair's columns. */
export async function listEvalPairIds(options: Omit<ListEvalPairsOptions, "withText" | "withJudge">): Promise<string[]> {
  const { db = getDb(), datasetId, onlyGold, pairIds, createdFrom, createdTo, urlContains } = options;
  const where = {
    ...(datasetId ? { datasetId } : {}),
    ...(onlyGold ? HAS_GOLD : {}),
    ...(createdFrom || createdTo ? { createdAt: { ...(createdFrom ? { gte: createdFrom } : {}), ...(createdTo ? { lte: createdTo } : {}) } } : {}),
    ...(urlContains ? { documents: { some: { document: { url: { contains: urlContains } } } } } : {}),
  };
  // The ORM applies the filters and gives the ids; their columns come aggregated.
  const select = { id: true } as const;
  return pairIds
    ? (await Promise.all(idChunks(pairIds).map((chunk) => db.pair.findMany({ where: { ...where, id: { in: chunk } }, select }))))
        .flat()
        .map((p) => p.id)
        .sort()
    : (await db.pair.findMany({ where, orderBy: { id: "asc" }, select })).map((p) => p.id);
}
