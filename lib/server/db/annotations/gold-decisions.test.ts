// Issue 32, gold you can trust: spans are stored on word boundaries unless a person placed them exactly, "nothing here
// is vital" is an answer and a gold decision, and the pair's status follows the documented workflow.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isWordFragment } from "@/lib/spans/word-edges";
import type { PrismaClient } from "../generated/client";
import { adjudicatePair } from "./adjudicate-pair";
import { getAnnotation } from "./get-annotation";
import { getGoldSpans } from "./get-gold-spans";
import { derivePairStatus } from "./sync-pair-status";
import { reviewAnnotation } from "./review-annotation";
import { saveAnnotationSpans } from "./save-annotation-spans";
import { submitAnnotation } from "./submit-annotation";
import { createTestDb, createTestPair, createUser, expectAppError, spanOf, type TestDb, type TestPair } from "./test-fixtures";

let t: TestDb;
let db: PrismaClient;
let ann: string;
let ann2: string;
let rev: string;

beforeAll(async () => {
  t = await createTestDb("snippet-lab-gold-decisions-");
  db = t.db;
  ann = await createUser(db, "ann");
  ann2 = await createUser(db, "ann2");
  rev = await createUser(db, "rev", "reviewer");
});
afterAll(async () => t?.cleanup());

const DOCS = ["Call fetch(url) with an AbortController signal and catch the DOMException.", "Share this page."];
/** A span of `length` characters starting `offset` characters into `needle`. */
function fragment(pair: TestPair, needle: string, offset: number, length: number) {
  const base = spanOf(pair, 0, needle, "vital");
  const start = base.start + offset;
  return { ...base, start, end: start + length, text: pair.texts[0]!.slice(start, start + length) };
}
const pairStatus = async (pairId: string) => (await db.pair.findUniqueOrThrow({ where: { id: pairId } })).status;

describe("spans are stored on word boundaries", () => {
  it("widens machine-made fragments in annotations and gold; an exact (Alt) span stays as placed", async () => {
    const pair = await createTestPair(db, { documents: DOCS });
    const saved = await saveAnnotationSpans({
      db,
      pairId: pair.pairId,
      annotatorId: ann,
      baseVersion: 0,
      spans: [
        fragment(pair, "fetch", 3, 2),
        fragment(pair, "DOMException", 3, 9),
        { ...fragment(pair, "AbortController", 0, 4), category: "ads", exact: true },
      ],
    });
    expect(saved.spans.map((s) => [s.text, s.exact ?? false])).toEqual([
      ["fetch", false],
      ["Abor", true],
      ["DOMException", false],
    ]);
    // Sent back without the flag and unmoved, the exact span stays exact (and is not widened).
    const again = await saveAnnotationSpans({
      db,
      pairId: pair.pairId,
      annotatorId: ann,
      baseVersion: saved.version,
      spans: saved.spans.map(({ exact: _e, ...s }) => s),
    });
    expect(again.version).toBe(saved.version);
    expect((await getAnnotation({ db, pairId: pair.pairId, annotatorId: ann }))!.spans.find((s) => s.category === "ads")).toMatchObject({
      text: "Abor",
      exact: true,
    });

    await submitAnnotation({ db, pairId: pair.pairId, annotatorId: ann });
    const gold = await adjudicatePair({
      db,
      pairId: pair.pairId,
      reviewerId: rev,
      spans: [fragment(pair, "url", 0, 2), fragment(pair, "catch the", 2, 5)],
    });
    expect(gold.spans.map((s) => s.text)).toEqual(["url", "catch the"]);
    for (const s of gold.spans) expect(isWordFragment({ text: pair.texts[0]!, start: s.start, end: s.end })).toBe(false);
  });
});

