import "server-only";
import { type Db, getDb } from "../client";
import { type AnnotationStatus, zAnnotationStatus } from "../../../schemas/enums";

export type QueueAnnotator = { email: string; status: AnnotationStatus };

/** Who annotated each listed pair (the queue's annotators column), by email. */
export async function listQueueAnnotators({
  pairIds,
  db = getDb(),
}: {
  pairIds: readonly string[];
  db?: Db;
}): Promise<Map<string, QueueAnnotator[]>> {
  const out = new Map<string, QueueAnnotator[]>();
  if (pairIds.length === 0) return out;
  const rows = await db.annotation.findMany({
    where: { pairId: { in: [...pairIds] } },
    orderBy: { annotator: { email: "asc" } },
    select: { pairId: true, status: true, annotator: { select: { email: true } } },
  });
  for (const r of rows) {
    const list = out.get(r.pairId) ?? [];
    list.push({ email: r.annotator.email, status: zAnnotationStatus.catch("in_progress").parse(r.status) });
    out.set(r.pairId, list);
  }
  return out;
}
