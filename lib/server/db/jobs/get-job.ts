import "server-only";
import { type Db, getDb } from "../client";
import { JOB_SELECT, type JobRow } from "./job-rows";

/** A job by id, or null; `hasResult` says whether a result is stored. */
export async function getJob({ id, db = getDb() }: { id: string; db?: Db }): Promise<(JobRow & { hasResult: boolean }) | null> {
  const row = await db.job.findUnique({ where: { id }, select: JOB_SELECT });
  if (!row) return null;
  const withResult = await db.job.count({ where: { id, resultJson: { not: null } } });
  return { ...row, hasResult: withResult > 0 };
}

/** A finished job's result (parsed JSON), or null. */
export async function getJobResult({ id, db = getDb() }: { id: string; db?: Db }): Promise<unknown> {
  const row = await db.job.findUnique({ where: { id }, select: { resultJson: true } });
  return row?.resultJson ? (JSON.parse(row.resultJson) as unknown) : null;
}
