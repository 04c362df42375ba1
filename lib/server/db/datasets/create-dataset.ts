import "server-only";
import { AppError } from "@/lib/errors";
import { createDatasetSchema } from "@/lib/schemas/datasets";
import { type Db, getDb } from "../client";
import { Prisma } from "../generated/client";

export type CreateDatasetOptions = { name: string; description?: string; db?: Db };
export type CreatedDataset = { id: string; name: string; description: string | null; createdAt: Date };

/** Creates an empty dataset; CONFLICT when the name is taken. */
export async function createDataset({ db = getDb(), ...input }: CreateDatasetOptions): Promise<CreatedDataset> {
  const { name, description } = createDatasetSchema.parse(input);
  try {
    return await db.dataset.create({
      data: { name, description: description || null },
      select: { id: true, name: true, description: true, createdAt: true },
    });
  } catch (e) {
    if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002") {
      throw new AppError("CONFLICT", `A dataset named "${name}" already exists`);
    }
    throw e;
  }
}
