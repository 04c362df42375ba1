import "server-only";
import { type Db, getDb } from "../client";

export type QueueFilterOptions = {
  datasets: { id: string; name: string; pairCount: number }[];
  /** Users with at least one annotation (the annotator filter), by email. */
  annotators: { id: string; email: string; name: string }[];
};

/** Choices for the queue and agreement filters. */
export async function listQueueFilterOptions({ db = getDb() }: { db?: Db } = {}): Promise<QueueFilterOptions> {
  const datasets = await db.dataset.findMany({
    orderBy: { name: "asc" },
    select: { id: true, name: true, _count: { select: { pairs: true } } },
  });
  const annotators = await db.user.findMany({
    where: { annotations: { some: {} } },
    orderBy: { email: "asc" },
    select: { id: true, email: true, name: true },
  });
  return { datasets: datasets.map((d) => ({ id: d.id, name: d.name, pairCount: d._count.pairs })), annotators };
}