describe('"nothing here is vital"', () => {
  it("is an annotator's answer (refused while a vital span exists) and a gold decision with zero vital spans", async () => {
    const pair = await createTestPair(db, { documents: DOCS });
    const { version } = await saveAnnotationSpans({
      db,
      pairId: pair.pairId,
      annotatorId: ann,
      baseVersion: 0,
      spans: [spanOf(pair, 0, "fetch", "vital")],
    });
    await expectAppError(submitAnnotation({ db, pairId: pair.pairId, annotatorId: ann, noVital: true }), "UNPROCESSABLE");
    const cleared = await saveAnnotationSpans({
      db,
      pairId: pair.pairId,
      annotatorId: ann,
      baseVersion: version,
      spans: [spanOf(pair, 1, "Share this page.", "ui_navigation")],
    });
    const done = await submitAnnotation({ db, pairId: pair.pairId, annotatorId: ann, baseVersion: cleared.version, noVital: true });
    expect(done).toMatchObject({ status: "submitted", pairStatus: "submitted", noVital: true });
    expect((await getAnnotation({ db, pairId: pair.pairId, annotatorId: ann }))!.noVital).toBe(true);

    await expectAppError(adjudicatePair({ db, pairId: pair.pairId, reviewerId: rev, spans: [] }), "UNPROCESSABLE");
    await expectAppError(
      adjudicatePair({ db, pairId: pair.pairId, reviewerId: rev, noVital: true, spans: [spanOf(pair, 0, "fetch", "vital")] }),
      "UNPROCESSABLE",
    );
    const gold = await adjudicatePair({ db, pairId: pair.pairId, reviewerId: rev, noVital: true, spans: [] });
    expect(gold).toMatchObject({ status: "accepted", noVital: true, spans: [] });
    expect(await getGoldSpans({ db, pairId: pair.pairId })).toMatchObject({ status: "accepted", noVital: true, spans: [] });
    // A later gold with vital spans replaces the decision.
    const vital = await adjudicatePair({ db, pairId: pair.pairId, reviewerId: rev, spans: [spanOf(pair, 0, "fetch(url)", "vital")] });
    expect(vital.noVital).toBe(false);
    expect((await getGoldSpans({ db, pairId: pair.pairId })).noVital).toBe(false);
  });
});

describe("pair status follows the workflow", () => {
  it("a submission waits for review even where gold exists; gold saved after it counts as its review", async () => {
    expect(derivePairStatus({ annotations: [{ status: "submitted", version: 1, submittedAt: new Date(2) }], hasGold: true, goldAt: null })).toBe(
      "submitted",
    );
    expect(
      derivePairStatus({ annotations: [{ status: "submitted", version: 1, submittedAt: new Date(2) }], hasGold: true, goldAt: new Date(3) }),
    ).toBe("accepted");
    expect(
      derivePairStatus({
        annotations: [
          { status: "accepted", version: 2 },
          { status: "submitted", version: 1 },
        ],
        hasGold: false,
      }),
    ).toBe("submitted");
    expect(derivePairStatus({ annotations: [], hasGold: true })).toBe("accepted");

    // A pair with seeded gold (no adjudication): accepted → an annotator edits (still accepted) → submits → submitted.
    const pair = await createTestPair(db, { documents: DOCS });
    await db.span.create({ data: { ...spanOf(pair, 0, "fetch(url)", "vital"), pairId: pair.pairId, source: "gold" } });
    await db.pair.update({ where: { id: pair.pairId }, data: { status: "accepted" } });
    const s = await saveAnnotationSpans({ db, pairId: pair.pairId, annotatorId: ann2, baseVersion: 0, spans: [spanOf(pair, 0, "fetch", "vital")] });
    expect(s.pairStatus).toBe("accepted");
    expect((await submitAnnotation({ db, pairId: pair.pairId, annotatorId: ann2 })).pairStatus).toBe("submitted");
    expect(await pairStatus(pair.pairId)).toBe("submitted");
    expect((await reviewAnnotation({ db, pairId: pair.pairId, annotatorId: ann2, reviewerId: rev, decision: "accept" })).pairStatus).toBe("accepted");
  });
});
