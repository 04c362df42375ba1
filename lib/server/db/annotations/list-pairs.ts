import "server-only";
import { zAnnotationStatus, zPairStatus } from "@/lib/schemas/enums";
import { listPairsSchema, type ListPairsInput, type PairListItem, type PairListPage } from "@/lib/schemas/queue";
import { type Db, getDb } from "../client";
import type { Prisma } from "../generated/client";
import { blindPairsWhere, hiddenPredictionsWhere } from "./blind-pairs-where";
import { computePairScores, type PairScoreKind, usesStoredScores } from "./compute-pair-scores";
import { listBlindPairIds } from "./list-blind-pair-ids";
import { decodePairCursor, encodePairCursor, type PairCursor } from "./pair-cursor";
import { buildPairWhere, type PairFilters, type PairOrder } from "./pair-filters";
import { parseOptions } from "./parse-options";
import { refreshPairSortScores } from "./refresh-pair-sort-scores";

export type ListPairsOptions = PairFilters &
  PairOrder & {
    /** Page size, default 50, at most 500. */
    limit?: number;
    /** `nextCursor` (or an item's `cursor`) from a previous call with the same sort and direction. */
    cursor?: string;
    db?: Db;
  };

/**
 * The annotation queue: pairs filtered by dataset, status, annotator and category, sorted by updatedAt or by a
 * per-pair score (model uncertainty, model–gold disagreement; from `scores` or computed from ModelRun, see
 * computePairScores), keyset-paginated with opaque cursors (stable when pairs change between pages).
 * At the default settings score sorts read the scores stored on Pair (one indexed query per page, after scoring again
 * the pairs whose runs or gold changed); with a model name, another threshold or given scores they rank the whole
 * filtered set in memory (ids and scores only) before loading one page.
 * With `blindViewerId`, pairs that viewer is blind to sort as unscored under the disagreement sort (the score compares
 * the model with gold) and, where their dataset hides predictions, under the uncertainty sort; their gold decision is
 * not listed.
 */
export async function listPairs(options: ListPairsOptions): Promise<PairListPage> {
  const { db = getDb(), ...rest } = options;
  return listPairsParsed(db, parseOptions(listPairsSchema, rest));
}

/** listPairs after validation (getNextPair reuses it). */
export async function listPairsParsed(db: Db, o: ListPairsInput): Promise<PairListPage> {
  const where = buildPairWhere(o);
  const cursor = o.cursor ? decodePairCursor(o.cursor, o) : undefined;
  const mk = (value: PairCursor["value"], id: string) => encodePairCursor({ sort: o.sort, direction: o.direction, value, id });

  if (o.sort === "updatedAt") {
    const cmp = o.direction === "desc" ? "lt" : "gt";
    const after: Prisma.PairWhereInput = cursor
      ? {
          OR: [{ updatedAt: { [cmp]: new Date(cursor.value as string) } }, { updatedAt: new Date(cursor.value as string), id: { [cmp]: cursor.id } }],
        }
      : {};
    const rows = await db.pair.findMany({
      where: { AND: [where, after] },
      orderBy: [{ updatedAt: o.direction }, { id: o.direction }],
      take: o.limit + 1,
      select: { id: true },
    });
    const page = rows.slice(0, o.limit).map((r) => r.id);
    const items = await loadItems(
      db,
      page,
      o,
      () => null,
      (p) => mk(p.updatedAt.toISOString(), p.id),
    );
    return { items, nextCursor: rows.length > o.limit ? (items[items.length - 1]?.cursor ?? null) : null };
  }

  const hidden = hiddenScoresWhere(o.sort, o.blindViewerId);
  if (!o.scores && usesStoredScores(o)) return listByStoredScores(db, { ...o, sort: o.sort }, where, cursor, mk, hidden);

  const ids = (await db.pair.findMany({ where, select: { id: true } })).map((r) => r.id);
  const scores = o.scores
    ? new Map(Object.entries(o.scores))
    : await computePairScores({ db, pairIds: ids, kind: o.sort, modelName: o.modelName, threshold: o.threshold });
  if (hidden) for (const r of await db.pair.findMany({ where: { AND: [where, hidden] }, select: { id: true } })) scores.delete(r.id);
  const compare = scoreComparator(o.direction);
  const ranked = ids.map((id) => ({ id, v: scores.get(id) ?? null })).sort(compare);
  const start = cursor ? firstAfter(ranked, { id: cursor.id, v: cursor.value as number | null }, compare) : 0;
  const page = ranked.slice(start, start + o.limit);
  const scoreOf = new Map(page.map((p) => [p.id, p.v]));
  const items = await loadItems(
    db,
    page.map((p) => p.id),
    o,
    (id) => scoreOf.get(id) ?? null,
    (p) => mk(scoreOf.get(p.id) ?? null, p.id),
  );
  return { items, nextCursor: start + o.limit < ranked.length ? (items[items.length - 1]?.cursor ?? null) : null };
}

type Ranked = { id: string; v: number | null };

