// Dataset agreement on a fixture small enough to check by hand, through the data layer and GET /api/v1/agreement.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../../auth/create-session";
import { SESSION_COOKIE } from "../../auth/session-cookie";
import { createTempDatabase, seedRoleUsers, type TempDatabase } from "../../auth/test-helpers";
import { saveAnnotationSpans } from "../annotations/save-annotation-spans";
import { submitAnnotation } from "../annotations/submit-annotation";
import { createTestPair, expectAppError, spanOf, type TestPair } from "../annotations/test-fixtures";
import { disconnectDb, getDb } from "../client";
import type { PrismaClient } from "../generated/client";
import { computeDatasetAgreement } from "./compute-dataset-agreement";

let temp: TempDatabase;
let db: PrismaClient;
let datasetId: string;
let token: string; // an annotator's
let reviewerToken: string;
const ids = {} as Record<"ann" | "bob" | "cat" | "dan", string>;
let p1: TestPair; // ann vs bob: partial agreement
let p2: TestPair; // cat vs dan: identical
let p3: TestPair; // ann only
const TEXT = "Tickets cost 12 euros. Open daily. Buy now!";

async function label(pair: TestPair, who: keyof typeof ids, spans: ReturnType<typeof spanOf>[], submit = true) {
  await saveAnnotationSpans({ db, pairId: pair.pairId, annotatorId: ids[who], baseVersion: 0, spans });
  if (submit) await submitAnnotation({ db, pairId: pair.pairId, annotatorId: ids[who] });
}

beforeAll(async () => {
  temp = await createTempDatabase("agreement");
  process.env.DATABASE_URL = temp.url;
  db = getDb();
  const users = await seedRoleUsers(db);
  token = (await createSession({ db, userId: users.annotator.id })).token;
  reviewerToken = (await createSession({ db, userId: users.reviewer.id })).token;
  for (const name of ["ann", "bob", "cat", "dan"] as const) {
    ids[name] = (await db.user.create({ data: { email: `${name}@x.org`, name, role: "annotator", passwordHash: "x" } })).id;
  }
  p1 = await createTestPair(db, { dataset: "agree", query: "ticket price", documents: [TEXT] });
  p2 = await createTestPair(db, { dataset: "agree", query: "opening hours", documents: [TEXT] });
  p3 = await createTestPair(db, { dataset: "agree", query: "single", documents: [TEXT] });
  datasetId = (await db.pair.findUniqueOrThrow({ where: { id: p1.pairId } })).datasetId;
  expect(p1.texts[0]).toBe(TEXT);

  await label(p1, "ann", [spanOf(p1, 0, "Tickets cost 12 euros.", "vital"), spanOf(p1, 0, "Buy now!", "ads")]);
  await label(p1, "bob", [spanOf(p1, 0, "Tickets cost 12 euros. Open daily.", "vital")]);
  // A draft does not count.
  await label(p1, "cat", [spanOf(p1, 0, "Open daily.", "vital")], false);
  await label(p2, "cat", [spanOf(p2, 0, "Open daily.", "vital")]);
  await label(p2, "dan", [spanOf(p2, 0, "Open daily.", "vital")]);
  await label(p3, "ann", [spanOf(p3, 0, "Open daily.", "vital")]);
});
afterAll(async () => {
  await disconnectDb();
  temp?.cleanup();
});

