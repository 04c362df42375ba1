// Blind annotation (issue 60) against a real temp database, route by route: before submitting, a blinded annotator's
// page data and API responses hold neither the pair's gold nor another annotator's span (searched for in the JSON by
// their texts and ids); after submitting they do; reviewers always do; a dataset that hides predictions keeps the
// model's and the judge's output from blinded annotators. Every route and data function an annotator can reach that
// reads spans, suggestions or scores of a pair is called here as that annotator.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JudgeRunSummary } from "@/lib/schemas/judge";
import { createSession } from "../auth/create-session";
import { SESSION_COOKIE } from "../auth/session-cookie";
import { createTempDatabase, seedRoleUsers, type TempDatabase } from "../auth/test-helpers";
import { computeDatasetAgreement } from "../db/agreement/compute-dataset-agreement";
import { listPairs } from "../db/annotations/list-pairs";
import { refreshPairSortScores } from "../db/annotations/refresh-pair-sort-scores";
import { saveAnnotationSpans } from "../db/annotations/save-annotation-spans";
import { saveSuggestions } from "../db/annotations/save-suggestions";
import { submitAnnotation } from "../db/annotations/submit-annotation";
import { disconnectDb, getDb } from "../db/client";
import { createPair } from "../db/create-pair";
import type { PrismaClient } from "../db/generated/client";
import { hideBlindJudgeQuotes } from "../judge/hide-blind-judge-quotes";
import type { Role, SpanCategory } from "../../schemas/enums";
import { loadPairWorkspace } from "./load-pair-workspace";

let temp: TempDatabase;
let db: PrismaClient;
let users: Record<Role, { id: string; email: string }>;
type Who = Role | "ann2" | "ann3";
const ids = {} as Record<Who, string>;
const tokens = {} as Record<Who, string>;

const TEXT =
  "Boil the eggs for nine minutes. Cool them in cold water. Subscribe to our newsletter! Serve warm with salt. Peel them under running water.";
// What each party marked: none of these texts may reach the blinded annotator except as part of the document.
const MINE = "Boil the eggs for nine minutes.";
const GOLD = "Cool them in cold water.";
const OTHER = "Subscribe to our newsletter!";
const MODEL = "Serve warm with salt.";
const JUDGE = "Peel them under running water.";

let datasetId: string;
let pairId: string; // gold, ann2's submitted annotation, model and judge suggestions
let goldOnlyPair: string; // gold only (a vital span and the "nothing is vital" decision is not set), nobody annotated
let docId: string;
const hiddenIds: string[] = []; // ids of the gold span and ann2's span

const ORIGIN = "http://127.0.0.1:3000";
function req(path: string, as: Who | null, init: RequestInit & { json?: unknown } = {}) {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set("host", "127.0.0.1:3000");
  if (as) headers.set("cookie", `${SESSION_COOKIE}=${tokens[as]}`);
  if (json !== undefined) {
    headers.set("content-type", "application/json");
    headers.set("origin", ORIGIN);
  }
  return new Request(`${ORIGIN}${path}`, { ...rest, headers, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) });
}
const ctx = (id: string) => ({ params: Promise.resolve({ id }) });
const span = (needle: string, category: SpanCategory = "vital") => {
  const start = TEXT.indexOf(needle);
  if (start < 0) throw new Error(`${needle} not in text`);
  return { documentId: docId, start, end: start + needle.length, text: needle, category };
};
const policyUser = (who: Who) => ({ id: ids[who], role: who === "ann2" || who === "ann3" ? ("annotator" as const) : (who as Role) });

