import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "../generated/client";
import { adjudicatePair } from "./adjudicate-pair";
import { getAnnotation } from "./get-annotation";
import { getGoldSpans } from "./get-gold-spans";
import { derivePairStatus } from "./sync-pair-status";
import { listSpanHistory } from "./list-span-history";
import { reviewAnnotation } from "./review-annotation";
import { saveAnnotationSpans, type AnnotationConflictDetails } from "./save-annotation-spans";
import { submitAnnotation } from "./submit-annotation";
import { createTestDb, createTestPair, createUser, expectAppError, spanOf, type TestDb } from "./test-fixtures";

let t: TestDb;
let db: PrismaClient;
let alice: string; // annotator
let rita: string; // reviewer who also annotates
let bob: string; // reviewer

beforeAll(async () => {
  t = await createTestDb();
  db = t.db;
  alice = await createUser(db, "alice");
  rita = await createUser(db, "rita", "reviewer");
  bob = await createUser(db, "bob", "reviewer");
});
afterAll(async () => t?.cleanup());

const pairStatus = async (pairId: string) => (await db.pair.findUniqueOrThrow({ where: { id: pairId } })).status;

describe("derivePairStatus", () => {
  it("summarizes annotations and gold", () => {
    expect(derivePairStatus({ annotations: [], hasGold: false })).toBe("unlabeled");
    expect(derivePairStatus({ annotations: [{ status: "in_progress", version: 0 }], hasGold: false })).toBe("unlabeled");
    expect(derivePairStatus({ annotations: [{ status: "in_progress", version: 1 }], hasGold: false })).toBe("in_progress");
    expect(
      derivePairStatus({
        annotations: [
          { status: "rejected", version: 3 },
          { status: "submitted", version: 2 },
        ],
        hasGold: false,
      }),
    ).toBe("submitted");
    expect(
      derivePairStatus({
        annotations: [
          { status: "rejected", version: 3 },
          { status: "in_progress", version: 2 },
        ],
        hasGold: false,
      }),
    ).toBe("rejected");
    expect(derivePairStatus({ annotations: [{ status: "rejected", version: 3 }], hasGold: true })).toBe("accepted");
  });
});

describe("submitAnnotation without a saved annotation", () => {
  it("submits an empty annotation (nothing to label) and keeps the stale-view check", async () => {
    const { pairId } = await createTestPair(db);
    const done = await submitAnnotation({ db, pairId, annotatorId: alice });
    expect(done).toMatchObject({ status: "submitted", version: 1, pairStatus: "submitted" });
    expect((await getAnnotation({ db, pairId, annotatorId: alice }))!.spans).toEqual([]);
    await expectAppError(submitAnnotation({ db, pairId: "no-such-pair", annotatorId: alice }), "NOT_FOUND");
    // A client that saw version 3 of an annotation that does not exist is confused, not creating one.
    const other = await createTestPair(db);
    await expectAppError(submitAnnotation({ db, pairId: other.pairId, annotatorId: alice, baseVersion: 3 }), "NOT_FOUND");
  });
});

