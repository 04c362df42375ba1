// Span writes through the policy (lib/auth/policy.ts canEditAnnotation and canDeleteSpan), in the one place they are
// checked (assertSpanWrite, called by writeSpanChanges): who may write into whose annotation and into gold, against a
// real SQLite database. A refused write leaves every span and event as it was.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canEditAnnotation, hasPermission } from "@/lib/auth/policy";
import { ROLES, type Role } from "../../../schemas/enums";
import type { PrismaClient } from "../generated/client";
import { runInTransaction } from "../run-in-transaction";
import { adjudicatePair } from "./adjudicate-pair";
import { acceptSuggestions } from "./accept-suggestions";
import { saveAnnotationSpans } from "./save-annotation-spans";
import { saveSuggestions } from "./save-suggestions";
import { SPAN_SELECT } from "./span-rows";
import { createTestDb, createTestPair, createUser, expectAppError, spanOf, type TestDb } from "./test-fixtures";
import { writeSpanChanges } from "./write-span-changes";

let t: TestDb;
let db: PrismaClient;
const users = {} as Record<Role, string>;
let alice: string;

beforeAll(async () => {
  t = await createTestDb("snippet-lab-span-policy-");
  db = t.db;
  for (const role of ROLES) users[role] = await createUser(db, `policy-${role}`, role);
  alice = await createUser(db, "policy-alice");
});
afterAll(async () => t?.cleanup());

/** Spans and events of the pair, to prove a refused write changed nothing. */
async function snapshot(pairId: string) {
  const spans = await db.span.findMany({ where: { pairId }, orderBy: { id: "asc" } });
  const events = await db.spanEvent.count({ where: { span: { pairId } } });
  return { spans, events };
}

describe("writing into another annotator's annotation (canEditAnnotation)", () => {
  it.each(ROLES)("%s: allowed exactly with span:delete-others, else FORBIDDEN with nothing written", async (role) => {
    const pair = await createTestPair(db);
    const first = await saveAnnotationSpans({
      db,
      pairId: pair.pairId,
      annotatorId: alice,
      baseVersion: 0,
      spans: [spanOf(pair, 0, "Boil the eggs", "vital")],
    });
    const before = await snapshot(pair.pairId);
    // Trim alice's span and add one: a change to someone else's span and a new span in her annotation.
    const edit = saveAnnotationSpans({
      db,
      pairId: pair.pairId,
      annotatorId: alice,
      actorId: users[role],
      baseVersion: first.version,
      spans: [
        { ...spanOf(pair, 0, "Boil the eggs for nine minutes.", "vital"), id: first.spans[0]!.id },
        spanOf(pair, 1, "Share this page.", "ui_navigation"),
      ],
    });
    const allowed = canEditAnnotation({ user: { id: users[role], role }, annotation: { annotatorId: alice } });
    expect(allowed).toBe(hasPermission(role, "span:delete-others"));
    if (allowed) {
      const saved = await edit;
      expect(saved.updated).toEqual([first.spans[0]!.id]);
      expect(saved.created).toHaveLength(1);
      const events = await db.spanEvent.findMany({ where: { span: { pairId: pair.pairId } }, orderBy: { createdAt: "asc" } });
      expect(events.slice(-2).map((e) => e.actorId)).toEqual([users[role], users[role]]);
    } else {
      const err = await expectAppError(edit, "FORBIDDEN");
      expect(err.message).toContain("span:delete-others");
      expect(await snapshot(pair.pairId)).toEqual(before);
    }
  });

  it("an annotator changes any span of their own annotation, also one a reviewer wrote into it", async () => {
    const pair = await createTestPair(db);
    const mine = await saveAnnotationSpans({
      db,
      pairId: pair.pairId,
      annotatorId: alice,
      baseVersion: 0,
      spans: [spanOf(pair, 0, "Boil the eggs", "vital")],
    });
    const fixed = await saveAnnotationSpans({
      db,
      pairId: pair.pairId,
      annotatorId: alice,
      actorId: users.reviewer,
      baseVersion: mine.version,
      spans: [...mine.spans, spanOf(pair, 1, "Share this page.", "ui_navigation")],
    });
    const reviewers = fixed.created[0]!;
    expect((await db.span.findUniqueOrThrow({ where: { id: reviewers } })).authorId).toBe(users.reviewer);
    const removed = await saveAnnotationSpans({ db, pairId: pair.pairId, annotatorId: alice, baseVersion: fixed.version, spans: mine.spans });
    expect(removed.deleted).toEqual([reviewers]);
  });

  it("accepting suggestions into someone else's annotation follows the same rule", async () => {
    const pair = await createTestPair(db);
    await saveSuggestions({ db, pairId: pair.pairId, source: "model", modelName: "m", suggestions: [spanOf(pair, 0, "Boil the eggs", "vital")] });
    const [suggestion] = await db.suggestion.findMany({ where: { pairId: pair.pairId } });
    const accept = (actorId: string) =>
      acceptSuggestions({ db, pairId: pair.pairId, annotatorId: alice, actorId, baseVersion: 0, suggestionIds: [suggestion!.id] });
    await expectAppError(accept(users.researcher), "FORBIDDEN");
    expect(await db.annotation.count({ where: { pairId: pair.pairId } })).toBe(0);
    await expect(accept(users.reviewer)).resolves.toMatchObject({ version: 1 });
  });

  it("a disabled or unknown actor writes nothing", async () => {
    const pair = await createTestPair(db);
    const gone = await createUser(db, "policy-gone", "admin");
    await db.user.update({ where: { id: gone }, data: { disabledAt: new Date() } });
    const write = (actorId: string) =>
      saveAnnotationSpans({ db, pairId: pair.pairId, annotatorId: alice, actorId, baseVersion: 0, spans: [spanOf(pair, 0, "Boil", "vital")] });
    await expectAppError(write(gone), "FORBIDDEN");
    await expectAppError(write("nobody"), "FORBIDDEN");
    expect(await db.annotation.count({ where: { pairId: pair.pairId } })).toBe(0);
  });
});