/** The JSON of a response or value, with the documents' texts removed (they contain every span's text). */
function withoutDocuments(value: unknown): string {
  return JSON.stringify(value, (key, v: unknown) => (key === "documents" || (key === "text" && typeof v === "string" && v === TEXT) ? undefined : v));
}
/** Neither the gold's nor the other annotator's span: by text and by id. */
function expectNothingHidden(json: string, label: string) {
  for (const needle of [GOLD, OTHER, ...hiddenIds]) expect(json.includes(needle), `${label} leaks ${needle}`).toBe(false);
}
/** The other annotator's span, and the gold's where the response carries gold (span history has only annotations' events here). */
function expectHiddenThere(json: string, label: string, needles = [GOLD, OTHER]) {
  for (const needle of needles) expect(json.includes(needle), `${label} lacks ${needle}`).toBe(true);
}

beforeAll(async () => {
  temp = await createTempDatabase("blind-annotation");
  process.env.DATABASE_URL = temp.url;
  db = getDb();
  users = await seedRoleUsers(db);
  for (const role of ["annotator", "reviewer", "researcher", "admin"] as const) ids[role] = users[role].id;
  for (const name of ["ann2", "ann3"] as const) {
    ids[name] = (await db.user.create({ data: { email: `${name}@test.local`, name, role: "annotator", passwordHash: "x" } })).id;
  }
  for (const who of Object.keys(ids) as Who[]) tokens[who] = (await createSession({ db, userId: ids[who] })).token;

  const created = await createPair({
    db,
    dataset: "blind",
    query: "how long to boil an egg",
    intents: ["boiling time"],
    documents: [{ text: TEXT }],
  });
  pairId = created.id;
  datasetId = created.datasetId;
  docId = created.documentIds[0]!;
  expect((await db.document.findUniqueOrThrow({ where: { id: docId } })).text).toBe(TEXT);
  // Gold as an import writes it (source gold, no annotation), and a pair-level review comment quoting it.
  const gold = await db.span.create({ data: { pairId, ...span(GOLD), source: "gold" } });
  hiddenIds.push(gold.id);
  await db.pair.update({ where: { id: pairId }, data: { reviewComment: `Gold is "${GOLD}"` } });
  // Another annotator's submitted work.
  const theirs = await saveAnnotationSpans({ db, pairId, annotatorId: ids.ann2, baseVersion: 0, spans: [span(OTHER, "ads")] });
  hiddenIds.push(theirs.spans[0]!.id);
  await submitAnnotation({ db, pairId, annotatorId: ids.ann2 });
  await saveSuggestions({ db, pairId, source: "model", modelName: "m", suggestions: [span(MODEL)] });
  await saveSuggestions({ db, pairId, source: "judge", modelName: "j", suggestions: [span(JUDGE, "off_topic")] });
  // My work in progress.
  await saveAnnotationSpans({ db, pairId, annotatorId: ids.annotator, baseVersion: 0, spans: [span(MINE)] });

  const other = await createPair({ db, dataset: "blind", query: "when to peel eggs", documents: [{ text: TEXT }] });
  goldOnlyPair = other.id;
  await db.span.create({ data: { pairId: goldOnlyPair, ...span(GOLD), documentId: other.documentIds[0]!, source: "gold" } });
  await db.pair.update({ where: { id: goldOnlyPair }, data: { goldNoVital: false } });
});
afterAll(async () => {
  await disconnectDb();
  temp?.cleanup();
});