/** The pairs whose sort score blind annotation keeps from the viewer (they sort as unscored); null when none is kept. */
function hiddenScoresWhere(sort: ListPairsInput["sort"], viewerId: string | undefined): Prisma.PairWhereInput | null {
  if (!viewerId || sort === "updatedAt") return null;
  return sort === "disagreement" ? blindPairsWhere(viewerId) : hiddenPredictionsWhere(viewerId);
}

/**
 * A score-sorted page from Pair's stored scores, in scoreComparator's order: the scored pairs by score in the
 * direction and id, then the unscored ones by id (a cursor with a null value is among those).
 */
async function listByStoredScores(
  db: Db,
  o: ListPairsInput & { sort: PairScoreKind },
  where: Prisma.PairWhereInput,
  cursor: PairCursor | undefined,
  mk: (value: PairCursor["value"], id: string) => string,
  hidden: Prisma.PairWhereInput | null,
): Promise<PairListPage> {
  await refreshPairSortScores({ db });
  const col = o.sort;
  const take = o.limit + 1;
  const page: Ranked[] = [];
  if (cursor?.value !== null) {
    const v = cursor?.value as number | undefined;
    const cmp = o.direction === "desc" ? "lt" : "gt";
    const after: Prisma.PairWhereInput =
      v === undefined ? { [col]: { not: null } } : { OR: [{ [col]: { [cmp]: v } }, { [col]: v, id: { gt: cursor!.id } }] };
    const rows = await db.pair.findMany({
      where: { AND: [where, after, ...(hidden ? [{ NOT: hidden }] : [])] },
      orderBy: [{ [col]: o.direction }, { id: "asc" }],
      take,
      select: { id: true, uncertainty: true, disagreement: true },
    });
    for (const r of rows) page.push({ id: r.id, v: r[col] });
  }
  if (page.length < take) {
    const rows = await db.pair.findMany({
      where: { AND: [where, hidden ? { OR: [{ [col]: null }, hidden] } : { [col]: null }, cursor?.value === null ? { id: { gt: cursor.id } } : {}] },
      orderBy: { id: "asc" },
      take: take - page.length,
      select: { id: true },
    });
    for (const r of rows) page.push({ id: r.id, v: null });
  }
  const shown = page.slice(0, o.limit);
  const scoreOf = new Map(shown.map((p) => [p.id, p.v]));
  const items = await loadItems(
    db,
    shown.map((p) => p.id),
    o,
    (id) => scoreOf.get(id) ?? null,
    (p) => mk(scoreOf.get(p.id) ?? null, p.id),
  );
  return { items, nextCursor: page.length > o.limit ? (items[items.length - 1]?.cursor ?? null) : null };
}

/** Score order: by value in `direction`, unscored pairs last, ties by id ascending (a total order). */
export function scoreComparator(direction: "asc" | "desc"): (a: Ranked, b: Ranked) => number {
  return (a, b) => {
    if (a.v === null || b.v === null) {
      if (a.v !== b.v) return a.v === null ? 1 : -1;
    } else if (a.v !== b.v) {
      return direction === "desc" ? b.v - a.v : a.v - b.v;
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}

/** Index of the first ranked entry strictly after `c` (binary search; the cursor entry itself may be gone). */
function firstAfter(ranked: Ranked[], c: Ranked, compare: (a: Ranked, b: Ranked) => number): number {
  let lo = 0;
  let hi = ranked.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(ranked[mid]!, c) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

async function loadItems(
  db: Db,
  ids: string[],
  { annotatorId, blindViewerId }: Pick<ListPairsInput, "annotatorId" | "blindViewerId">,
  scoreOf: (id: string) => number | null,
  cursorOf: (p: { id: string; updatedAt: Date }) => string,
): Promise<PairListItem[]> {
  if (ids.length === 0) return [];
  const rows = await db.pair.findMany({
    where: { id: { in: ids } },
    select: {
      id: true,
      datasetId: true,
      externalId: true,
      status: true,
      goldNoVital: true,
      version: true,
      updatedAt: true,
      dataset: { select: { name: true } },
      query: { select: { text: true } },
      _count: { select: { documents: true } },
    },
  });
  const annotations = annotatorId
    ? await db.annotation.findMany({
        where: { annotatorId, pairId: { in: ids } },
        select: { id: true, pairId: true, status: true, version: true },
      })
    : [];
  // The gold decision is gold: not listed for the pairs a blind viewer is blind to.
  const blind = blindViewerId ? await listBlindPairIds({ db, pairIds: ids, viewerId: blindViewerId, hidden: "gold" }) : new Set<string>();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const annotationOf = new Map(annotations.map((a) => [a.pairId, a]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return []; // deleted between the two queries
    const a = annotationOf.get(id);
    return [
      {
        id: r.id,
        datasetId: r.datasetId,
        dataset: r.dataset.name,
        externalId: r.externalId,
        status: zPairStatus.parse(r.status),
        goldNoVital: r.goldNoVital && !blind.has(id),
        version: r.version,
        query: r.query.text,
        documentCount: r._count.documents,
        updatedAt: r.updatedAt,
        score: scoreOf(id),
        annotation: a ? { id: a.id, status: zAnnotationStatus.parse(a.status), version: a.version } : null,
        cursor: cursorOf(r),
      },
    ];
  });
}
