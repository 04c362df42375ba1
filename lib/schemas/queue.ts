// The annotation queue: its filters and sorts, its items, and URL search params ↔ queue options, shared by the queue
// page, /pairs/next and GET /api/v1/pairs, so one link format works everywhere. Client-safe (zod and types only).
import { z } from "zod";
import { zAnnotationStatus, zPairStatus, zSpanCategory, type PairStatus } from "./enums";
import { zId, zTimestamp } from "./ids";

export const PAIR_SORTS = ["updatedAt", "uncertainty", "disagreement"] as const;
export type PairSort = (typeof PAIR_SORTS)[number];

export const pairFiltersShape = {
  datasetId: zId.optional(),
  dataset: z.string().min(1).max(200).optional(),
  status: z.union([zPairStatus, z.array(zPairStatus).min(1)]).optional(),
  annotatorId: zId.optional(),
  category: zSpanCategory.optional(),
  needsWorkBy: zId.optional(),
  /**
   * Set by the server, never read from a URL: a viewer who cannot otherwise reach the gold (lib/auth/policy.ts
   * canReachGold), so blind annotation applies. Pairs they are blind to keep their gold out of the queue: no gold
   * decision, no model–gold disagreement score, no category match on gold or others' spans (nor a model score when
   * their dataset hides predictions).
   */
  blindViewerId: zId.optional(),
  sort: z.enum(PAIR_SORTS).default("updatedAt"),
  direction: z.enum(["asc", "desc"]).default("desc"),
  scores: z.record(z.string(), z.number().finite()).optional(),
  modelName: z.string().min(1).max(200).optional(),
  threshold: z.number().gt(0).lt(1).default(0.5),
};

/** The filters alone, as buildPairWhere reads them. */
export type PairFiltersInput = z.infer<z.ZodObject<typeof pairFiltersShape>>;

export const pairListItemSchema = z.strictObject({
  id: zId,
  datasetId: zId,
  dataset: z.string().describe("The dataset's name."),
  externalId: z.string().nullable(),
  status: zPairStatus,
  goldNoVital: z
    .boolean()
    .describe('The gold decision "nothing here is vital" (gold with zero vital spans); false for a blind viewer\'s blind pair.'),
  version: z.int().nonnegative(),
  query: z.string(),
  documentCount: z.int(),
  updatedAt: zTimestamp,
  score: z
    .number()
    .nullable()
    .describe(
      "The sort score (uncertainty/disagreement sorts); null when the pair has none, for the updatedAt sort, and where blind annotation keeps it from the viewer.",
    ),
  annotation: z
    .strictObject({ id: zId, status: zAnnotationStatus, version: z.int().nonnegative() })
    .nullable()
    .describe("The filtering annotator's annotation (only when `annotatorId` is given)."),
  cursor: z.string().describe("Cursor positioned at this item: the list continues right after it."),
});

/** A pair in the queue (`updatedAt` a Date on the server, its ISO string in JSON). */
export type PairListItem = Omit<z.output<typeof pairListItemSchema>, "updatedAt"> & { updatedAt: Date };

export type PairListPage = { items: PairListItem[]; nextCursor: string | null };

/** GET /api/v1/pairs. */
export const pairListResponseSchema = z.strictObject({
  items: z.array(pairListItemSchema),
  nextCursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last."),
});

export const listPairsSchema = z.object({
  ...pairFiltersShape,
  limit: z.number().int().min(1).max(500).default(50),
  cursor: z.string().min(1).max(2000).optional(),
});
export type ListPairsInput = z.infer<typeof listPairsSchema>;

/**
 * The queue's URL search params (GET /api/v1/pairs, the queue page, /pairs/next) as parseQueueSearchParams reads
 * them: listPairsSchema's fields, except that `status` may repeat or be a comma-separated list and `todo` stands for
 * needsWorkBy (the caller).
 */