describe("dataset settings", () => {
  it("default to blind annotation with predictions shown; GET shows them; PATCH needs dataset:write and a valid body", async () => {
    const route = await import("@/app/api/v1/datasets/[id]/route");
    const got = await route.GET(req(`/api/v1/datasets/${datasetId}`, "annotator"), ctx(datasetId));
    expect(got.status).toBe(200);
    expect((await got.json()).dataset).toMatchObject({ id: datasetId, blindAnnotation: true, showPredictions: true });
    const list = await import("@/app/api/v1/datasets/route");
    const all = (await (await list.GET(req("/api/v1/datasets", "annotator"), undefined)).json()) as { datasets: { id: string }[] };
    expect(all.datasets.find((d) => d.id === datasetId)).toMatchObject({ blindAnnotation: true, showPredictions: true });

    const patch = (as: Who, json: unknown, id = datasetId) => route.PATCH(req(`/api/v1/datasets/${id}`, as, { method: "PATCH", json }), ctx(id));
    expect((await patch("annotator", { showPredictions: false })).status).toBe(403);
    expect((await patch("reviewer", { showPredictions: false })).status).toBe(403);
    expect((await patch("researcher", {})).status).toBe(400);
    expect((await patch("researcher", { showPredictions: "no" })).status).toBe(400);
    expect((await patch("researcher", { name: "renamed" })).status).toBe(400);
    expect((await patch("researcher", { showPredictions: false }, "missing")).status).toBe(404);
    const off = await patch("researcher", { showPredictions: false });
    expect(off.status).toBe(200);
    expect((await off.json()).dataset).toMatchObject({ blindAnnotation: true, showPredictions: false });
    const on = await patch("admin", { showPredictions: true });
    expect((await on.json()).dataset.showPredictions).toBe(true);
  });
});

