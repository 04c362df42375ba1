import "server-only";
import { toGoldSnapshot } from "@/lib/spans/audit/gold-snapshot";
import type { GoldSnapshot } from "../../../schemas/audit";
import type { Prisma } from "../generated/client";

/**
 * A pair's gold as it stands in `tx` (its live gold spans and Pair.goldNoVital) and its dataset: the before and after
 * of a gold audit row, read inside the change's transaction. NOT_FOUND-free: the caller has found the pair already.
 */
export async function readGoldSnapshot({
  tx,
  pairId,
}: {
  tx: Prisma.TransactionClient;
  pairId: string;
}): Promise<{ datasetId: string; snapshot: GoldSnapshot }> {
  const pair = await tx.pair.findUniqueOrThrow({
    where: { id: pairId },
    select: {
      datasetId: true,
      goldNoVital: true,
      spans: {
        where: { source: "gold", annotationId: null, deletedAt: null },
        select: { id: true, documentId: true, start: true, end: true, text: true, category: true, exact: true },
      },
    },
  });
  return { datasetId: pair.datasetId, snapshot: toGoldSnapshot({ noVital: pair.goldNoVital, spans: pair.spans }) };
}
