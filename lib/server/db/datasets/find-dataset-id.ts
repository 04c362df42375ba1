import "server-only";
import { AppError } from "@/lib/errors";
import { type Db, getDb } from "../client";

/** A dataset's id by its name (the CLI's --dataset); NOT_FOUND naming it when there is none. */
export async function findDatasetId({ name, db = getDb() }: { name: string; db?: Db }): Promise<string> {
  const ds = await db.dataset.findUnique({ where: { name }, select: { id: true } });
  if (!ds) throw new AppError("NOT_FOUND", `Dataset "${name}" not found`);
  return ds.id;
}