describe("a blinded annotator before submitting", () => {
  it("workspace data: no gold, no gold decision or pair comment, only my own spans", async () => {
    const data = await loadPairWorkspace({ pairId, user: policyUser("annotator"), db });
    expect(data.view).toEqual({ blinded: true, predictions: true });
    expect(data.gold).toEqual([]);
    expect(data.pair.reviewComment).toBeNull();
    expect(data.annotation!.spans.map((s) => s.text)).toEqual([MINE]);
    const json = withoutDocuments(data);
    expectNothingHidden(json, "workspace");
    // The document itself is there, and the model's and the judge's output (predictions are shown).
    expect(data.pair.documents[0]!.text).toBe(TEXT);
    expect(data.suggestions.map((s) => s.text).sort()).toEqual([JUDGE, MODEL].sort());
    // Ids never appear, not even beside the document text.
    for (const id of hiddenIds) expect(JSON.stringify(data).includes(id)).toBe(false);
  });

  it("GET gold: 403 (the answer key), with a reason", async () => {
    const { GET } = await import("@/app/api/v1/pairs/[id]/gold/route");
    const res = await GET(req(`/api/v1/pairs/${pairId}/gold`, "annotator"), ctx(pairId));
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(body.error.details).toMatchObject({ reason: "blind" });
    expect(body.error.message).toMatch(/Blind annotation/);
    expectNothingHidden(JSON.stringify(body), "gold 403");
  });

  it("GET history: my own events only, whatever the scope", async () => {
    const { GET } = await import("@/app/api/v1/pairs/[id]/history/route");
    for (const scope of ["mine", "all"]) {
      const res = await GET(req(`/api/v1/pairs/${pairId}/history?scope=${scope}`, "annotator"), ctx(pairId));
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body.events.map((e: { after: { text: string } }) => e.after.text)).toEqual([MINE]);
      expectNothingHidden(JSON.stringify(body), `history ${scope}`);
    }
  });

  it("GET my annotation and PUT it: my spans only", async () => {
    const route = await import("@/app/api/v1/pairs/[id]/annotation/route");
    const got = await route.GET(req(`/api/v1/pairs/${pairId}/annotation`, "annotator"), ctx(pairId));
    const body = await got.json();
    expectNothingHidden(JSON.stringify(body), "annotation");
    const stale = await route.PUT(
      req(`/api/v1/pairs/${pairId}/annotation`, "annotator", { method: "PUT", json: { version: 0, spans: [] } }),
      ctx(pairId),
    );
    expect(stale.status).toBe(409);
    expectNothingHidden(JSON.stringify(await stale.json()), "annotation conflict");
  });

  it("GET annotations of others (review): 403", async () => {
    const { GET } = await import("@/app/api/v1/pairs/[id]/annotations/route");
    const res = await GET(req(`/api/v1/pairs/${pairId}/annotations`, "annotator"), ctx(pairId));
    expect(res.status).toBe(403);
    expectNothingHidden(JSON.stringify(await res.json()), "annotations 403");
  });

  it("the queue: no gold decision, no model–gold disagreement order, no category match on gold or others' spans", async () => {
    const { GET } = await import("@/app/api/v1/pairs/route");
    const list = async (q: string, as: Who = "annotator") => {
      const res = await GET(req(`/api/v1/pairs?datasetId=${datasetId}&${q}`, as), undefined);
      expect(res.status, q).toBe(200);
      const body = (await res.json()) as { items: { id: string; goldNoVital: boolean; score: number | null }[] };
      expectNothingHidden(JSON.stringify(body), `queue ${q}`);
      return body.items;
    };
    // goldOnlyPair's gold says "nothing is vital" now: the decision is gold too.
    await db.pair.update({ where: { id: goldOnlyPair }, data: { goldNoVital: true } });
    expect((await list("sort=updatedAt")).find((i) => i.id === goldOnlyPair)!.goldNoVital).toBe(false);
    expect((await list("sort=updatedAt", "reviewer")).find((i) => i.id === goldOnlyPair)!.goldNoVital).toBe(true);
    await db.pair.update({ where: { id: goldOnlyPair }, data: { goldNoVital: false } });

    // A disagreement score compares the model with gold: none for the pairs I am blind to (given scores or stored).
    const scores = { [pairId]: 0.9, [goldOnlyPair]: 0.1 };
    const blind = await listPairs({ db, datasetId, sort: "disagreement", scores, blindViewerId: ids.annotator });
    expect(blind.items.map((i) => i.score)).toEqual([null, null]);
    const seen = await listPairs({ db, datasetId, sort: "disagreement", scores });
    expect(seen.items.map((i) => [i.id, i.score])).toEqual([
      [pairId, 0.9],
      [goldOnlyPair, 0.1],
    ]);
    // Stored scores (the default settings): scored again first wherever gold changed, then set by hand.
    await refreshPairSortScores({ db });
    await db.pair.update({ where: { id: pairId }, data: { disagreement: 0.2 } });
    await db.pair.update({ where: { id: goldOnlyPair }, data: { disagreement: 0.7 } });
    expect((await list("sort=disagreement")).map((i) => i.score)).toEqual([null, null]);
    expect((await list("sort=disagreement", "reviewer")).map((i) => [i.id, i.score])).toEqual([
      [goldOnlyPair, 0.7],
      [pairId, 0.2],
    ]);

    // Category filters match gold and others' spans for reviewers, only mine for me.
    expect((await list("category=ads")).map((i) => i.id)).toEqual([]);
    expect((await list("category=ads", "reviewer")).map((i) => i.id)).toEqual([pairId]);
    expect((await list(`category=ads&annotatorId=${ids.ann2}`)).map((i) => i.id)).toEqual([]);
    expect((await list("category=vital")).map((i) => i.id)).toEqual([pairId]); // my own vital span
    expect((await list("category=vital", "reviewer")).map((i) => i.id).sort()).toEqual([pairId, goldOnlyPair].sort());
  });

  it("agreement: only the pairs I have submitted are counted (none yet)", async () => {
    const { GET } = await import("@/app/api/v1/agreement/route");
    const res = await GET(req(`/api/v1/agreement?datasetId=${datasetId}`, "annotator"), undefined);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ onlyViewerSubmitted: true, pairsCompared: 0, pairsWithOneAnnotation: 0, pairs: [] });
    expect(JSON.stringify(body).includes("ann2@test.local")).toBe(false);
  });

  it("judge runs: the judge's unmatched quotes of the pairs whose predictions are hidden are left out", async () => {
    const run = { id: "r1", unmatched: [{ pairId, documentId: docId, text: "a quote", category: "vital", reason: "not found" }] } as JudgeRunSummary;
    expect((await hideBlindJudgeQuotes({ runs: [run], viewer: policyUser("annotator"), db }))[0]!.unmatched).toHaveLength(1);
    await db.dataset.update({ where: { id: datasetId }, data: { showPredictions: false } });
    try {
      expect((await hideBlindJudgeQuotes({ runs: [run], viewer: policyUser("annotator"), db }))[0]!.unmatched).toEqual([]);
      expect((await hideBlindJudgeQuotes({ runs: [run], viewer: policyUser("reviewer"), db }))[0]!.unmatched).toHaveLength(1);
    } finally {
      await db.dataset.update({ where: { id: datasetId }, data: { showPredictions: true } });
    }
  });
});