export const queueSearchParamsSchema = listPairsSchema
  .pick({
    datasetId: true,
    dataset: true,
    annotatorId: true,
    category: true,
    sort: true,
    direction: true,
    modelName: true,
    threshold: true,
    limit: true,
    cursor: true,
  })
  .extend({
    status: z.array(zPairStatus).min(1).optional().describe("Repeatable, or a comma-separated list; empty means any."),
    todo: z
      .boolean()
      .default(false)
      .describe("`1` or `true`: only pairs that still need work from the signed-in user (unlabeled, in progress or rejected)."),
  });

/** The params a queue link carries from page to page (filters, order and the "to do" switch). */
export const QUEUE_FILTER_KEYS = ["datasetId", "status", "annotatorId", "category", "sort", "direction", "todo"] as const;

/** Statuses that still need work: what `todo=1` means when the caller names no user (see needsWorkBy). */
export const TODO_STATUSES: readonly PairStatus[] = ["unlabeled", "in_progress", "rejected"];

export type SearchParamsInput = URLSearchParams | Record<string, string | string[] | undefined>;

function toSearchParams(input: SearchParamsInput): URLSearchParams {
  if (input instanceof URLSearchParams) return input;
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(input)) {
    if (Array.isArray(v)) for (const x of v) out.append(k, x);
    else if (v !== undefined) out.append(k, v);
  }
  return out;
}

const num = (v: string | null) => (v === null || v.trim() === "" ? undefined : Number(v));

/**
 * Search params → the object queueSearchParamsSchema parses: `status` may repeat or be comma-separated; empty values
 * mean "no filter" (what a form's "any" option submits).
 */
export function queueSearchInput(input: SearchParamsInput): Record<string, unknown> {
  const sp = toSearchParams(input);
  const str = (k: string) => {
    const v = sp.get(k)?.trim();
    return v ? v : undefined;
  };
  const statuses = sp
    .getAll("status")
    .flatMap((s) => s.split(","))
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    datasetId: str("datasetId"),
    dataset: str("dataset"),
    status: statuses.length === 0 ? undefined : statuses,
    annotatorId: str("annotatorId"),
    category: str("category"),
    sort: str("sort"),
    direction: str("direction"),
    modelName: str("modelName"),
    threshold: num(sp.get("threshold")),
    limit: num(sp.get("limit")),
    cursor: str("cursor"),
    todo: sp.get("todo") === "1" || sp.get("todo") === "true",
  };
}

/**
 * Parsed queue search params → listPairs input: `todo=1` means "needs work from `userId`" (needsWorkBy), or without a
 * user and a status filter, TODO_STATUSES.
 */
export function queueListInput(
  { status, todo, ...filters }: z.output<typeof queueSearchParamsSchema>,
  { userId }: { userId?: string } = {},
): ListPairsInput & { todo: boolean } {
  return {
    ...filters,
    status: status === undefined ? (todo && !userId ? [...TODO_STATUSES] : undefined) : status.length === 1 ? status[0] : status,
    needsWorkBy: todo && userId ? userId : undefined,
    todo,
  };
}

/** Search params → validated listPairs input (queueSearchInput, then queueListInput). Throws ZodError (→ 400 in routes) for unknown values. */
export function parseQueueSearchParams(input: SearchParamsInput, opts: { userId?: string } = {}): ListPairsInput & { todo: boolean } {
  return queueListInput(queueSearchParamsSchema.parse(queueSearchInput(input)), opts);
}

/**
 * The filter part of a queue URL (QUEUE_FILTER_KEYS present in `input`, as given), for links between the queue, the
 * workspace and /pairs/next. No leading "?"; empty when no filter is set.
 */
export function queueFilterQuery(input: SearchParamsInput): string {
  const sp = toSearchParams(input);
  const out = new URLSearchParams();
  for (const k of QUEUE_FILTER_KEYS) for (const v of sp.getAll(k)) if (v.trim() !== "") out.append(k, v);
  return out.toString();
}

/** Joins a path and query parts, skipping empty ones. */
export function withQuery(path: string, ...parts: (string | undefined | null | false)[]): string {
  const q = parts.filter((p): p is string => !!p).join("&");
  return q ? `${path}?${q}` : path;
}
