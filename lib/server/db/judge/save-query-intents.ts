import "server-only";
import { type Db, getDb } from "../client";

/** Stores a query's intents (stage 1 run before a Batch API file is written, so the ingest rebuilds the same prompts). */
export async function saveQueryIntents({ queryId, intents, db = getDb() }: { queryId: string; intents: string[]; db?: Db }): Promise<void> {
  await db.query.update({ where: { id: queryId }, data: { intentsJson: JSON.stringify(intents) } });
}
