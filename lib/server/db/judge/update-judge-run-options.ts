import "server-only";
import { type Db, getDb } from "../client";

/** Merges values into a judge run's options (a Batch API run's batch and file ids). */
export async function updateJudgeRunOptions({ id, values, db = getDb() }: { id: string; values: Record<string, unknown>; db?: Db }): Promise<void> {
  const run = await db.judgeRun.findUniqueOrThrow({ where: { id }, select: { optionsJson: true } });
  const options = { ...(JSON.parse(run.optionsJson) as Record<string, unknown>), ...values };
  await db.judgeRun.update({ where: { id }, data: { optionsJson: JSON.stringify(options) } });
}
