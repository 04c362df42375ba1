import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mergeSpanEdits } from "@/lib/spans/merge-span-edits";
import type { PrismaClient } from "../generated/client";
import { getAnnotation } from "./get-annotation";
import { getOrCreateAnnotation } from "./get-or-create-annotation";
import { listSpanHistory } from "./list-span-history";
import { saveAnnotationSpans, type AnnotationConflictDetails } from "./save-annotation-spans";
import type { SpanInput } from "../../../schemas/spans";
import { createTestDb, createTestPair, createUser, expectAppError, spanOf, type TestDb } from "./test-fixtures";

let t: TestDb;
let db: PrismaClient;
let alice: string;
let bob: string;
let carol: string;

beforeAll(async () => {
  t = await createTestDb();
  db = t.db;
  alice = await createUser(db, "alice");
  bob = await createUser(db, "bob", "reviewer");
  carol = await createUser(db, "carol");
});
afterAll(async () => t?.cleanup());

describe("getOrCreateAnnotation", () => {
  it("creates one annotation per annotator per pair without touching the pair status", async () => {
    const pair = await createTestPair(db);
    const first = await getOrCreateAnnotation({ db, pairId: pair.pairId, annotatorId: alice });
    const again = await getOrCreateAnnotation({ db, pairId: pair.pairId, annotatorId: alice });
    expect(first).toMatchObject({ created: true, status: "in_progress", version: 0 });
    expect(again).toMatchObject({ id: first.id, created: false });
    expect(await db.annotation.count({ where: { pairId: pair.pairId } })).toBe(1);
    expect((await db.pair.findUniqueOrThrow({ where: { id: pair.pairId } })).status).toBe("unlabeled");
    await expectAppError(getOrCreateAnnotation({ db, pairId: "nope", annotatorId: alice }), "NOT_FOUND");
    await expectAppError(getOrCreateAnnotation({ db, pairId: pair.pairId, annotatorId: "nobody" }), "NOT_FOUND");
  });
});