describe("submit → review → rework → accept", () => {
  it("walks Pair.status unlabeled → in_progress → submitted → rejected → in_progress → submitted → accepted", async () => {
    const pair = await createTestPair(db);
    const { pairId } = pair;
    expect(await pairStatus(pairId)).toBe("unlabeled");
    const saved = await saveAnnotationSpans({ db, pairId, annotatorId: alice, baseVersion: 0, spans: [spanOf(pair, 0, "Boil the eggs", "vital")] });
    expect(await pairStatus(pairId)).toBe("in_progress");

    // Reviewing before submission is a state conflict.
    await expectAppError(reviewAnnotation({ db, pairId, annotatorId: alice, reviewerId: bob, decision: "accept" }), "CONFLICT");
    await expectAppError(submitAnnotation({ db, pairId, annotatorId: alice, baseVersion: 0 }), "CONFLICT"); // stale view
    const submitted = await submitAnnotation({ db, pairId, annotatorId: alice, baseVersion: saved.version, comment: "done" });
    expect(submitted).toMatchObject({ status: "submitted", version: 2, pairStatus: "submitted" });
    expect(await pairStatus(pairId)).toBe("submitted");
    await expectAppError(submitAnnotation({ db, pairId, annotatorId: alice }), "CONFLICT"); // already submitted

    // Locked while submitted: an open editor at the old version and a fresh one both learn it is locked (a merge
    // offered to the stale one could only fail again).
    const stale = await expectAppError(saveAnnotationSpans({ db, pairId, annotatorId: alice, baseVersion: 1, spans: [] }), "CONFLICT");
    expect((stale.details as AnnotationConflictDetails).reason).toBe("locked");
    const locked = await expectAppError(saveAnnotationSpans({ db, pairId, annotatorId: alice, baseVersion: 2, spans: [] }), "CONFLICT");
    expect((locked.details as AnnotationConflictDetails).reason).toBe("locked");

    // A plain annotator may not review; a rejection needs a (non-blank) comment.
    await expectAppError(reviewAnnotation({ db, pairId, annotatorId: alice, reviewerId: alice, decision: "accept" }), "FORBIDDEN");
    await expectAppError(reviewAnnotation({ db, pairId, annotatorId: alice, reviewerId: bob, decision: "reject" }), "UNPROCESSABLE");
    await expectAppError(reviewAnnotation({ db, pairId, annotatorId: alice, reviewerId: bob, decision: "reject", comment: "   " }), "UNPROCESSABLE");
    expect(await pairStatus(pairId)).toBe("submitted");

    const rejected = await reviewAnnotation({ db, pairId, annotatorId: alice, reviewerId: bob, decision: "reject", comment: "Mark the ad too." });
    expect(rejected).toMatchObject({ status: "rejected", pairStatus: "rejected", version: 3 });
    const afterReject = await db.pair.findUniqueOrThrow({ where: { id: pairId } });
    expect(afterReject).toMatchObject({ status: "rejected", reviewerId: bob, reviewComment: "Mark the ad too." });
    expect(afterReject.reviewedAt).toBeInstanceOf(Date);

    // Rework: editing a rejected annotation reopens it.
    const current = (await getAnnotation({ db, pairId, annotatorId: alice }))!;
    const reworked = await saveAnnotationSpans({
      db,
      pairId,
      annotatorId: alice,
      baseVersion: current.version,
      spans: [...current.spans, spanOf(pair, 0, "Subscribe to our newsletter!", "ads")],
    });
    expect(reworked).toMatchObject({ status: "in_progress", pairStatus: "in_progress", version: 4 });
    await submitAnnotation({ db, pairId, annotatorId: alice });
    const accepted = await reviewAnnotation({ db, annotationId: reworked.annotationId, reviewerId: bob, decision: "accept", comment: "ok" });
    expect(accepted).toMatchObject({ status: "accepted", pairStatus: "accepted" });
    expect(await pairStatus(pairId)).toBe("accepted");
  });

  it("forbids reviewers from reviewing their own annotation", async () => {
    const pair = await createTestPair(db);
    await saveAnnotationSpans({ db, pairId: pair.pairId, annotatorId: rita, baseVersion: 0, spans: [spanOf(pair, 1, "six minutes", "vital")] });
    await submitAnnotation({ db, pairId: pair.pairId, annotatorId: rita });
    const err = await expectAppError(
      reviewAnnotation({ db, pairId: pair.pairId, annotatorId: rita, reviewerId: rita, decision: "accept" }),
      "FORBIDDEN",
    );
    expect(err.message).toMatch(/own annotation/);
    expect((await getAnnotation({ db, pairId: pair.pairId, annotatorId: rita }))!.status).toBe("submitted");
    await expectAppError(reviewAnnotation({ db, annotationId: "nope", reviewerId: bob, decision: "accept" }), "NOT_FOUND");
  });
});

