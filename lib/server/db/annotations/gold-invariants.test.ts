// Issue 60: gold never holds two spans of one category that share a character, whoever writes it: a reviewer's list
// is refused with a clear 422, an import (machine data) has them joined.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSameCategoryOverlaps } from "@/lib/spans/review/same-category-overlaps";
import type { PrismaClient } from "../generated/client";
import { writeImportedPairs } from "../datasets/write-imported-pairs";
import { adjudicatePair } from "./adjudicate-pair";
import { getGoldSpans } from "./get-gold-spans";
import { createTestDb, createTestPair, createUser, expectAppError, spanOf, type TestDb } from "./test-fixtures";

let t: TestDb;
let db: PrismaClient;
let rev: string;

beforeAll(async () => {
  t = await createTestDb("snippet-lab-gold-invariants-");
  db = t.db;
  rev = await createUser(db, "rev", "reviewer");
});
afterAll(async () => t?.cleanup());

const DOC = "fetch() has no timeout option of its own. Use an AbortSignal instead.";

describe("gold invariants at the data layer", () => {
  it("refuses nested or overlapping same-category spans with UNPROCESSABLE naming them; other categories may overlap", async () => {
    const pair = await createTestPair(db, { documents: [DOC] });
    const whole = spanOf(pair, 0, "fetch() has no timeout option of its own.", "vital");
    const nested = spanOf(pair, 0, "timeout option of its own", "vital");
    const err = await expectAppError(adjudicatePair({ db, pairId: pair.pairId, reviewerId: rev, spans: [whole, nested] }), "UNPROCESSABLE");
    expect(err.message).toContain("nests with");
    expect(err.message).toContain("timeout option of its own");
    const overlap = spanOf(pair, 0, "its own. Use an", "vital");
    await expectAppError(adjudicatePair({ db, pairId: pair.pairId, reviewerId: rev, spans: [whole, overlap] }), "UNPROCESSABLE");
    // Nothing was written by the refused saves.
    expect((await getGoldSpans({ db, pairId: pair.pairId })).spans).toEqual([]);
    // Two fragments that only touch overlap once widened to whole words ("timeo" + "ut option" → "timeout" in both).
    const t0 = DOC.indexOf("timeout");
    const piece = (a: number, b: number) => ({ ...whole, start: a, end: b, text: DOC.slice(a, b) });
    await expectAppError(
      adjudicatePair({ db, pairId: pair.pairId, reviewerId: rev, spans: [piece(t0, t0 + 5), piece(t0 + 5, t0 + 14)] }),
      "UNPROCESSABLE",
    );
    const touching = spanOf(pair, 0, "option of its own.", "vital");
    // Touching spans and other categories are fine.
    const ok = await adjudicatePair({
      db,
      pairId: pair.pairId,
      reviewerId: rev,
      spans: [spanOf(pair, 0, "fetch() has no timeout", "vital"), touching, { ...nested, category: "off_topic" }],
    });
    expect(ok.spans.map((s) => [s.text, s.category])).toEqual([
      ["fetch() has no timeout", "vital"],
      ["timeout option of its own", "off_topic"],
      ["option of its own.", "vital"],
    ]);
  });

  it("an import joins nested gold of one category (SQuAD's answers nest) and keeps the rest", async () => {
    const dataset = await db.dataset.create({ data: { name: "import-nesting" } });
    const text = "The Broncos defeated the Panthers 24-10 in Super Bowl 50.";
    const at = (needle: string, category: "vital" | "ads" = "vital") => {
      const start = text.indexOf(needle);
      return { documentIndex: 0, start, end: start + needle.length, text: needle, category };
    };
    await writeImportedPairs({
      db,
      datasetId: dataset.id,
      pairs: [
        {
          query: "Who won Super Bowl 50?",
          documents: [{ text, blocks: [{ start: 0, end: text.length, kind: "paragraph", role: "main" }] }],
          gold: [at("The Broncos"), at("Broncos"), at("Broncos defeated the Panthers"), at("Super Bowl 50"), at("Super Bowl", "ads")],
          suggestions: [],
        },
      ],
    });
    const pair = await db.pair.findFirstOrThrow({ where: { datasetId: dataset.id } });
    const gold = await getGoldSpans({ db, pairId: pair.id });
    expect(gold.spans.map((s) => [s.text, s.category])).toEqual([
      ["The Broncos defeated the Panthers", "vital"],
      ["Super Bowl", "ads"],
      ["Super Bowl 50", "vital"],
    ]);
    expect(findSameCategoryOverlaps(gold.spans)).toEqual([]);
  });
});
