import "server-only";
import type { JudgeVariant } from "@/lib/judge/types";
import { type Db, getDb } from "../client";

/** The judge configurations with judgments on a dataset's pairs, with how many pairs each judged (most first). */
export async function listJudgeConfigs({
  datasetId,
  db = getDb(),
}: {
  datasetId: string;
  db?: Db;
}): Promise<{ model: string; promptVersion: string; variant: JudgeVariant; pairs: number }[]> {
  const groups = await db.judgeJudgment.groupBy({
    by: ["model", "promptVersion", "variant"],
    where: { pair: { datasetId } },
    _count: { _all: true },
  });
  return groups
    .map((g) => ({ model: g.model, promptVersion: g.promptVersion, variant: g.variant as JudgeVariant, pairs: g._count._all }))
    .sort((a, b) => b.pairs - a.pairs || a.model.localeCompare(b.model));
}