// Word tokens of TEXT: Tickets cost 12 euros . Open daily . Buy now ! (11).
// p1 vital: ann 22 chars / 5 tokens, bob 34 chars / 8 tokens, overlap 22 chars / 5 tokens.
//   F1 = 2·22/(22+34) = 11/14. Tokens: both 5, onlyB 3, neither 3 → p_o = 8/11, p_a = 5/11, p_b = 8/11,
//   p_e = 40/121 + 18/121 = 58/121, κ = (88 − 58)/(121 − 58) = 30/63 = 10/21.
// p1 ads: ann 8 chars / 3 tokens, bob none → F1 0; both 0, onlyA 3, neither 8 → p_e = 8/11 = p_o → κ 0.
// p2 vital: identical "Open daily." → F1 1, κ 1 (both 3, neither 8).
describe("computeDatasetAgreement", () => {
  it("computes per-pair and per-dataset figures that match the hand calculation", async () => {
    const r = await computeDatasetAgreement({ db, datasetId });
    expect(r.dataset.name).toBe("agree");
    expect([r.pairsCompared, r.pairsWithOneAnnotation]).toEqual([2, 1]);
    expect(r.pairs.map((p) => p.pairId)).toEqual([p1.pairId, p2.pairId]); // lowest kappa first
    const [first, second] = r.pairs;
    expect(first!.annotators).toEqual(["ann@x.org", "bob@x.org"]);
    expect(first!.perCategory.vital.charF1).toBeCloseTo(11 / 14, 12);
    expect(first!.perCategory.vital.kappa).toBeCloseTo(10 / 21, 12);
    expect(first!.perCategory.ads).toEqual({ charF1: 0, kappa: 0 });
    expect(first!.perCategory.metadata).toEqual({ charF1: null, kappa: null }); // nobody used it (degenerate)
    expect(second!.perCategory.vital).toEqual({ charF1: 1, kappa: 1 });

    // Pooled vital chars: a = 22 + 11, b = 34 + 11, both = 22 + 11 → F1 = 66/78.
    expect(r.pooled.perCategory.vital.chars).toMatchObject({ a: 33, b: 45, both: 33 });
    expect(r.pooled.perCategory.vital.chars.f1).toBeCloseTo(66 / 78, 12);
    // Pooled vital tokens: (5,0,3,3) + (3,0,0,8) = both 8, onlyA 0, onlyB 3, neither 11 (n 22).
    expect(r.pooled.perCategory.vital.tokens).toMatchObject({ both: 8, onlyA: 0, onlyB: 3, neither: 11 });
    // Pairwise mean: (11/14 + 1)/2 for F1, (10/21 + 1)/2 for kappa; ads only from p1 (p2: neither used it).
    expect(r.mean.comparisons).toBe(2);
    expect(r.mean.perCategory.vital.charF1.mean).toBeCloseTo((11 / 14 + 1) / 2, 12);
    expect(r.mean.perCategory.vital.kappa.mean).toBeCloseTo((10 / 21 + 1) / 2, 12);
    expect(r.mean.perCategory.ads.charF1).toEqual({ mean: 0, count: 1 });
  });

  it("ranks by the chosen metric and category, takes other statuses on request, 404 for an unknown dataset", async () => {
    const byAds = await computeDatasetAgreement({ db, datasetId, rankBy: { metric: "charF1", category: "ads" } });
    expect(byAds.pairs.map((p) => [p.pairId, p.value])).toEqual([
      [p1.pairId, 0],
      [p2.pairId, null], // no ads anywhere: no value, listed last
    ]);
    const withDrafts = await computeDatasetAgreement({ db, datasetId, statuses: ["in_progress", "submitted"] });
    expect(withDrafts.pairs.find((p) => p.pairId === p1.pairId)!.annotators).toEqual(["ann@x.org", "bob@x.org", "cat@x.org"]);
    await expectAppError(computeDatasetAgreement({ db, datasetId: "missing" }), "NOT_FOUND");
  });
});

describe("GET /api/v1/agreement", () => {
  const req = (q: string, as: string | null = token) =>
    new Request(`http://127.0.0.1:3000/api/v1/agreement${q}`, { headers: as ? { cookie: `${SESSION_COOKIE}=${as}` } : {} });

  it("answers 401 signed out, 400 without datasetId, 404 unknown, and the figures", async () => {
    const { GET } = await import("@/app/api/v1/agreement/route");
    expect((await GET(req(`?datasetId=${datasetId}`, null), undefined)).status).toBe(401);
    expect((await GET(req(""), undefined)).status).toBe(400);
    expect((await GET(req(`?datasetId=${datasetId}&metric=bogus`), undefined)).status).toBe(400);
    expect((await GET(req("?datasetId=missing"), undefined)).status).toBe(404);
    const res = await GET(req(`?datasetId=${datasetId}&metric=charF1`, reviewerToken), undefined);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ onlyViewerSubmitted: false, blindAnnotations: 5, notBlindExcluded: 0 });
    expect(body.rankBy).toEqual({ metric: "charF1", category: "micro" });
    expect(body.pairs[0].pairId).toBe(p1.pairId);
    expect(body.pooled.perCategory.vital.chars.f1).toBeCloseTo(66 / 78, 12);

    // Blind annotation: an annotator who submitted none of these pairs learns nothing of them.
    const blind = await (await GET(req(`?datasetId=${datasetId}`), undefined)).json();
    expect(blind).toMatchObject({ onlyViewerSubmitted: true, pairsCompared: 0, pairsWithOneAnnotation: 0, pairs: [] });
    // ann submitted p1 and p3: her view counts those two pairs only.
    const annToken = (await createSession({ db, userId: ids.ann })).token;
    const hers = await (await GET(req(`?datasetId=${datasetId}`, annToken), undefined)).json();
    expect(hers).toMatchObject({ onlyViewerSubmitted: true, pairsCompared: 1, pairsWithOneAnnotation: 1 });
    expect(hers.pairs.map((p: { pairId: string }) => p.pairId)).toEqual([p1.pairId]);
  });

  it("compares only blind annotations and says how many were left out", async () => {
    // bob's annotation was not made blind (say, before the setting existed): p1 is left with one annotation.
    await db.annotation.updateMany({ where: { annotatorId: ids.bob }, data: { blind: false } });
    try {
      const r = await computeDatasetAgreement({ db, datasetId });
      expect(r).toMatchObject({ blindAnnotations: 4, notBlindExcluded: 1, pairsCompared: 1, pairsWithOneAnnotation: 2 });
      expect(r.pairs.map((p) => p.pairId)).toEqual([p2.pairId]);
    } finally {
      await db.annotation.updateMany({ where: { annotatorId: ids.bob }, data: { blind: true } });
    }
  });
});