describe("reviewers, researchers and admins", () => {
  it("see the gold, everyone's history and the workspace's gold before anything is submitted", async () => {
    for (const who of ["reviewer", "researcher", "admin"] as const) {
      const data = await loadPairWorkspace({ pairId, user: policyUser(who), db });
      expect(data.view, who).toEqual({ blinded: false, predictions: true });
      expect(data.gold.map((s) => s.text)).toEqual([GOLD]);
      expect(data.pair.reviewComment).toContain(GOLD);
    }
    const gold = await import("@/app/api/v1/pairs/[id]/gold/route");
    const res = await gold.GET(req(`/api/v1/pairs/${pairId}/gold`, "reviewer"), ctx(pairId));
    expect(res.status).toBe(200);
    expect((await res.json()).spans.map((s: { text: string }) => s.text)).toEqual([GOLD]);
    const history = await import("@/app/api/v1/pairs/[id]/history/route");
    const all = await (await history.GET(req(`/api/v1/pairs/${pairId}/history?scope=all`, "researcher"), ctx(pairId))).json();
    expectHiddenThere(JSON.stringify(all), "history for a researcher", [OTHER]);
    const annotations = await import("@/app/api/v1/pairs/[id]/annotations/route");
    expectHiddenThere(
      JSON.stringify(await (await annotations.GET(req(`/api/v1/pairs/${pairId}/annotations`, "reviewer"), ctx(pairId))).json()),
      "annotations",
    );
  });
});

describe("showPredictions off", () => {
  beforeAll(async () => {
    await db.dataset.update({ where: { id: datasetId }, data: { showPredictions: false } });
  });
  afterAll(async () => {
    await db.dataset.update({ where: { id: datasetId }, data: { showPredictions: true } });
  });

  it("a blinded annotator gets no scores, suggestions, judge intents, nor accepts suggestions (403)", async () => {
    const data = await loadPairWorkspace({ pairId, user: policyUser("ann3"), db });
    expect(data.view).toEqual({ blinded: true, predictions: false });
    expect(data.suggestions).toEqual([]);
    expect(data.pair.query.intents).toBeNull();
    const json = withoutDocuments(data);
    for (const needle of [MODEL, JUDGE, GOLD, OTHER]) expect(json.includes(needle), needle).toBe(false);

    const scores = await import("@/app/api/v1/pairs/[id]/scores/route");
    const scored = await scores.POST(req(`/api/v1/pairs/${pairId}/scores`, "ann3", { method: "POST", json: { model: "bm25" } }), ctx(pairId));
    expect(scored.status).toBe(403);
    expect((await scored.json()).error.details).toMatchObject({ reason: "blind", see: "predictions" });
    const suggestions = await import("@/app/api/v1/pairs/[id]/suggestions/route");
    const listed = await suggestions.GET(req(`/api/v1/pairs/${pairId}/suggestions`, "ann3"), ctx(pairId));
    expect(listed.status).toBe(403);
    const ids_ = (await db.suggestion.findMany({ where: { pairId }, select: { id: true } })).map((s) => s.id);
    const accept = await import("@/app/api/v1/pairs/[id]/suggestions/accept/route");
    const accepted = await accept.POST(
      req(`/api/v1/pairs/${pairId}/suggestions/accept`, "ann3", { method: "POST", json: { ids: ids_, version: 0 } }),
      ctx(pairId),
    );
    expect(accepted.status).toBe(403);
    expect(await db.annotation.count({ where: { pairId, annotatorId: ids.ann3 } })).toBe(0);
  });

  it("the queue gives a blinded annotator no model uncertainty there; reviewers and ann2 (submitted) still get the model's output", async () => {
    const scores = { [pairId]: 0.4, [goldOnlyPair]: 0.3 };
    const blind = await listPairs({ db, datasetId, sort: "uncertainty", scores, blindViewerId: ids.ann3 });
    expect(blind.items.map((i) => i.score)).toEqual([null, null]);
    const submitted = await listPairs({ db, datasetId, sort: "uncertainty", scores, blindViewerId: ids.ann2 });
    expect(submitted.items.find((i) => i.id === pairId)!.score).toBe(0.4);

    const suggestions = await import("@/app/api/v1/pairs/[id]/suggestions/route");
    for (const who of ["reviewer", "ann2"] as const) {
      const res = await suggestions.GET(req(`/api/v1/pairs/${pairId}/suggestions`, who), ctx(pairId));
      expect(res.status, who).toBe(200);
      expect((await res.json()).suggestions).toHaveLength(2);
    }
    const data = await loadPairWorkspace({ pairId, user: policyUser("reviewer"), db });
    expect(data.view.predictions).toBe(true);
    expect(data.pair.query.intents).toEqual(["boiling time"]);
  });
});