describe("adjudicatePair", () => {
  it("writes gold spans (source gold, no annotation) with events, replaces earlier gold, and accepts the pair", async () => {
    const pair = await createTestPair(db);
    const { pairId } = pair;
    await saveAnnotationSpans({
      db,
      pairId,
      annotatorId: alice,
      baseVersion: 0,
      spans: [spanOf(pair, 0, "Boil the eggs for nine minutes.", "vital")],
    });
    await submitAnnotation({ db, pairId, annotatorId: alice });
    const before = await getGoldSpans({ db, pairId });
    expect(before.spans).toEqual([]);

    await expectAppError(adjudicatePair({ db, pairId, reviewerId: alice, spans: [spanOf(pair, 0, "Boil", "vital")] }), "FORBIDDEN");
    const drift = { ...spanOf(pair, 0, "Boil", "vital"), text: "Bake" };
    expect(
      (await expectAppError(adjudicatePair({ db, pairId, reviewerId: bob, spans: [spanOf(pair, 1, "six", "vital"), drift] }), "UNPROCESSABLE"))
        .details,
    ).toMatchObject({ index: 1 });
    await expectAppError(adjudicatePair({ db, pairId, reviewerId: bob, spans: [] }), "UNPROCESSABLE");
    await expectAppError(
      adjudicatePair({ db, pairId, reviewerId: bob, baseVersion: before.version + 5, spans: [spanOf(pair, 0, "Boil", "vital")] }),
      "CONFLICT",
    );

    const gold = await adjudicatePair({
      db,
      pairId,
      reviewerId: bob,
      baseVersion: before.version,
      comment: "merged",
      spans: [
        spanOf(pair, 0, "Boil the eggs for nine minutes.", "vital"),
        spanOf(pair, 0, "Subscribe to our newsletter!", "ads"),
        spanOf(pair, 1, "Soft-boiled eggs take about six minutes.", "vital"),
      ],
    });
    expect(gold.status).toBe("accepted");
    expect(gold.version).toBe(before.version + 1);
    expect(gold.created).toHaveLength(3);
    const rows = await db.span.findMany({ where: { pairId, source: "gold" } });
    expect(rows).toHaveLength(3);
    for (const r of rows) expect(r).toMatchObject({ annotationId: null, authorId: bob, deletedAt: null });
    expect(await db.pair.findUniqueOrThrow({ where: { id: pairId } })).toMatchObject({
      status: "accepted",
      reviewerId: bob,
      reviewComment: "merged",
    });
    // Human spans are untouched and separate.
    expect((await getAnnotation({ db, pairId, annotatorId: alice }))!.spans.map((s) => s.source)).toEqual(["human"]);

    // Second adjudication: keep one (by id), change one, drop one, add one.
    const [g0, g1] = gold.spans;
    const again = await adjudicatePair({
      db,
      pairId,
      reviewerId: rita,
      baseVersion: gold.version,
      spans: [
        { ...g0!, id: g0!.id },
        { ...spanOf(pair, 0, "Subscribe to our newsletter", "ads"), id: g1!.id },
        spanOf(pair, 1, "Share this page.", "ui_navigation"),
      ],
    });
    expect(again.created).toHaveLength(1);
    expect(again.updated).toEqual([g1!.id]);
    expect(again.deleted).toHaveLength(1);
    const current = await getGoldSpans({ db, pairId });
    expect(current.spans.map((s) => s.text)).toEqual(["Boil the eggs for nine minutes.", "Subscribe to our newsletter", "Share this page."]);
    expect(current).toMatchObject({ status: "accepted", reviewerId: rita, version: again.version });
    expect(await db.span.count({ where: { pairId, source: "gold", deletedAt: { not: null } } })).toBe(1);
    const history = await listSpanHistory({ db, pairId, source: "gold" });
    expect(history.events.filter((e) => e.action === "create")).toHaveLength(4);
    expect(history.events.filter((e) => e.action === "update" && e.actor?.id === rita)).toHaveLength(1);
    expect(history.events.filter((e) => e.action === "delete")).toHaveLength(1);
    expect(history.events.every((e) => e.span.source === "gold" && e.span.annotationId === null)).toBe(true);
  });
});
