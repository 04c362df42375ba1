import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { type Db, getDb } from "../client";
import { type PairStatus, zPairStatus } from "../../../schemas/enums";
import { parseOptions } from "./parse-options";
import { type StoredSpan } from "../../../schemas/spans";
import { zId } from "../../../schemas/ids";
import { SPAN_SELECT, sortSpans, toStoredSpan } from "./span-rows";

export type GetGoldSpansOptions = { pairId: string; db?: Db };

export type GoldState = {
  pairId: string;
  status: PairStatus;
  /** Pair.version: send it back as adjudicatePair's `baseVersion`. */
  version: number;
  reviewerId: string | null;
  reviewComment: string | null;
  reviewedAt: Date | null;
  /** When and by whom the gold version was last saved; null when the pair was never adjudicated. */
  adjudicatedAt: Date | null;
  adjudicatedById: string | null;
  /** The gold decision "nothing here is vital" (zero vital spans; the pair has gold even without spans). */
  noVital: boolean;
  /** Live gold spans (source gold, no annotation), document order. */
  spans: StoredSpan[];
};

const schema = z.object({ pairId: zId });

/** The pair's adjudicated gold spans and review fields; NOT_FOUND for an unknown pair. */
export async function getGoldSpans(options: GetGoldSpansOptions): Promise<GoldState> {
  const { db = getDb(), ...rest } = options;
  const { pairId } = parseOptions(schema, rest);
  const pair = await db.pair.findUnique({
    where: { id: pairId },
    select: {
      status: true,
      version: true,
      reviewerId: true,
      reviewComment: true,
      reviewedAt: true,
      adjudicatedAt: true,
      adjudicatedById: true,
      goldNoVital: true,
      spans: { where: { source: "gold", annotationId: null, deletedAt: null }, select: SPAN_SELECT },
      documents: { select: { position: true, document: { select: { id: true, text: true } } } },
    },
  });
  if (!pair) throw new AppError("NOT_FOUND", `Pair ${pairId} not found`);
  const documents = new Map(pair.documents.map((d) => [d.document.id, { position: d.position, text: d.document.text }]));
  return {
    pairId,
    status: zPairStatus.parse(pair.status),
    version: pair.version,
    reviewerId: pair.reviewerId,
    reviewComment: pair.reviewComment,
    reviewedAt: pair.reviewedAt,
    adjudicatedAt: pair.adjudicatedAt,
    adjudicatedById: pair.adjudicatedById,
    noVital: pair.goldNoVital,
    spans: sortSpans(
      pair.spans.map((s) => toStoredSpan(s, documents.get(s.documentId)?.text)),
      documents,
    ),
  };
}
