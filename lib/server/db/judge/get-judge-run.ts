import "server-only";
import { AppError } from "@/lib/errors";
import { type Db, getDb } from "../client";

export type JudgeRunRow = {
  id: string;
  datasetId: string;
  model: string;
  baseUrl: string | null;
  promptVersion: string;
  variant: string;
  mode: string;
  optionsJson: string;
  pairs: number;
};

/** A judge run's configuration; NOT_FOUND when unknown. */
export async function getJudgeRun({ id, db = getDb() }: { id: string; db?: Db }): Promise<JudgeRunRow> {
  const run = await db.judgeRun.findUnique({
    where: { id },
    select: { id: true, datasetId: true, model: true, baseUrl: true, promptVersion: true, variant: true, mode: true, optionsJson: true, pairs: true },
  });
  if (!run) throw new AppError("NOT_FOUND", `Judge run ${id} not found`);
  return run;
}
