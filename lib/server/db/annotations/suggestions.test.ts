import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "../generated/client";
import { acceptSuggestions } from "./accept-suggestions";
import { getAnnotation } from "./get-annotation";
import { listSuggestions } from "./list-suggestions";
import { saveAnnotationSpans } from "./save-annotation-spans";
import { saveSuggestions } from "./save-suggestions";
import { createTestDb, createTestPair, createUser, expectAppError, spanOf, type TestDb } from "./test-fixtures";

let t: TestDb;
let db: PrismaClient;
let alice: string;

beforeAll(async () => {
  t = await createTestDb();
  db = t.db;
  alice = await createUser(db, "alice");
});
afterAll(async () => t?.cleanup());

describe("suggestions", () => {
  it("stores model and judge suggestions apart from human spans and replaces per (pair, source, model)", async () => {
    const pair = await createTestPair(db);
    const { pairId } = pair;
    const boil = { ...spanOf(pair, 0, "Boil the eggs for nine minutes.", "vital"), score: 0.91 };
    const six = { ...spanOf(pair, 1, "Soft-boiled eggs take about six minutes.", "vital"), score: 0.8 };
    const m1 = await saveSuggestions({ db, pairId, source: "model", modelName: "m1", suggestions: [six, boil] });
    expect(m1).toMatchObject({ created: 2, updated: 0, deleted: 0 });
    expect(m1.suggestions.map((s) => s.documentId)).toEqual([pair.documentIds[0], pair.documentIds[1]]); // document order
    await saveSuggestions({
      db,
      pairId,
      source: "judge",
      modelName: "gpt-judge",
      suggestions: [{ ...spanOf(pair, 0, "Subscribe to our newsletter!", "ads"), rationale: "promotion" }],
    });
    expect(await db.span.count({ where: { pairId } })).toBe(0); // no Span rows: suggestions are not human work
    expect(await listSuggestions({ db, pairId })).toHaveLength(3);
    expect((await listSuggestions({ db, pairId, source: "judge" }))[0]).toMatchObject({
      rationale: "promotion",
      category: "ads",
      modelName: "gpt-judge",
    });
    expect(await listSuggestions({ db, pairId, modelName: "m1", documentId: pair.documentIds[1] })).toHaveLength(1);

    // Replace m1: the unchanged suggestion keeps its id (new score), the other goes, a new one comes.
    const keepId = m1.suggestions[0]!.id;
    const replaced = await saveSuggestions({
      db,
      pairId,
      source: "model",
      modelName: "m1",
      suggestions: [{ ...boil, score: 0.95 }, spanOf(pair, 0, "Cool them in cold water.", "vital")],
    });
    expect(replaced).toMatchObject({ created: 1, updated: 1, deleted: 1 });
    expect(replaced.suggestions.find((s) => s.text === boil.text)).toMatchObject({ id: keepId, score: 0.95 });
    expect(await listSuggestions({ db, pairId, source: "judge" })).toHaveLength(1); // other sources untouched

    const drifted = { ...boil, start: boil.start + 1, end: boil.end + 1 };
    expect(
      (await expectAppError(saveSuggestions({ db, pairId, source: "model", modelName: "m1", suggestions: [six, drifted] }), "UNPROCESSABLE")).details,
    ).toMatchObject({ index: 1 });
    expect(await listSuggestions({ db, pairId, modelName: "m1" })).toHaveLength(2); // unchanged after the failure
    await expectAppError(saveSuggestions({ db, pairId: "nope", source: "model", modelName: "m1", suggestions: [] }), "NOT_FOUND");
  });

  it("accepting copies suggestions into the annotator's spans with a link, through the autosave rules", async () => {
    const pair = await createTestPair(db);
    const { pairId } = pair;
    const { suggestions } = await saveSuggestions({
      db,
      pairId,
      source: "model",
      modelName: "m1",
      suggestions: [
        { ...spanOf(pair, 0, "Boil the eggs for nine minutes.", "vital"), score: 0.9 },
        { ...spanOf(pair, 1, "Soft-boiled eggs take about six minutes.", "vital"), score: 0.7 },
      ],
    });
    const [s0, s1] = suggestions;
    // The annotator already has one span of their own.
    const own = await saveAnnotationSpans({
      db,
      pairId,
      annotatorId: alice,
      baseVersion: 0,
      spans: [spanOf(pair, 1, "Share this page.", "ui_navigation")],
    });

    await expectAppError(acceptSuggestions({ db, pairId, annotatorId: alice, baseVersion: 0, suggestionIds: [s0!.id] }), "CONFLICT");
    await expectAppError(acceptSuggestions({ db, pairId, annotatorId: alice, baseVersion: 1, suggestionIds: ["nope"] }), "NOT_FOUND");

    const accepted = await acceptSuggestions({ db, pairId, annotatorId: alice, baseVersion: own.version, suggestionIds: [s0!.id] });
    expect(accepted.version).toBe(2);
    expect(accepted.created).toHaveLength(1);
    const spanId = accepted.accepted[s0!.id]!;
    const row = await db.span.findUniqueOrThrow({ where: { id: spanId } });
    expect(row).toMatchObject({ source: "human", suggestionId: s0!.id, score: 0.9, authorId: alice, text: s0!.text, category: "vital" });
    expect(accepted.spans).toHaveLength(2); // own span kept
    expect(await db.spanEvent.count({ where: { spanId, action: "create" } })).toBe(1);

    // Accepting again is a no-op; a category override applies to new copies.
    const again = await acceptSuggestions({ db, pairId, annotatorId: alice, baseVersion: 2, suggestionIds: [s0!.id, s1!.id], category: "off_topic" });
    expect(again.skipped).toEqual([s0!.id]);
    expect(again.version).toBe(3);
    expect((await db.span.findUniqueOrThrow({ where: { id: again.accepted[s1!.id]! } })).category).toBe("off_topic");

    // Suggestions and human spans stay apart: suggestion rows unchanged, human list holds only copies.
    expect(await listSuggestions({ db, pairId })).toHaveLength(2);
    const annotation = (await getAnnotation({ db, pairId, annotatorId: alice }))!;
    expect(annotation.spans.every((s) => s.source === "human")).toBe(true);
    expect(annotation.spans.filter((s) => s.suggestionId)).toHaveLength(2);

    // Re-running the model without s1 removes that suggestion; the human copy survives, unlinked.
    await saveSuggestions({
      db,
      pairId,
      source: "model",
      modelName: "m1",
      suggestions: [spanOf(pair, 0, "Boil the eggs for nine minutes.", "vital")],
    });
    const copy = await db.span.findUniqueOrThrow({ where: { id: again.accepted[s1!.id]! } });
    expect(copy).toMatchObject({ deletedAt: null, suggestionId: null });
    // The editor still holds the old link: its autosave neither fails nor resurrects the link.
    const resave = await saveAnnotationSpans({ db, pairId, annotatorId: alice, baseVersion: 3, spans: annotation.spans });
    expect(resave).toMatchObject({ version: 3, created: [], updated: [], deleted: [] });
  });

  it("rejects a span linked to a suggestion of another document", async () => {
    const pair = await createTestPair(db);
    const { suggestions } = await saveSuggestions({
      db,
      pairId: pair.pairId,
      source: "model",
      modelName: "m1",
      suggestions: [spanOf(pair, 0, "Boil", "vital")],
    });
    await expectAppError(
      saveAnnotationSpans({
        db,
        pairId: pair.pairId,
        annotatorId: alice,
        baseVersion: 0,
        spans: [{ ...spanOf(pair, 1, "Share", "vital"), suggestionId: suggestions[0]!.id }],
      }),
      "UNPROCESSABLE",
    );
  });
});