describe("writing gold (pair:review, and canDeleteSpan for each gold span changed)", () => {
  /** writeSpanChanges on the pair's gold as `actorId`, the way adjudicatePair and the repair call it. */
  const writeGold = (pairId: string, actorId: string | null, desired: ReturnType<typeof spanOf>[]) =>
    runInTransaction(
      async (tx) => {
        const existing = await tx.span.findMany({ where: { pairId, source: "gold", annotationId: null, deletedAt: null }, select: SPAN_SELECT });
        return writeSpanChanges({ tx, existing, desired, scope: { pairId, annotationId: null, source: "gold" }, actorId, now: new Date() });
      },
      { db },
    );

  it.each(ROLES)("%s: gold changes pass only with pair:review and span:delete-others", async (role) => {
    const pair = await createTestPair(db);
    // Gold another reviewer wrote (the import's gold has no author: canDeleteSpan treats both as someone else's).
    const other = await createUser(db, `policy-rev-${role}`, "reviewer");
    await writeGold(pair.pairId, other, [spanOf(pair, 0, "Boil the eggs", "vital")]);
    const before = await snapshot(pair.pairId);
    const write = writeGold(pair.pairId, users[role], [spanOf(pair, 0, "Boil the eggs for nine minutes.", "vital")]);
    if (hasPermission(role, "pair:review") && hasPermission(role, "span:delete-others")) {
      await expect(write).resolves.toMatchObject({ created: [expect.any(String)], deleted: [expect.any(String)] });
    } else {
      await expectAppError(write, "FORBIDDEN");
      expect(await snapshot(pair.pairId)).toEqual(before);
    }
  });

  it("the system (an import, a repair: no actor) is not a person and is not checked", async () => {
    const pair = await createTestPair(db);
    await expect(writeGold(pair.pairId, null, [spanOf(pair, 0, "Boil the eggs", "vital")])).resolves.toMatchObject({ created: [expect.any(String)] });
  });

  it("adjudicatePair writes gold through the same check", async () => {
    const pair = await createTestPair(db);
    await saveAnnotationSpans({ db, pairId: pair.pairId, annotatorId: alice, baseVersion: 0, spans: [spanOf(pair, 0, "Boil the eggs", "vital")] });
    await expectAppError(
      adjudicatePair({ db, pairId: pair.pairId, reviewerId: users.researcher, spans: [spanOf(pair, 0, "Boil the eggs", "vital")] }),
      "FORBIDDEN",
    );
    await expect(
      adjudicatePair({ db, pairId: pair.pairId, reviewerId: users.reviewer, spans: [spanOf(pair, 0, "Boil the eggs", "vital")] }),
    ).resolves.toMatchObject({
      status: "accepted",
    });
  });
});
