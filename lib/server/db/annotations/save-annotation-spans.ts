import "server-only";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { type Db, getDb } from "../client";
import { type AnnotationStatus, type PairStatus, zAnnotationStatus, zPairStatus, zRole } from "../../../schemas/enums";
import { Prisma } from "../generated/client";
import { runInTransaction } from "../run-in-transaction";
import { getAnnotation } from "./get-annotation";
import { isBlindSave } from "./is-blind-save";
import { loadPairDocuments } from "./load-pair-documents";
import { parseOptions } from "./parse-options";
import { loadActiveUser } from "./load-active-user";
import { spanListSchema, type SpanInput, type StoredSpan } from "../../../schemas/spans";
import { zId } from "../../../schemas/ids";
import { SPAN_SELECT } from "./span-rows";
import { snapSavedSpans } from "./snap-saved-spans";
import { syncPairStatus } from "./sync-pair-status";
import { validateSpans } from "./validate-spans";
import { summarizeSpanChanges, writeSpanChanges } from "./write-span-changes";

export type SaveAnnotationSpansOptions = {
  pairId: string;
  /** Whose annotation (one per annotator per pair; created by the first save). */
  annotatorId: string;
  /** The Annotation.version the editor started from (0 before the first save). */
  baseVersion: number;
  /** The annotator's complete list of human spans: ids for stored ones; new ones without id or with a temp id. */
  spans: SpanInput[];
  /** Who edits; defaults to the annotator. Someone else needs span:delete-others (lib/auth/policy.ts canEditAnnotation). */
  actorId?: string;
  db?: Db;
};

export type SaveAnnotationSpansResult = {
  annotationId: string;
  /** The new version (unchanged when nothing changed): the next save's baseVersion. */
  version: number;
  status: AnnotationStatus;
  pairStatus: PairStatus;
  /** The stored list after the save, document order. */
  spans: StoredSpan[];
  /** Input id → server id for spans created (or matched by content) under a client id. */
  idMap: Record<string, string>;
  created: string[];
  updated: string[];
  deleted: string[];
};

/** `details` of the CONFLICT a stale save gets: what the server has now, to reload or merge (lib/spans mergeSpanEdits). */
export type AnnotationConflictDetails = {
  reason: "version" | "locked";
  annotationId: string | null;
  version: number;
  status: AnnotationStatus | null;
  spans: StoredSpan[];
};

const schema = z.object({
  pairId: zId,
  annotatorId: zId,
  baseVersion: z.number().int().nonnegative(),
  spans: spanListSchema,
  actorId: zId.optional(),
});

/** Annotations in these states are waiting for or past review: edits would change what the reviewer judged. */
const LOCKED: readonly string[] = ["submitted", "accepted"];

/**
 * Autosave core. Optimistic concurrency: when Annotation.version ≠ baseVersion nothing is written and CONFLICT is
 * thrown with the server's spans and version in `details` (AnnotationConflictDetails) — never a silent overwrite.
 * Otherwise the list is diffed against the stored spans; creates, updates and soft-deletes are written with one
 * SpanEvent each, the version is bumped, a rejected annotation goes back to in_progress and Pair.status is
 * recomputed (unlabeled → in_progress on the first edit) — all in one transaction.
 * Spans are stored on word boundaries unless placed exactly (snapSavedSpans).
 * UNPROCESSABLE (details.index) for a span outside its document or whose text does not match it (drift);
 * CONFLICT (reason "locked") for a submitted/accepted annotation; FORBIDDEN when someone else edits without
 * span:delete-others (the policy's canEditAnnotation, checked by writeSpanChanges). A save that changes nothing writes
 * nothing and keeps the version.
 * Blind annotation: the annotation is created blind when its annotator is blinded (isBlindSave), and a changing save
 * by anyone who is not blinded makes it not blind for good (agreement then leaves it out).
 */
