import "server-only";
import { type Db, getDb } from "../client";
import { AGREEMENT_STATUSES } from "./compute-dataset-agreement";

/**
 * Ids of the datasets with at least one annotation the agreement figures compare (submitted or reviewed), by name:
 * /agreement opens on the first of them instead of an empty dataset.
 */
export async function listAnnotatedDatasetIds({ db = getDb() }: { db?: Db } = {}): Promise<string[]> {
  const rows = await db.dataset.findMany({
    where: { pairs: { some: { annotations: { some: { status: { in: [...AGREEMENT_STATUSES] } } } } } },
    orderBy: { name: "asc" },
    select: { id: true },
  });
  return rows.map((r) => r.id);
}
