import "server-only";
import { DEMO_DATASET, DEMO_DATASET_DESCRIPTION, DEMO_FIXTURES } from "@/lib/demo/demo-fixtures";
import { type Db, getDb } from "./client";
import { createPair } from "./create-pair";
import { runInTransaction } from "./run-in-transaction";

export type SeedDemoDataOptions = { db?: Db; log?: (message: string) => void };

/** Seeds the "demo" dataset once; skipped when it already exists (so deleting it by hand makes it come back). */
export async function seedDemoData({ db = getDb(), log = () => {} }: SeedDemoDataOptions = {}): Promise<{
  created: number;
  skipped: boolean;
}> {
  const existing = await db.dataset.findUnique({ where: { name: DEMO_DATASET }, select: { id: true } });
  if (existing) return { created: 0, skipped: true };
  // One transaction: a crash half-way must not leave a partial "demo" dataset that later starts would skip.
  await runInTransaction(
    async (tx) => {
      for (const f of DEMO_FIXTURES) {
        await createPair({
          db: tx,
          dataset: DEMO_DATASET,
          datasetDescription: DEMO_DATASET_DESCRIPTION,
          externalId: f.id,
          query: f.query,
          documents: f.results,
        });
      }
    },
    { db },
  );
  log(`seeded ${DEMO_FIXTURES.length} demo pairs into dataset "${DEMO_DATASET}"`);
  return { created: DEMO_FIXTURES.length, skipped: false };
}
