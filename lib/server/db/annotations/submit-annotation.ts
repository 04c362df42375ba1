import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { type Db, getDb } from "../client";
import type { AnnotationStatus, PairStatus } from "../../../schemas/enums";
import { runInTransaction } from "../run-in-transaction";
import { parseOptions } from "./parse-options";
import { loadActiveUser } from "./load-active-user";
import { MAX_COMMENT_CHARS } from "../../../schemas/spans";
import { zId } from "../../../schemas/ids";
import { syncPairStatus } from "./sync-pair-status";
import { getOrCreateAnnotation } from "./get-or-create-annotation";

export type SubmitAnnotationOptions = {
  pairId: string;
  annotatorId: string;
  /** Defaults to the annotator; someone else must be a reviewer or admin. */
  actorId?: string;
  /** When given, the version the annotator looked at: a newer server version is a CONFLICT (do not submit unseen edits). */
  baseVersion?: number;
  /** Note for the reviewer (Annotation.comment); unchanged when omitted. */
  comment?: string | null;
  /**
   * The annotator's answer "nothing here is vital" (Annotation.noVital): UNPROCESSABLE while the annotation holds a
   * vital span. A plain submit clears it.
   */
  noVital?: boolean;
  db?: Db;
};

export type AnnotationTransition = {
  annotationId: string;
  status: AnnotationStatus;
  version: number;
  pairStatus: PairStatus;
  /** Set by a submit: the annotator answered "nothing here is vital". */
  noVital?: boolean;
};

const schema = z.object({
  pairId: zId,
  annotatorId: zId,
  actorId: zId.optional(),
  baseVersion: z.number().int().nonnegative().optional(),
  comment: z.string().max(MAX_COMMENT_CHARS).nullable().optional(),
  noVital: z.boolean().optional(),
});

/**
 * in_progress → submitted, optionally with the answer "nothing here is vital" (`noVital`) (Pair.status → submitted unless already accepted). Bumps the annotation version, so open
 * editors of it get a CONFLICT on their next save and reload the locked annotation.
 * Without an annotation yet (baseVersion 0 or none) an empty one is created and submitted; NOT_FOUND for an unknown
 * pair or user; CONFLICT for a stale baseVersion or another status (details: version, status).
 */
export async function submitAnnotation(options: SubmitAnnotationOptions): Promise<AnnotationTransition> {
  const { db = getDb(), ...rest } = options;
  const { pairId, annotatorId, actorId, baseVersion, comment, noVital = false } = parseOptions(schema, rest);
  if (actorId && actorId !== annotatorId) {
    await loadActiveUser({ db, userId: actorId, roles: ["reviewer", "admin"], action: "submit another annotator's work" });
  }
  return runInTransaction(
    async (tx) => {
      // Submitting before any save is a real answer ("nothing on these pages to label"): an empty annotation.
      const a =
        baseVersion === undefined || baseVersion === 0
          ? await getOrCreateAnnotation({ db: tx, pairId, annotatorId })
          : await tx.annotation.findUnique({
              where: { pairId_annotatorId: { pairId, annotatorId } },
              select: { id: true, status: true, version: true },
            });
      if (!a) throw new AppError("NOT_FOUND", `No annotation of pair ${pairId} by ${annotatorId}`);
      const details = { annotationId: a.id, version: a.version, status: a.status };
      if (baseVersion !== undefined && baseVersion !== a.version) {
        throw new AppError("CONFLICT", `The annotation changed since version ${baseVersion} (now ${a.version})`, details);
      }
      if (a.status !== "in_progress") {
        throw new AppError("CONFLICT", `Only an in-progress annotation can be submitted (it is ${a.status})`, details);
      }
      if (noVital && (await tx.span.count({ where: { annotationId: a.id, category: "vital", deletedAt: null } })) > 0) {
        throw new AppError("UNPROCESSABLE", 'The annotation has vital spans: remove them before answering "nothing here is vital"', details);
      }
      const done = await tx.annotation.updateMany({
        where: { id: a.id, version: a.version },
        data: {
          status: "submitted",
          submittedAt: new Date(),
          noVital,
          version: { increment: 1 },
          ...(comment !== undefined ? { comment } : {}),
        },
      });
      if (done.count !== 1) throw new AppError("CONFLICT", "The annotation was saved concurrently", details);
      const pairStatus = await syncPairStatus({ tx, pairId });
      return { annotationId: a.id, status: "submitted", version: a.version + 1, pairStatus, noVital };
    },
    { db },
  );
}
