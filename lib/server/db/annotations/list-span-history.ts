import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { type Db, getDb } from "../client";
import { type SpanEventAction, zSpanEventAction, zSpanSource } from "../../../schemas/enums";
import type { Prisma } from "../generated/client";
import { parseOptions } from "./parse-options";
import { readSpanSnapshot, type SpanSnapshot } from "../../../schemas/spans";
import { zId } from "../../../schemas/ids";

export type ListSpanHistoryOptions = {
  pairId: string;
  /** Only this span's events. */
  spanId?: string;
  /** Only events on spans of this annotator's annotation. */
  annotatorId?: string;
  /** Only human or only gold spans. */
  source?: "human" | "gold";
  /** Page size, default 100, at most 1000. */
  limit?: number;
  /** `nextCursor` of the previous page. */
  cursor?: string;
  db?: Db;
};

export type SpanHistoryEvent = {
  id: string;
  spanId: string;
  action: SpanEventAction;
  actor: { id: string; name: string } | null;
  /** Null for create. */
  before: SpanSnapshot | null;
  /** Null for delete. */
  after: SpanSnapshot | null;
  createdAt: Date;
  span: { documentId: string; annotationId: string | null; source: "human" | "gold" };
};

export type SpanHistoryPage = { events: SpanHistoryEvent[]; nextCursor: string | null };

const schema = z.object({
  pairId: zId,
  spanId: zId.optional(),
  annotatorId: zId.optional(),
  source: zSpanSource.optional(),
  limit: z.number().int().min(1).max(1000).default(100),
  cursor: zId.optional(),
});

/**
 * SpanEvents of a pair (optionally one span, one annotator's spans or one source), newest first. Events of one save
 * share a timestamp; ties are ordered by id descending. Cursor = the last event id of the previous page.
 */
export async function listSpanHistory(options: ListSpanHistoryOptions): Promise<SpanHistoryPage> {
  const { db = getDb(), ...rest } = options;
  const { pairId, spanId, annotatorId, source, limit, cursor } = parseOptions(schema, rest);
  const where: Prisma.SpanEventWhereInput = {
    ...(spanId ? { spanId } : {}),
    span: {
      pairId,
      ...(source ? { source } : {}),
      ...(annotatorId ? { annotation: { annotatorId } } : {}),
    },
  };
  if (cursor) {
    const at = await db.spanEvent.findUnique({ where: { id: cursor }, select: { createdAt: true } });
    if (!at) throw new AppError("UNPROCESSABLE", `Unknown history cursor ${cursor}`);
    where.OR = [{ createdAt: { lt: at.createdAt } }, { createdAt: at.createdAt, id: { lt: cursor } }];
  }
  const rows = await db.spanEvent.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    select: {
      id: true,
      spanId: true,
      action: true,
      beforeJson: true,
      afterJson: true,
      createdAt: true,
      actor: { select: { id: true, name: true } },
      span: { select: { documentId: true, annotationId: true, source: true } },
    },
  });
  const page = rows.slice(0, limit);
  return {
    events: page.map((r) => ({
      id: r.id,
      spanId: r.spanId,
      action: zSpanEventAction.parse(r.action),
      actor: r.actor,
      before: r.beforeJson ? readSpanSnapshot(r.beforeJson) : null,
      after: r.afterJson ? readSpanSnapshot(r.afterJson) : null,
      createdAt: r.createdAt,
      span: { ...r.span, source: zSpanSource.parse(r.span.source) },
    })),
    nextCursor: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null,
  };
}