describe("after submitting", () => {
  it("the annotator sees the gold and the others' work (page, gold, history, queue, agreement)", async () => {
    await submitAnnotation({ db, pairId, annotatorId: ids.annotator });
    const data = await loadPairWorkspace({ pairId, user: policyUser("annotator"), db });
    expect(data.view).toEqual({ blinded: false, predictions: true });
    expect(data.gold.map((s) => s.text)).toEqual([GOLD]);

    const gold = await import("@/app/api/v1/pairs/[id]/gold/route");
    const res = await gold.GET(req(`/api/v1/pairs/${pairId}/gold`, "annotator"), ctx(pairId));
    expect(res.status).toBe(200);
    expect(JSON.stringify(await res.json())).toContain(GOLD);
    const history = await import("@/app/api/v1/pairs/[id]/history/route");
    const events = await (await history.GET(req(`/api/v1/pairs/${pairId}/history?scope=all`, "annotator"), ctx(pairId))).json();
    expectHiddenThere(JSON.stringify(events), "history", [OTHER]);

    const queue = await import("@/app/api/v1/pairs/route");
    const items = (await (await queue.GET(req(`/api/v1/pairs?datasetId=${datasetId}&category=ads`, "annotator"), undefined)).json()).items;
    expect(items.map((i: { id: string }) => i.id)).toEqual([pairId]);
    // Still blind to the pair I have not submitted.
    const blindStill = await gold.GET(req(`/api/v1/pairs/${goldOnlyPair}/gold`, "annotator"), ctx(goldOnlyPair));
    expect(blindStill.status).toBe(403);

    const agreement = await import("@/app/api/v1/agreement/route");
    const body = await (await agreement.GET(req(`/api/v1/agreement?datasetId=${datasetId}`, "annotator"), undefined)).json();
    expect(body).toMatchObject({ onlyViewerSubmitted: true, pairsCompared: 1, blindAnnotations: 2, notBlindExcluded: 0 });
    expect(body.pairs[0].annotators).toEqual(["ann2@test.local", "annotator@test.local"]);
  });
});