describe("saveAnnotationSpans: optimistic concurrency", () => {
  it("two editors of one annotation: the stale save gets CONFLICT with the server spans, nothing is lost", async () => {
    const pair = await createTestPair(db);
    const seen = new Set<string>(); // every span id any client ever held
    const remember = (ids: Iterable<string>) => {
      for (const id of ids) seen.add(id);
    };

    // Tab A (alice) and tab B (bob, a reviewer fixing alice's annotation) both open it at version 0.
    const a1 = spanOf(pair, 0, "Boil the eggs for nine minutes.", "vital", "tmp-a1");
    const a2 = spanOf(pair, 0, "Subscribe to our newsletter!", "ads", "tmp-a2");
    const savedA = await saveAnnotationSpans({ db, pairId: pair.pairId, annotatorId: alice, baseVersion: 0, spans: [a1, a2] });
    expect(savedA.version).toBe(1);
    expect(savedA.created).toHaveLength(2);
    expect(Object.keys(savedA.idMap).sort()).toEqual(["tmp-a1", "tmp-a2"]);
    expect(savedA.pairStatus).toBe("in_progress"); // first edit: unlabeled → in_progress
    remember(savedA.created);

    const b1 = spanOf(pair, 1, "Share this page.", "ui_navigation", "tmp-b1");
    const err = await expectAppError(
      saveAnnotationSpans({ db, pairId: pair.pairId, annotatorId: alice, actorId: bob, baseVersion: 0, spans: [b1] }),
      "CONFLICT",
    );
    const details = err.details as AnnotationConflictDetails;
    expect(details.reason).toBe("version");
    expect(details.version).toBe(1);
    expect(details.spans.map((s) => s.text).sort()).toEqual([a1.text, a2.text].sort());
    expect(details.spans.map((s) => s.id).sort()).toEqual([...savedA.created].sort());
    // The rejected save wrote nothing.
    expect((await getAnnotation({ db, pairId: pair.pairId, annotatorId: alice }))!.version).toBe(1);
    expect(await db.span.count({ where: { pairId: pair.pairId } })).toBe(2);

    // B merges (lib/spans three-way merge) on top of the server version, then edits: trims A's vital span and
    // deletes A's ad span. Saved from version 1 → 2.
    const merged = mergeSpanEdits({
      base: [],
      mine: [{ documentId: b1.documentId, start: b1.start, end: b1.end, text: b1.text, category: b1.category, id: b1.id!, source: "human" }],
      theirs: details.spans,
    });
    expect(merged.conflicts).toEqual([]);
    const vital = merged.spans.find((s) => s.category === "vital")!;
    const trimmed = { ...spanOf(pair, 0, "Boil the eggs for nine minutes", "vital"), id: vital.id };
    const bList: SpanInput[] = [...merged.spans.filter((s) => s.category === "ui_navigation"), trimmed];
    const savedB = await saveAnnotationSpans({
      db,
      pairId: pair.pairId,
      annotatorId: alice,
      actorId: bob,
      baseVersion: details.version,
      spans: bList,
    });
    expect(savedB.version).toBe(2);
    expect(savedB.created).toHaveLength(1);
    expect(savedB.updated).toEqual([vital.id]);
    expect(savedB.deleted).toEqual([savedA.idMap["tmp-a2"]]);
    remember(savedB.created);
    remember(Object.values(savedB.idMap));

    // Tab A, still at version 1, cannot overwrite B's work either.
    const errA = await expectAppError(
      saveAnnotationSpans({ db, pairId: pair.pairId, annotatorId: alice, baseVersion: 1, spans: [a1, a2] }),
      "CONFLICT",
    );
    expect((errA.details as AnnotationConflictDetails).version).toBe(2);

    // No span is lost: each id is live, or its deletion is recorded.
    const final = (await getAnnotation({ db, pairId: pair.pairId, annotatorId: alice }))!;
    expect(final.version).toBe(2);
    const live = new Set(final.spans.map((s) => s.id));
    const deletes = new Set((await db.spanEvent.findMany({ where: { action: "delete", span: { pairId: pair.pairId } } })).map((e) => e.spanId));
    expect(seen.size).toBe(3);
    for (const id of seen) expect(live.has(id) || deletes.has(id), `span ${id}`).toBe(true);
    // Every row ever written has a create event, and only the recorded deletions are soft-deleted.
    const rows = await db.span.findMany({ where: { pairId: pair.pairId }, include: { events: true } });
    for (const r of rows) {
      expect(r.events.some((e) => e.action === "create")).toBe(true);
      expect(r.deletedAt !== null).toBe(deletes.has(r.id));
    }
    expect(final.spans.map((s) => [s.text, s.category])).toEqual([
      ["Boil the eggs for nine minutes", "vital"],
      ["Share this page.", "ui_navigation"],
    ]);

    // History: newest first, with actors and before/after snapshots.
    const history = await listSpanHistory({ db, pairId: pair.pairId });
    expect(history.events).toHaveLength(5);
    // Newest first: the second save (bob: one update, one delete, one create), then alice's two creates.
    expect(
      history.events
        .slice(0, 3)
        .map((e) => e.action)
        .sort(),
    ).toEqual(["create", "delete", "update"]);
    expect(history.events.slice(3).map((e) => [e.action, e.actor?.id])).toEqual([
      ["create", alice],
      ["create", alice],
    ]);
    for (let i = 1; i < history.events.length; i++) {
      expect(history.events[i - 1]!.createdAt.getTime()).toBeGreaterThanOrEqual(history.events[i]!.createdAt.getTime());
    }
    expect(history.events.slice(0, 3).every((e) => e.actor?.id === bob)).toBe(true); // the second save's events
    const update = history.events.find((e) => e.action === "update")!;
    expect(update.spanId).toBe(vital.id);
    expect(update.before).toMatchObject({ text: "Boil the eggs for nine minutes.", end: a1.end, authorId: alice });
    expect(update.after).toMatchObject({ text: "Boil the eggs for nine minutes", end: a1.end - 1 });
    const deletion = history.events.find((e) => e.action === "delete")!;
    expect(deletion.before).toMatchObject({ text: a2.text, category: "ads" });
    expect(deletion.after).toBeNull();

    const one = await listSpanHistory({ db, pairId: pair.pairId, spanId: vital.id });
    expect(one.events.map((e) => e.action)).toEqual(["update", "create"]);
    expect(one.events[1]!.actor?.id).toBe(alice);
    // Pagination walks the same list.
    const p1 = await listSpanHistory({ db, pairId: pair.pairId, limit: 2 });
    const p2 = await listSpanHistory({ db, pairId: pair.pairId, limit: 2, cursor: p1.nextCursor! });
    const p3 = await listSpanHistory({ db, pairId: pair.pairId, limit: 2, cursor: p2.nextCursor! });
    expect([...p1.events, ...p2.events, ...p3.events].map((e) => e.id)).toEqual(history.events.map((e) => e.id));
    expect(p3.nextCursor).toBeNull();
  });

  it("concurrent saves from the same base version: exactly one wins", async () => {
    const pair = await createTestPair(db);
    const results = await Promise.allSettled([
      saveAnnotationSpans({ db, pairId: pair.pairId, annotatorId: alice, baseVersion: 0, spans: [spanOf(pair, 0, "Boil", "vital")] }),
      saveAnnotationSpans({ db, pairId: pair.pairId, annotatorId: alice, baseVersion: 0, spans: [spanOf(pair, 1, "Share", "ads")] }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ code: "CONFLICT" });
    const final = (await getAnnotation({ db, pairId: pair.pairId, annotatorId: alice }))!;
    expect(final.version).toBe(1);
    expect(final.spans).toHaveLength(1);
  });

  it("different annotators keep independent annotations and versions", async () => {
    const pair = await createTestPair(db);
    const a = await saveAnnotationSpans({ db, pairId: pair.pairId, annotatorId: alice, baseVersion: 0, spans: [spanOf(pair, 0, "Boil", "vital")] });
    const c = await saveAnnotationSpans({
      db,
      pairId: pair.pairId,
      annotatorId: carol,
      baseVersion: 0,
      spans: [spanOf(pair, 0, "Boil", "off_topic")],
    });
    expect(a.version).toBe(1);
    expect(c.version).toBe(1);
    expect(a.annotationId).not.toBe(c.annotationId);
    expect((await getAnnotation({ db, pairId: pair.pairId, annotatorId: alice }))!.spans.map((s) => s.category)).toEqual(["vital"]);
  });
});

describe("saveAnnotationSpans: validation and diffing", () => {
  it("rejects a drifted span with UNPROCESSABLE naming its index, and writes nothing", async () => {
    const pair = await createTestPair(db);
    const ok = spanOf(pair, 0, "Boil the eggs", "vital");
    const drifted = { ...spanOf(pair, 1, "Share this page.", "ads"), text: "Share this PAGE." };
    const err = await expectAppError(
      saveAnnotationSpans({ db, pairId: pair.pairId, annotatorId: alice, baseVersion: 0, spans: [ok, drifted] }),
      "UNPROCESSABLE",
    );
    expect(err.details).toMatchObject({ index: 1 });
    expect(err.message).toMatch(/span 1: text mismatch/);
    const shifted = { ...ok, start: ok.start + 1, end: ok.end + 1 }; // offsets moved, text not
    expect(
      (await expectAppError(saveAnnotationSpans({ db, pairId: pair.pairId, annotatorId: alice, baseVersion: 0, spans: [shifted] }), "UNPROCESSABLE"))
        .details,
    ).toMatchObject({ index: 0 });
    const len = pair.texts[0]!.length;
    const beyond = { ...ok, start: len - 2, end: len + 3, text: pair.texts[0]!.slice(len - 2) + "xxx" };
    await expectAppError(saveAnnotationSpans({ db, pairId: pair.pairId, annotatorId: alice, baseVersion: 0, spans: [beyond] }), "UNPROCESSABLE");
    const empty = { ...ok, end: ok.start, text: "" };
    await expectAppError(saveAnnotationSpans({ db, pairId: pair.pairId, annotatorId: alice, baseVersion: 0, spans: [empty] }), "UNPROCESSABLE");
    const other = await createTestPair(db);
    await expectAppError(
      saveAnnotationSpans({ db, pairId: pair.pairId, annotatorId: alice, baseVersion: 0, spans: [spanOf(other, 0, "Boil", "vital")] }),
      "UNPROCESSABLE",
    );
    await expectAppError(saveAnnotationSpans({ db, pairId: pair.pairId, annotatorId: alice, baseVersion: -1, spans: [] }), "UNPROCESSABLE");
    expect(await db.annotation.count({ where: { pairId: pair.pairId } })).toBe(0);
    expect(await db.span.count({ where: { pairId: pair.pairId } })).toBe(0);
    expect((await db.pair.findUniqueOrThrow({ where: { id: pair.pairId } })).status).toBe("unlabeled");
  });

  it("allows overlapping spans of different categories, rejects exact duplicates", async () => {
    const pair = await createTestPair(db);
    const vital = spanOf(pair, 0, "Boil the eggs for nine minutes.", "vital");
    const meta = spanOf(pair, 0, "nine minutes", "metadata");
    const saved = await saveAnnotationSpans({ db, pairId: pair.pairId, annotatorId: alice, baseVersion: 0, spans: [vital, meta] });
    expect(saved.spans).toHaveLength(2);
    await expectAppError(
      saveAnnotationSpans({ db, pairId: pair.pairId, annotatorId: alice, baseVersion: 1, spans: [vital, meta, { ...meta }] }),
      "UNPROCESSABLE",
    );
  });

  it("writes nothing for an unchanged list and treats delete + identical re-add as no change", async () => {
    const pair = await createTestPair(db);
    const s = spanOf(pair, 0, "Cool them in cold water.", "off_topic", "tmp-1");
    const first = await saveAnnotationSpans({ db, pairId: pair.pairId, annotatorId: alice, baseVersion: 0, spans: [s] });
    const events = await db.spanEvent.count();
    const same = await saveAnnotationSpans({ db, pairId: pair.pairId, annotatorId: alice, baseVersion: 1, spans: first.spans });
    expect(same).toMatchObject({ version: 1, created: [], updated: [], deleted: [] });
    const readded = await saveAnnotationSpans({ db, pairId: pair.pairId, annotatorId: alice, baseVersion: 1, spans: [{ ...s, id: "tmp-2" }] });
    expect(readded).toMatchObject({ version: 1, created: [], deleted: [], idMap: { "tmp-2": first.spans[0]!.id } });
    expect(await db.spanEvent.count()).toBe(events);
    // Removing everything soft-deletes and records it.
    const cleared = await saveAnnotationSpans({ db, pairId: pair.pairId, annotatorId: alice, baseVersion: 1, spans: [] });
    expect(cleared).toMatchObject({ version: 2, deleted: [first.spans[0]!.id], spans: [] });
    expect(await db.span.count({ where: { id: first.spans[0]!.id, deletedAt: { not: null } } })).toBe(1);
  });

  it("keeps score and suggestion link when the client omits them, clears them on null", async () => {
    const pair = await createTestPair(db);
    const s = { ...spanOf(pair, 0, "Boil", "vital"), score: 0.7 };
    const first = await saveAnnotationSpans({ db, pairId: pair.pairId, annotatorId: alice, baseVersion: 0, spans: [s] });
    const id = first.spans[0]!.id;
    const kept = await saveAnnotationSpans({
      db,
      pairId: pair.pairId,
      annotatorId: alice,
      baseVersion: 1,
      spans: [{ ...spanOf(pair, 0, "Boil", "vital"), id }],
    });
    expect(kept.spans[0]!.score).toBe(0.7);
    expect(kept.version).toBe(1);
    const cleared = await saveAnnotationSpans({
      db,
      pairId: pair.pairId,
      annotatorId: alice,
      baseVersion: 1,
      spans: [{ ...spanOf(pair, 0, "Boil", "vital"), id, score: null }],
    });
    expect(cleared.spans[0]!.score).toBeUndefined();
    expect(cleared.updated).toEqual([id]);
  });

  it("forbids a non-reviewer from editing someone else's annotation", async () => {
    const pair = await createTestPair(db);
    await expectAppError(
      saveAnnotationSpans({ db, pairId: pair.pairId, annotatorId: alice, actorId: carol, baseVersion: 0, spans: [spanOf(pair, 0, "Boil", "vital")] }),
      "FORBIDDEN",
    );
    await expectAppError(saveAnnotationSpans({ db, pairId: "missing", annotatorId: alice, baseVersion: 0, spans: [] }), "NOT_FOUND");
  });
});