export async function saveAnnotationSpans(options: SaveAnnotationSpansOptions): Promise<SaveAnnotationSpansResult> {
  const { db = getDb(), ...rest } = options;
  const input = parseOptions(schema, rest);
  const { pairId, annotatorId, baseVersion, spans } = input;
  const actorId = input.actorId ?? annotatorId;

  // Outside the transaction: document texts never change, and validation should not hold the write lock.
  const { documents } = await loadPairDocuments({ db, pairId });
  validateSpans(spans, documents);
  const annotator = await loadActiveUser({ db, userId: annotatorId, action: "annotate" });
  // Whether the actor may write into this annotation is the policy's (writeSpanChanges → assertSpanWrite).

  const conflict = async (tx: Db, reason: AnnotationConflictDetails["reason"], message: string): Promise<never> => {
    const current = await getAnnotation({ db: tx, pairId, annotatorId });
    const details: AnnotationConflictDetails = {
      reason,
      annotationId: current?.id ?? null,
      version: current?.version ?? 0,
      status: current?.status ?? null,
      spans: current?.spans ?? [],
    };
    throw new AppError("CONFLICT", message, details);
  };

  try {
    return await runInTransaction(
      async (tx) => {
        let annotation = await tx.annotation.findUnique({
          where: { pairId_annotatorId: { pairId, annotatorId } },
          select: { id: true, version: true, status: true, blind: true },
        });
        // Lock first: merging into a submitted annotation could only fail again, so a stale tab learns it is locked.
        if (annotation && LOCKED.includes(annotation.status)) {
          await conflict(tx, "locked", `The annotation is ${annotation.status}; it cannot be edited now`);
        }
        const current = annotation?.version ?? 0;
        if (current !== baseVersion) {
          await conflict(tx, "version", `The annotation changed since version ${baseVersion} (now ${current}): reload or merge`);
        }
        const blind = await isBlindSave({
          db: tx,
          pairId,
          annotator: { id: annotator.id, role: zRole.parse(annotator.role) },
          actorId,
          status: annotation ? zAnnotationStatus.parse(annotation.status) : null,
        });
        annotation ??= await tx.annotation.create({
          data: { pairId, annotatorId, blind },
          select: { id: true, version: true, status: true, blind: true },
        });

        const existing = await tx.span.findMany({
          where: { annotationId: annotation.id, deletedAt: null },
          select: SPAN_SELECT,
        });
        const now = new Date();
        const changes = await writeSpanChanges({
          tx,
          existing,
          desired: snapSavedSpans({ spans, existing, documents }),
          scope: { pairId, annotationId: annotation.id, source: "human" },
          actorId,
          now,
        });
        const changed = changes.created.length + changes.updated.length + changes.deleted.length > 0;
        let { version, status } = annotation;
        if (changed) {
          // Conditional on the version read above: under PostgreSQL a concurrent save that got here first leaves 0
          // rows to update, and throwing rolls back this transaction's span writes.
          status = annotation.status === "rejected" ? "in_progress" : annotation.status;
          const claimed = await tx.annotation.updateMany({
            where: { id: annotation.id, version: baseVersion },
            data: { version: { increment: 1 }, status, ...(annotation.blind && !blind ? { blind: false } : {}) },
          });
          if (claimed.count !== 1) await conflict(tx, "version", "The annotation was saved concurrently: reload or merge");
          version = baseVersion + 1;
        }
        const pairStatus = changed
          ? await syncPairStatus({ tx, pairId, touch: true })
          : zPairStatus.parse((await tx.pair.findUniqueOrThrow({ where: { id: pairId }, select: { status: true } })).status);
        return {
          annotationId: annotation.id,
          version,
          status: zAnnotationStatus.parse(status),
          pairStatus,
          ...summarizeSpanChanges(changes, documents),
        };
      },
      { db },
    );
  } catch (e) {
    // Two first saves racing on PostgreSQL: the loser's annotation insert hits the unique key.
    if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002") {
      const current = await getAnnotation({ db, pairId, annotatorId }).catch(() => null);
      const details: AnnotationConflictDetails = {
        reason: "version",
        annotationId: current?.id ?? null,
        version: current?.version ?? 0,
        status: current?.status ?? null,
        spans: current?.spans ?? [],
      };
      throw new AppError("CONFLICT", "The annotation was created concurrently: reload or merge", details);
    }
    throw e;
  }
}