describe("Annotation.blind and agreement", () => {
  it("is set for blinded annotators, not for reviewers, and cleared by a save while not blinded; agreement counts blind ones only", async () => {
    const blindOf = async (who: Who) =>
      (await db.annotation.findUniqueOrThrow({ where: { pairId_annotatorId: { pairId, annotatorId: ids[who] } } })).blind;
    expect(await blindOf("ann2")).toBe(true);
    expect(await blindOf("annotator")).toBe(true);
    // A reviewer's annotation is made seeing the gold.
    await saveAnnotationSpans({ db, pairId, annotatorId: ids.reviewer, baseVersion: 0, spans: [span(GOLD)] });
    await submitAnnotation({ db, pairId, annotatorId: ids.reviewer });
    expect(await blindOf("reviewer")).toBe(false);
    // An empty annotation created by a submit is blind too when its annotator is blinded.
    await submitAnnotation({ db, pairId: goldOnlyPair, annotatorId: ids.ann3 });
    expect((await db.annotation.findUniqueOrThrow({ where: { pairId_annotatorId: { pairId: goldOnlyPair, annotatorId: ids.ann3 } } })).blind).toBe(
      true,
    );

    let r = await computeDatasetAgreement({ db, datasetId });
    expect(r).toMatchObject({ blindAnnotations: 3, notBlindExcluded: 1, pairsCompared: 1, pairsWithOneAnnotation: 1, onlyViewerSubmitted: false });
    expect(r.pairs[0]!.annotators).toEqual(["ann2@test.local", "annotator@test.local"]);

    // The owner turns blind annotation off: ann3 starts the pair seeing everything, so that annotation is not blind.
    await db.dataset.update({ where: { id: datasetId }, data: { blindAnnotation: false } });
    try {
      const saved = await saveAnnotationSpans({ db, pairId, annotatorId: ids.ann3, baseVersion: 0, spans: [span(OTHER, "ads")] });
      await submitAnnotation({ db, pairId, annotatorId: ids.ann3, baseVersion: saved.version });
      expect(await blindOf("ann3")).toBe(false);
      const data = await loadPairWorkspace({ pairId: goldOnlyPair, user: policyUser("ann2"), db });
      expect(data.view.blinded).toBe(false);
      expect(data.gold.map((s) => s.text)).toEqual([GOLD]);
    } finally {
      await db.dataset.update({ where: { id: datasetId }, data: { blindAnnotation: true } });
    }
    r = await computeDatasetAgreement({ db, datasetId });
    expect(r).toMatchObject({ blindAnnotations: 3, notBlindExcluded: 2, pairsCompared: 1 });
    expect(r.pairs[0]!.annotators).not.toContain("ann3@test.local");
  });

  it("a rejected annotator is blinded again until they resubmit; a blind annotation saved after the setting was turned off stops being blind", async () => {
    const ann = await db.annotation.findUniqueOrThrow({ where: { pairId_annotatorId: { pairId, annotatorId: ids.ann2 } } });
    await db.annotation.update({ where: { id: ann.id }, data: { status: "rejected" } });
    const data = await loadPairWorkspace({ pairId, user: policyUser("ann2"), db });
    expect(data.view.blinded).toBe(true);
    expect(data.gold).toEqual([]);
    // Still blind: a save while blinded keeps the mark.
    const saved = await saveAnnotationSpans({
      db,
      pairId,
      annotatorId: ids.ann2,
      baseVersion: ann.version,
      spans: [span(OTHER, "ads"), span(MODEL)],
    });
    expect((await db.annotation.findUniqueOrThrow({ where: { id: ann.id } })).blind).toBe(true);
    await db.dataset.update({ where: { id: datasetId }, data: { blindAnnotation: false } });
    try {
      await saveAnnotationSpans({ db, pairId, annotatorId: ids.ann2, baseVersion: saved.version, spans: [span(OTHER, "ads")] });
    } finally {
      await db.dataset.update({ where: { id: datasetId }, data: { blindAnnotation: true } });
    }
    expect((await db.annotation.findUniqueOrThrow({ where: { id: ann.id } })).blind).toBe(false);
  });
});
