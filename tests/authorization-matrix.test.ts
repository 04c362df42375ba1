// Authorization generated from the contract: every operation of OPERATIONS (lib/server/openapi/operations.ts) × every
// caller (annotator, reviewer, researcher, admin, signed out) × the objects it can be pointed at (mine, another
// annotator's, gold, another dataset's, an unknown id), sent as real requests to the real route handlers in process
// (the handler each route module exports, found by the operation defineRoute tagged it with) on a temp SQLite
// database, each caller with a session cookie of its own. Every answer is checked against the policy
// (lib/auth/policy.ts): 401 signed out, 403 without the operation's permission, the object rules (four eyes, blind
// annotation, one's own annotation only) by the policy's own functions, and for every state-changing operation a
// cross-origin request refused. A refused request changes no row; no answer carries a CORS grant; an answer that gets
// through has exactly the shape its response schema documents. An operation without an entry in HOW fails the test
// (and the type check), so a new route cannot go untested.
// `node scripts/authorization-matrix.mjs` runs this file and prints the whole matrix (operation × object × caller).
import { writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canReview, canSeePredictions, hasPermission, isBlindedFor, ROLE_PERMISSIONS, type Permission, type PolicyUser } from "@/lib/auth/policy";
import type { AnnotationStatus, Role } from "@/lib/schemas/enums";
import { createSession } from "@/lib/server/auth/create-session";
import { SESSION_COOKIE } from "@/lib/server/auth/session-cookie";
import { hashSessionToken } from "@/lib/server/auth/session-token";
import { createTempDatabase, seedRoleUsers, TEST_PASSWORD, type TempDatabase } from "@/lib/server/auth/test-helpers";
import { saveAnnotationSpans } from "@/lib/server/db/annotations/save-annotation-spans";
import { saveSuggestions } from "@/lib/server/db/annotations/save-suggestions";
import { submitAnnotation } from "@/lib/server/db/annotations/submit-annotation";
import { createTestPair, spanOf, type TestPair } from "@/lib/server/db/annotations/test-fixtures";
import { disconnectDb, getDb } from "@/lib/server/db/client";
import type { PrismaClient } from "@/lib/server/db/generated/client";
import { createJob } from "@/lib/server/db/jobs/create-job";
import { createJudgeRun } from "@/lib/server/db/judge/create-judge-run";
import { ROUTE_OPERATION } from "@/lib/server/http/define-route";
import { LOCAL_JUDGE_MODEL, startLocalJudgeServer, type LocalJudgeServer } from "@/lib/server/judge/test-support/local-judge-server";
import { API_OPERATIONS, OPERATIONS, type ApiOperation } from "@/lib/server/openapi/operations";

// ---------- callers ----------

const CALLERS = ["annotator", "reviewer", "researcher", "admin", "signed out"] as const;
type CallerName = (typeof CALLERS)[number];
type Caller = { name: CallerName; role: Role | null; id: string | null; user: PolicyUser | null };

/** The caller's policy user; only asked for by object rules, which run for signed-in callers. */
const userOf = (who: Caller): PolicyUser => {
  if (!who.user) throw new Error(`${who.name} has no user`);
  return who.user;
};

// ---------- how to call each operation ----------

/** One request: the path's id, search params, a JSON or raw body; `env` set around the call; `verify` after it. */
type Call = {
  id?: string;
  search?: string;
  json?: unknown;
  body?: string;
  headers?: Record<string, string>;
  env?: Record<string, string | undefined>;
  /** Checks the answer when the caller got through (what it may hold, what must not have changed). */
  verify?: (res: Response, ctx: { who: Caller; token: string | null }) => Promise<void>;
};

type Case = {
  /** The object the call points at: "mine", "another annotator's", "gold", "another dataset's", "unknown id"… */
  variant: string;
  /** Builds the request `who` sends, with fresh objects where the call changes them. */
  call: (who: Caller) => Promise<Call> | Call;
  /**
   * The answer once the guard lets the caller through: the status the object rules give (the policy's functions for
   * four eyes, blind annotation and ownership), else the operation's own answer for that object (200, 404, 409…).
   */
  ok: number | ((who: Caller) => number);
};

const HOST = "127.0.0.1:3000";
const ORIGIN = `http://${HOST}`;
const EVIL = "https://evil.example";
const UNKNOWN = "c00000000000000000unknown";

let temp: TempDatabase;
let db: PrismaClient;
let judge: LocalJudgeServer;
const ids = {} as Record<Role | "ann2", string>;
const emails = {} as Record<Role, string>;
const datasets = {} as Record<"blind" | "hidden" | "open" | "empty" | "scratch", string>;
const DATASET_NAMES = { blind: "authz-blind", hidden: "authz-hidden", open: "authz-open", empty: "authz-empty", scratch: "authz-scratch" };
/** Another dataset's pair: its document, gold span and suggestion are the ids a caller may try on this dataset's pairs. */
let other: { pair: TestPair; suggestionId: string };
let judgeRunId: string;
let jobId: string;
let serial = 0;

const meId = (who: Caller) => who.id ?? ids.annotator;
const pairIn = (key: keyof typeof DATASET_NAMES) => createTestPair(db, { dataset: DATASET_NAMES[key] });

/** An annotation by `annotatorId` with one span; submitted unless told otherwise. */
async function annotate(pair: TestPair, annotatorId: string, { submit = true, needle = "Boil the eggs" } = {}) {
  const saved = await saveAnnotationSpans({ db, pairId: pair.pairId, annotatorId, baseVersion: 0, spans: [spanOf(pair, 0, needle, "vital")] });
  if (submit) await submitAnnotation({ db, pairId: pair.pairId, annotatorId });
  return { annotationId: saved.annotationId, spanId: saved.spans[0]!.id };
}
/** A gold span as an import writes it (source gold, no annotation, no author). */
const addGold = async (pair: TestPair, needle = "Cool them in cold water.") =>
  (await db.span.create({ data: { ...spanOf(pair, 0, needle, "vital"), pairId: pair.pairId, source: "gold" } })).id;
const addSuggestion = async (pair: TestPair) => {
  await saveSuggestions({
    db,
    pairId: pair.pairId,
    source: "model",
    modelName: "authz",
    suggestions: [spanOf(pair, 0, "Subscribe to our newsletter!", "ads")],
  });
  return (await db.suggestion.findFirstOrThrow({ where: { pairId: pair.pairId } })).id;
};
const newUser = async () =>
  (await db.user.create({ data: { email: `target-${++serial}@authz.test`, name: "Target", role: "annotator", passwordHash: "x" } })).id;
const spanRow = (id: string) => db.span.findUniqueOrThrow({ where: { id } });
const textOf = async (res: Response) => await res.clone().text();

/** The blind-annotation status of `who` on a blind dataset, with `own` their annotation's status. */
const blinded = (who: Caller, own: AnnotationStatus | null) =>
  isBlindedFor({ user: userOf(who), dataset: { blindAnnotation: true }, ownAnnotationStatus: own });
const seesPredictions = (who: Caller, own: AnnotationStatus | null) =>
  canSeePredictions({ user: userOf(who), dataset: { blindAnnotation: true, showPredictions: false }, ownAnnotationStatus: own });

const unknownId = (extra: Omit<Call, "id"> = {}): Case => ({ variant: "unknown id", call: () => ({ id: UNKNOWN, ...extra }), ok: 404 });
const COMPRESS_BODY = { query: "when did the bridge open?", results: [{ id: "a", text: "The bridge opened in 1932. It is long." }], method: "bm25" };
/** Service routes: open without SNIPPET_LAB_API_KEYS; with keys, a session cookie is no key. */
const serviceCases = (extra: Omit<Call, "env"> = {}): Case[] => [
  { variant: "no API keys configured", call: () => ({ ...extra, env: { SNIPPET_LAB_API_KEYS: undefined } }), ok: 200 },
  { variant: "API keys configured, none sent", call: () => ({ ...extra, env: { SNIPPET_LAB_API_KEYS: "authz-key" } }), ok: 401 },
];

const HOW: { readonly [K in keyof typeof OPERATIONS]: readonly Case[] } = {
  // ---------- service ----------
  compress: serviceCases({ json: COMPRESS_BODY }),
  listModels: serviceCases(),
  getMetrics: serviceCases(),

  // ---------- auth ----------
  login: [
    {
      variant: "right password",
      // Signed out: the annotator signing in.
      call: (who) => ({
        json: { email: emails[who.role ?? "annotator"], password: TEST_PASSWORD },
        verify: async (res, { token }) => {
          // A new token on sign-in, and the browser's previous session ended (ASVS 3.2.1).
          const cookie = res.headers.get("set-cookie") ?? "";
          const fresh = new RegExp(`^${SESSION_COOKIE}=([A-Za-z0-9_-]{43});`).exec(cookie)?.[1];
          expect(fresh, cookie).toBeTruthy();
          expect(fresh).not.toBe(token);
          if (token) expect(await db.session.count({ where: { id: hashSessionToken(token) } })).toBe(0);
        },
      }),
      ok: 200,
    },
    { variant: "wrong password", call: (who) => ({ json: { email: emails[who.role ?? "annotator"], password: "not the password" } }), ok: 401 },
  ],
  logout: [
    {
      variant: "own session",
      call: () => ({
        verify: async (res, { token }) => {
          expect(res.headers.get("set-cookie")).toContain("Max-Age=0");
          if (token) expect(await db.session.count({ where: { id: hashSessionToken(token) } })).toBe(0);
        },
      }),
      ok: 200,
    },
  ],
  getMe: [
    {
      variant: "own account",
      call: () => ({
        verify: async (res, { who }) => {
          const body = (await res.clone().json()) as { user: { id: string }; permissions: string[] };
          expect(body.user.id).toBe(who.id);
          expect(body.permissions).toEqual([...ROLE_PERMISSIONS[userOf(who).role]]);
        },
      }),
      ok: 200,
    },
  ],

  // ---------- users ----------
  listUsers: [{ variant: "every account", call: () => ({ verify: async (res) => expect(await textOf(res)).not.toContain("scrypt") }), ok: 200 }],
  createUser: [
    {
      variant: "a new account",
      call: () => ({ json: { email: `made-${++serial}@authz.test`, name: "Made", password: "a long enough password", role: "annotator" } }),
      ok: 201,
    },
  ],
  updateUser: [
    { variant: "another user", call: async () => ({ id: await newUser(), json: { name: "Renamed" } }), ok: 200 },
    unknownId({ json: { name: "Renamed" } }),
  ],
  resetPassword: [
    { variant: "another user", call: async () => ({ id: await newUser(), json: { password: "a brand new password" } }), ok: 200 },
    unknownId({ json: {} }),
  ],
  listUserAudit: [{ variant: "another user", call: async () => ({ id: await newUser() }), ok: 200 }, unknownId()],

  // ---------- datasets ----------
  listDatasets: [{ variant: "every dataset", call: () => ({}), ok: 200 }],
  createDataset: [{ variant: "a new dataset", call: () => ({ json: { name: `authz-made-${++serial}` } }), ok: 201 }],
  getDataset: [{ variant: "a dataset", call: () => ({ id: datasets.blind }), ok: 200 }, unknownId()],
  updateDataset: [
    {
      variant: "a dataset",
      call: async () => ({ id: (await db.dataset.create({ data: { name: `authz-settings-${++serial}` } })).id, json: { showPredictions: false } }),
      ok: 200,
    },
    unknownId({ json: { showPredictions: false } }),
  ],
  deleteDataset: [
    {
      variant: "a dataset with a pair",
      call: async () => {
        const { pairId } = await createTestPair(db, { dataset: `authz-delete-${++serial}` });
        const { datasetId } = await db.pair.findUniqueOrThrow({ where: { id: pairId }, select: { datasetId: true } });
        return {
          id: datasetId,
          verify: async () => {
            expect(await db.dataset.findUnique({ where: { id: datasetId } }), "the dataset is gone").toBeNull();
            expect(await db.pair.findUnique({ where: { id: pairId } }), "its pairs went with it").toBeNull();
          },
        };
      },
      ok: 200,
    },
    {
      variant: "a dataset with a queued job",
      call: async () => {
        const id = (await db.dataset.create({ data: { name: `authz-delete-busy-${++serial}` } })).id;
        await createJob({ db, kind: "score-pairs", scope: `dataset:${id}`, payload: { datasetId: id } });
        return { id };
      },
      ok: 409,
    },
    unknownId(),
  ],
  createPair: [
    { variant: "a dataset", call: () => ({ id: datasets.scratch, json: { query: "a query", results: [{ text: "Some page text." }] } }), ok: 201 },
    unknownId({ json: { query: "a query", results: [{ text: "Some page text." }] } }),
  ],
  importDataset: [
    {
      variant: "a dataset",
      call: () => ({
        id: datasets.scratch,
        search: "format=jsonl",
        body: `${JSON.stringify({ id: `authz-${++serial}`, query: "a query", text: "Some page text.", evidence: [] })}\n`,
        headers: { "content-type": "application/x-ndjson" },
      }),
      ok: 200,
    },
    unknownId({ search: "format=jsonl", body: "{}\n", headers: { "content-type": "application/x-ndjson" } }),
  ],
  exportDataset: [
    { variant: "a dataset", call: () => ({ id: datasets.blind, search: "format=gold-jsonl" }), ok: 200 },
    unknownId({ search: "format=gold-jsonl" }),
  ],

  // ---------- pairs ----------
  listPairs: [{ variant: "a dataset's queue", call: () => ({ search: `datasetId=${datasets.blind}` }), ok: 200 }],
  getAnnotation: [
    {
      variant: "mine",
      call: async (who) => {
        const pair = await pairIn("blind");
        const { spanId } = await annotate(pair, meId(who), { submit: false });
        return { id: pair.pairId, verify: async (res) => expect(await textOf(res)).toContain(spanId) };
      },
      ok: 200,
    },
    {
      variant: "another annotator's",
      // The route answers the caller's own annotation only: another's is never reachable through it.
      call: async () => {
        const pair = await pairIn("blind");
        const { spanId } = await annotate(pair, ids.ann2);
        return {
          id: pair.pairId,
          verify: async (res) => {
            expect(((await res.clone().json()) as { annotation: unknown }).annotation).toBeNull();
            expect(await textOf(res)).not.toContain(spanId);
          },
        };
      },
      ok: 200,
    },
    { variant: "unknown id", call: () => ({ id: UNKNOWN }), ok: 200 },
  ],
  saveAnnotation: [
    {
      variant: "mine",
      call: async () => {
        const pair = await pairIn("blind");
        return { id: pair.pairId, json: { version: 0, spans: [spanOf(pair, 0, "Boil the eggs", "vital")] } };
      },
      ok: 200,
    },
    {
      variant: "another annotator's span id",
      // Naming another's span changes nothing of theirs: the id is unknown in my annotation, so a span of mine is made.
      call: async () => {
        const pair = await pairIn("blind");
        const { spanId } = await annotate(pair, ids.ann2);
        const before = await spanRow(spanId);
        return {
          id: pair.pairId,
          json: { version: 0, spans: [{ ...spanOf(pair, 0, "Boil the eggs for nine minutes.", "ads"), id: spanId }] },
          verify: async (res) => {
            expect(await spanRow(spanId)).toEqual(before);
            expect(((await res.clone().json()) as { idMap: Record<string, string> }).idMap[spanId]).not.toBe(spanId);
          },
        };
      },
      ok: 200,
    },
    {
      variant: "a gold span id",
      call: async () => {
        const pair = await pairIn("blind");
        const goldId = await addGold(pair);
        const before = await spanRow(goldId);
        return {
          id: pair.pairId,
          json: { version: 0, spans: [{ ...spanOf(pair, 0, "Cool them", "ads"), id: goldId }] },
          verify: async () => expect(await spanRow(goldId)).toEqual(before),
        };
      },
      ok: 200,
    },
    {
      variant: "another dataset's document",
      call: async () => {
        const pair = await pairIn("blind");
        return { id: pair.pairId, json: { version: 0, spans: [spanOf(other.pair, 0, "Boil the eggs", "vital")] } };
      },
      ok: 422,
    },
  ],
  submitAnnotation: [
    {
      variant: "mine",
      call: async (who) => {
        const pair = await pairIn("blind");
        await annotate(pair, meId(who), { submit: false });
        return { id: pair.pairId, json: { version: 1 } };
      },
      ok: 200,
    },
    {
      variant: "a pair another annotator did",
      // Submitting hands in my (empty) annotation; theirs stays as it was.
      call: async () => {
        const pair = await pairIn("blind");
        const { annotationId } = await annotate(pair, ids.ann2, { submit: false });
        return {
          id: pair.pairId,
          json: {},
          verify: async () =>
            expect(await db.annotation.findUniqueOrThrow({ where: { id: annotationId } })).toMatchObject({ status: "in_progress", version: 1 }),
        };
      },
      ok: 200,
    },
    unknownId({ json: {} }),
  ],
  listSpanHistory: [
    {
      variant: "another annotator's, blind dataset",
      call: async () => {
        const pair = await pairIn("blind");
        const { spanId } = await annotate(pair, ids.ann2);
        return {
          id: pair.pairId,
          search: "scope=all",
          verify: async (res, { who }) => expect((await textOf(res)).includes(spanId)).toBe(!blinded(who, null)),
        };
      },
      ok: 200,
    },
    unknownId(),
  ],
  listSuggestions: [
    {
      variant: "predictions shown",
      call: async () => {
        const pair = await pairIn("blind");
        await addSuggestion(pair);
        return { id: pair.pairId };
      },
      ok: 200,
    },
    {
      variant: "predictions hidden, mine not submitted",
      call: async () => {
        const pair = await pairIn("hidden");
        await addSuggestion(pair);
        return { id: pair.pairId };
      },
      ok: (who) => (seesPredictions(who, null) ? 200 : 403),
    },
    {
      variant: "predictions hidden, mine submitted",
      call: async (who) => {
        const pair = await pairIn("hidden");
        await addSuggestion(pair);
        await annotate(pair, meId(who));
        return { id: pair.pairId };
      },
      ok: (who) => (seesPredictions(who, "submitted") ? 200 : 403),
    },
    unknownId(),
  ],
  acceptSuggestions: [
    {
      variant: "this pair's suggestion",
      call: async () => {
        const pair = await pairIn("blind");
        return { id: pair.pairId, json: { ids: [await addSuggestion(pair)], version: 0 } };
      },
      ok: 200,
    },
    {
      variant: "predictions hidden, mine not submitted",
      call: async () => {
        const pair = await pairIn("hidden");
        return { id: pair.pairId, json: { ids: [await addSuggestion(pair)], version: 0 } };
      },
      ok: (who) => (seesPredictions(who, null) ? 200 : 403),
    },
    {
      variant: "another dataset's suggestion",
      call: async () => ({ id: (await pairIn("blind")).pairId, json: { ids: [other.suggestionId], version: 0 } }),
      ok: 404,
    },
  ],
  runJudge: [{ variant: "a pair", call: async () => ({ id: (await pairIn("open")).pairId, json: {} }), ok: 200 }, unknownId({ json: {} })],
  scorePair: [
    { variant: "predictions shown", call: async () => ({ id: (await pairIn("blind")).pairId, json: { model: "bm25" } }), ok: 200 },
    {
      variant: "predictions hidden, mine not submitted",
      call: async () => ({ id: (await pairIn("hidden")).pairId, json: { model: "bm25" } }),
      ok: (who) => (seesPredictions(who, null) ? 200 : 403),
    },
    unknownId({ json: { model: "bm25" } }),
  ],

  // ---------- review ----------
  listPairAnnotations: [
    {
      variant: "another annotator's",
      call: async () => {
        const pair = await pairIn("blind");
        const { spanId } = await annotate(pair, ids.ann2);
        return { id: pair.pairId, verify: async (res) => expect(await textOf(res)).toContain(spanId) };
      },
      ok: 200,
    },
    unknownId(),
  ],
  reviewAnnotation: [
    {
      variant: "another annotator's",
      call: async () => ({ id: (await annotate(await pairIn("blind"), ids.ann2)).annotationId, json: { decision: "accept" } }),
      ok: (who) => (canReview({ user: userOf(who), annotation: { annotatorId: ids.ann2 } }) ? 200 : 403),
    },
    {
      variant: "mine (four eyes)",
      call: async (who) => {
        const { annotationId } = await annotate(await pairIn("blind"), meId(who));
        return {
          id: annotationId,
          json: { decision: "accept" },
          verify: async () => expect((await db.annotation.findUniqueOrThrow({ where: { id: annotationId } })).status).toBe("submitted"),
        };
      },
      ok: (who) => (canReview({ user: userOf(who), annotation: { annotatorId: userOf(who).id } }) ? 200 : 403),
    },
    unknownId({ json: { decision: "accept" } }),
  ],
  getGold: [
    {
      variant: "gold, blind, mine not submitted",
      call: async () => {
        const pair = await pairIn("blind");
        const goldId = await addGold(pair);
        return { id: pair.pairId, verify: async (res) => expect(await textOf(res)).toContain(goldId) };
      },
      ok: (who) => (blinded(who, null) ? 403 : 200),
    },
    {
      variant: "gold, blind, mine submitted",
      call: async (who) => {
        const pair = await pairIn("blind");
        await addGold(pair);
        await annotate(pair, meId(who));
        return { id: pair.pairId };
      },
      ok: (who) => (blinded(who, "submitted") ? 403 : 200),
    },
    {
      variant: "gold, dataset not blind",
      call: async () => {
        const pair = await pairIn("open");
        await addGold(pair);
        return { id: pair.pairId };
      },
      ok: 200,
    },
    unknownId(),
  ],
  saveGold: [
    {
      variant: "another annotator's work",
      call: async () => {
        const pair = await pairIn("blind");
        await annotate(pair, ids.ann2);
        return { id: pair.pairId, json: { spans: [spanOf(pair, 0, "Boil the eggs", "vital")] } };
      },
      ok: 200,
    },
    {
      variant: "only mine (four eyes)",
      call: async (who) => {
        const pair = await pairIn("blind");
        await annotate(pair, meId(who));
        return {
          id: pair.pairId,
          json: { spans: [spanOf(pair, 0, "Boil the eggs", "vital")] },
          verify: async () => expect(await db.span.count({ where: { pairId: pair.pairId, source: "gold" } })).toBe(0),
        };
      },
      ok: (who) => (canReview({ user: userOf(who), annotation: { annotatorId: userOf(who).id } }) ? 200 : 403),
    },
    {
      variant: "another dataset's document",
      call: async () => {
        const pair = await pairIn("blind");
        await annotate(pair, ids.ann2);
        return { id: pair.pairId, json: { spans: [spanOf(other.pair, 0, "Boil the eggs", "vital")] } };
      },
      ok: 422,
    },
  ],
  getGoldHistory: [
    {
      variant: "a pair's gold",
      call: async () => {
        const pair = await pairIn("blind");
        await addGold(pair);
        return { id: pair.pairId };
      },
      ok: 200,
    },
    unknownId(),
  ],
  getAgreement: [
    { variant: "a dataset", call: () => ({ search: `datasetId=${datasets.blind}` }), ok: 200 },
    unknownId({ search: `datasetId=${UNKNOWN}` }),
  ],

  // ---------- scoring ----------
  scorePairs: [{ variant: "a dataset", call: () => ({ json: { datasetId: datasets.empty } }), ok: 200 }],

  // ---------- jobs ----------
  startJob: [
    {
      variant: "a dataset without gold",
      call: () => ({ json: { kind: "frontier-sweep", payload: { datasetId: datasets.empty, methods: ["bm25"] } } }),
      ok: 422,
    },
    { variant: "unknown dataset", call: () => ({ json: { kind: "frontier-sweep", payload: { datasetId: UNKNOWN, methods: ["bm25"] } } }), ok: 404 },
  ],
  listJobs: [{ variant: "every job", call: () => ({}), ok: 200 }],
  getJob: [{ variant: "a job", call: () => ({ id: jobId }), ok: 200 }, unknownId()],
  cancelJob: [
    {
      variant: "a queued job",
      call: async () => ({ id: (await createJob({ db, kind: "score-pairs", scope: null, payload: { datasetId: datasets.empty } })).job.id }),
      ok: 200,
    },
    unknownId(),
  ],
  resumeJob: [{ variant: "a finished job", call: () => ({ id: jobId }), ok: 409 }, unknownId()],

  // ---------- judge ----------
  listJudgeRuns: [{ variant: "every run", call: () => ({}), ok: 200 }],
  getJudgeRun: [{ variant: "a run", call: () => ({ id: judgeRunId }), ok: 200 }, unknownId()],
  cancelJudgeRun: [{ variant: "a run without a live job", call: () => ({ id: judgeRunId }), ok: 409 }, unknownId()],
  resumeJudgeRun: [{ variant: "a run without a job", call: () => ({ id: judgeRunId, json: {} }), ok: 409 }, unknownId({ json: {} })],

  // ---------- research ----------
  getFrontier: [
    { variant: "a dataset", call: () => ({ search: `datasetId=${datasets.empty}` }), ok: 200 },
    unknownId({ search: `datasetId=${UNKNOWN}` }),
  ],
  getFrontierPairs: [
    { variant: "a dataset", call: () => ({ search: `datasetId=${datasets.empty}&method=lead&budget=100` }), ok: 200 },
    unknownId({ search: `datasetId=${UNKNOWN}&method=lead&budget=100` }),
  ],
  getJudgeEval: [
    { variant: "a dataset", call: () => ({ search: `datasetId=${datasets.empty}` }), ok: 200 },
    unknownId({ search: `datasetId=${UNKNOWN}` }),
  ],
  // datasetId is a filter here: an unknown one matches no pair.
  getCategoryBreakdown: [
    { variant: "a dataset", call: () => ({ search: `datasetId=${datasets.empty}&method=lead` }), ok: 200 },
    { variant: "unknown dataset (a filter)", call: () => ({ search: `datasetId=${UNKNOWN}&method=lead` }), ok: 200 },
  ],
  getCategoryPairs: [
    { variant: "a dataset", call: () => ({ search: `datasetId=${datasets.empty}&method=lead&category=vital` }), ok: 200 },
    { variant: "unknown dataset (a filter)", call: () => ({ search: `datasetId=${UNKNOWN}&method=lead&category=vital` }), ok: 200 },
  ],

  // ---------- meta ----------
  getOpenApiDocument: [{ variant: "the document", call: () => ({}), ok: 200 }],
};

/**
 * Each operation's guard, written out: the contract's `auth` must say the same, so a permission changed in
 * operations.ts changes this table too (the matrix below derives its 401/403 from the contract).
 */
const GUARDS: { readonly [K in keyof typeof OPERATIONS]: "api key" | "public" | "signed in" | Permission } = {
  compress: "api key",
  listModels: "api key",
  getMetrics: "api key",
  login: "public",
  logout: "public",
  getMe: "signed in",
  listUsers: "user:manage",
  createUser: "user:manage",
  updateUser: "user:manage",
  resetPassword: "user:manage",
  listUserAudit: "user:manage",
  listDatasets: "pair:read",
  createDataset: "dataset:write",
  getDataset: "pair:read",
  updateDataset: "dataset:write",
  deleteDataset: "dataset:write",
  createPair: "dataset:write",
  importDataset: "dataset:write",
  exportDataset: "export:read",
  listPairs: "pair:read",
  getAnnotation: "pair:read",
  saveAnnotation: "pair:annotate",
  submitAnnotation: "pair:annotate",
  listSpanHistory: "pair:read",
  listSuggestions: "pair:read",
  acceptSuggestions: "pair:annotate",
  runJudge: "model:run",
  scorePair: "pair:read",
  listPairAnnotations: "pair:review",
  reviewAnnotation: "pair:review",
  getGold: "pair:read",
  saveGold: "pair:review",
  getGoldHistory: "pair:review",
  getAgreement: "pair:read",
  scorePairs: "model:run",
  startJob: "model:run",
  listJobs: "pair:read",
  getJob: "pair:read",
  cancelJob: "model:run",
  resumeJob: "model:run",
  listJudgeRuns: "pair:read",
  getJudgeRun: "pair:read",
  cancelJudgeRun: "model:run",
  resumeJudgeRun: "model:run",
  getFrontier: "research:read",
  getFrontierPairs: "research:read",
  getJudgeEval: "research:read",
  getCategoryBreakdown: "research:read",
  getCategoryPairs: "research:read",
  getOpenApiDocument: "public",
};
const guardOf = (op: ApiOperation) =>
  op.auth.kind === "apiKey" ? "api key" : op.auth.kind === "public" ? "public" : (op.auth.permission ?? "signed in");

// ---------- the policy's answer ----------

/** What the policy says `who` gets: the guard first (401, 403), then the case's object rules. */
function expectedStatus(op: ApiOperation, c: Case, who: Caller, crossOrigin: boolean): number {
  const ok = () => (typeof c.ok === "number" ? c.ok : c.ok(who));
  if (op.auth.kind === "session") {
    if (!who.role) return 401;
    // withAuth checks the origin of a state-changing request before the permission.
    if (crossOrigin) return 403;
    if (op.auth.permission && !hasPermission(who.role, op.auth.permission)) return 403;
    return ok();
  }
  // Sign-in and sign-out refuse other origins; the service routes are for scripts (no cookie, no CORS grant).
  if (crossOrigin && op.auth.kind === "public") return 403;
  return ok();
}

/** Rows a request could write: a refused one must leave them as they were. */
async function fingerprint() {
  const [users, datasetsN, pairs, annotations, spans, events, suggestions, jobs, runs] = await Promise.all([
    db.user.aggregate({ _count: true, _max: { updatedAt: true } }),
    db.dataset.aggregate({ _count: true, _max: { updatedAt: true } }),
    db.pair.aggregate({ _count: true, _max: { updatedAt: true }, _sum: { version: true } }),
    db.annotation.aggregate({ _count: true, _max: { updatedAt: true }, _sum: { version: true } }),
    db.span.aggregate({ _count: true, _max: { updatedAt: true } }),
    db.spanEvent.count(),
    db.suggestion.count(),
    db.job.aggregate({ _count: true, _max: { updatedAt: true } }),
    db.judgeRun.count(),
  ]);
  return JSON.stringify({ users, datasetsN, pairs, annotations, spans, events, suggestions, jobs, runs });
}

// ---------- running it ----------

type Handler = (req: Request, ctx?: unknown) => Promise<Response>;
const modules = import.meta.glob<Record<string, unknown>>("/app/api/**/route.ts");
const handlers = new Map<string, Handler>();
const callers = {} as Record<CallerName, Caller>;

/** Sends one request with the session cookie `token` (null: signed out). */
async function send(op: ApiOperation, token: string | null, call: Call, crossOrigin: boolean): Promise<Response> {
  const handler = handlers.get(op.operationId);
  if (!handler) throw new Error(`no route module exports ${op.method} ${op.path}`);
  const headers = new Headers({ host: HOST, ...call.headers });
  if (token) headers.set("cookie", `${SESSION_COOKIE}=${token}`);
  if (op.method !== "GET") headers.set("origin", crossOrigin ? EVIL : ORIGIN);
  let body: string | undefined = call.body;
  if (call.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(call.json);
  }
  const path = op.path.replace("{id}", encodeURIComponent(call.id ?? ""));
  const req = new Request(`${ORIGIN}${path}${call.search ? `?${call.search}` : ""}`, {
    method: op.method,
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  const saved = Object.fromEntries(Object.keys(call.env ?? {}).map((k) => [k, process.env[k]]));
  const setEnv = (vars: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(vars)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  setEnv(call.env ?? {});
  try {
    return await handler(req, { params: Promise.resolve(call.id !== undefined ? { id: call.id } : {}) });
  } finally {
    setEnv(saved);
  }
}

type Row = { operation: string; variant: string; statuses: Partial<Record<CallerName, number>> };
const matrix: Row[] = [];
const savedEnv: Record<string, string | undefined> = {};
const ENV = [
  "SNIPPET_LAB_API_KEYS",
  "SNIPPET_LAB_JOBS_IN_SERVER",
  "SNIPPET_LAB_JUDGE_BASE_URL",
  "SNIPPET_LAB_JUDGE_MODEL",
  "SNIPPET_LAB_JUDGE_MAX_RETRIES",
];

beforeAll(async () => {
  for (const k of ENV) savedEnv[k] = process.env[k];
  temp = await createTempDatabase("authorization-matrix");
  process.env.DATABASE_URL = temp.url;
  delete process.env.SNIPPET_LAB_API_KEYS;
  // Nothing runs in the background: a job a request queues stays queued, so every row is the request's own doing.
  process.env.SNIPPET_LAB_JOBS_IN_SERVER = "0";
  judge = await startLocalJudgeServer();
  process.env.SNIPPET_LAB_JUDGE_BASE_URL = judge.url;
  process.env.SNIPPET_LAB_JUDGE_MODEL = LOCAL_JUDGE_MODEL;
  process.env.SNIPPET_LAB_JUDGE_MAX_RETRIES = "0";
  db = getDb();

  const seeded = await seedRoleUsers(db);
  for (const role of ["annotator", "reviewer", "researcher", "admin"] as const) {
    ids[role] = seeded[role].id;
    emails[role] = seeded[role].email;
    callers[role] = { name: role, role, id: seeded[role].id, user: { id: seeded[role].id, role } };
  }
  callers["signed out"] = { name: "signed out", role: null, id: null, user: null };
  ids.ann2 = (await db.user.create({ data: { email: "ann2@test.local", name: "ann2", role: "annotator", passwordHash: "x" } })).id;

  for (const [key, name] of Object.entries(DATASET_NAMES)) {
    datasets[key as keyof typeof DATASET_NAMES] = (await db.dataset.create({ data: { name } })).id;
  }
  await db.dataset.update({ where: { id: datasets.hidden }, data: { showPredictions: false } });
  await db.dataset.update({ where: { id: datasets.open }, data: { blindAnnotation: false } });
  const otherPair = await createTestPair(db, { dataset: "authz-other" });
  await addGold(otherPair);
  other = { pair: otherPair, suggestionId: await addSuggestion(otherPair) };
  // A judge run without jobs: cancel and resume find nothing to do (409), and nothing runs in the background.
  const otherDataset = (await db.pair.findUniqueOrThrow({ where: { id: otherPair.pairId } })).datasetId;
  const run = await createJudgeRun({
    db,
    datasetId: otherDataset,
    model: "m",
    baseUrl: null,
    promptVersion: "v1",
    variant: "one-stage",
    options: {},
  });
  judgeRunId = run.id;
  const job = await createJob({ db, kind: "score-pairs", scope: null, payload: { datasetId: datasets.empty } });
  await db.job.update({ where: { id: job.job.id }, data: { state: "done" } });
  jobId = job.job.id;

  for (const [file, load] of Object.entries(modules)) {
    if (file.includes("[...")) continue;
    for (const handler of Object.values(await load())) {
      const op = (handler as Record<symbol, ApiOperation | undefined> | null)?.[ROUTE_OPERATION];
      if (op && typeof handler === "function") handlers.set(op.operationId, handler as Handler);
    }
  }
});

afterAll(async () => {
  if (matrix.length > 0) {
    console.log(formatMatrix(matrix, false));
    // scripts/authorization-matrix.mjs asks for the whole table in a file of its own.
    const file = process.env.SNIPPET_LAB_AUTHZ_MATRIX_FILE;
    if (file) writeFileSync(file, `${formatMatrix(matrix, true)}\n`);
  }
  await judge?.close();
  await disconnectDb();
  temp?.cleanup();
  for (const [k, v] of Object.entries(savedEnv)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

/** The cases of an operation, and for a state-changing one the same first call from another origin. */
function casesOf(op: ApiOperation): { c: Case; crossOrigin: boolean }[] {
  const own = HOW[op.operationId as keyof typeof OPERATIONS] ?? [];
  const cases = own.map((c) => ({ c, crossOrigin: false }));
  if (op.method !== "GET" && own[0]) cases.push({ c: { ...own[0], variant: `${own[0].variant}, cross-origin` }, crossOrigin: true });
  return cases;
}

describe("authorization matrix", () => {
  it("has a way to call every operation of the contract, and no entry for an operation that is gone", () => {
    const missing = API_OPERATIONS.filter((op) => !(op.operationId in HOW) || HOW[op.operationId as keyof typeof OPERATIONS].length === 0);
    expect(
      missing.map((op) => `${op.operationId} (${op.method} ${op.path})`),
      "add the operation to HOW in tests/authorization-matrix.test.ts",
    ).toEqual([]);
    expect(Object.keys(HOW).filter((id) => !(id in OPERATIONS))).toEqual([]);
    expect(Object.fromEntries(API_OPERATIONS.map((op) => [op.operationId, guardOf(op)])), "each operation's guard, as GUARDS writes it out").toEqual(
      GUARDS,
    );
    expect(API_OPERATIONS.filter((op) => !handlers.has(op.operationId)).map((op) => op.operationId)).toEqual([]);
  });

  // One test per operation: every caller, every object it can point at, and another origin.
  it.each(API_OPERATIONS.map((op) => [op.operationId, op] as const))("%s answers as the policy says", async (_id, op) => {
    for (const { c, crossOrigin } of casesOf(op)) {
      const row: Row = { operation: op.operationId, variant: c.variant, statuses: {} };
      for (const name of CALLERS) {
        const who = callers[name];
        const call = await c.call(who);
        // A session of its own per request: sign-in and sign-out end the one they are sent with.
        const token = who.id ? (await createSession({ db, userId: who.id })).token : null;
        const expected = expectedStatus(op, c, who, crossOrigin);
        const refused = expected === 401 || expected === 403;
        const before = refused ? await fingerprint() : "";
        const res = await send(op, token, call, crossOrigin);
        const label = `${op.operationId} [${c.variant}] as ${name}`;
        expect(res.status, `${label}: ${await textOf(res)}`).toBe(expected);
        expect(res.headers.get("access-control-allow-origin"), label).toBeNull();
        await expectDocumentedAnswer(op, res, label);
        if (refused) expect(await fingerprint(), `${label} changed rows`).toBe(before);
        else if (call.verify) await call.verify(res, { who, token });
        row.statuses[name] = res.status;
      }
      matrix.push(row);
    }
  });
});

/** A JSON answer of a documented status holds exactly its response schema's fields (lib/schemas: strict objects). */
async function expectDocumentedAnswer(op: ApiOperation, res: Response, label: string) {
  const schema = op.responses.find((r) => r.status === res.status)?.schema;
  if (!schema || !(res.headers.get("content-type") ?? "").includes("application/json")) return;
  const parsed = schema.safeParse(await res.clone().json());
  expect(parsed.error?.issues ?? [], `${label}: the answer is not its documented shape`).toEqual([]);
}

// ---------- the printed matrix ----------

/** Per operation and object: the status each caller got; the counts first. */
function formatMatrix(rows: readonly Row[], full: boolean): string {
  const ops = new Set(rows.map((r) => r.operation)).size;
  const checks = rows.reduce((n, r) => n + Object.keys(r.statuses).length, 0);
  const refusals = rows.reduce((n, r) => n + Object.values(r.statuses).filter((s) => s === 401 || s === 403).length, 0);
  // A row is kept only when every caller's answer was the policy's; a failed operation leaves its rows out.
  const planned = API_OPERATIONS.reduce((n, op) => n + casesOf(op).length, 0);
  const verdict =
    rows.length === planned
      ? "all as lib/auth/policy.ts says"
      : `NOT ALL CHECKED: ${planned - rows.length} of ${planned} objects and origins failed or did not run`;
  const head =
    `authorization matrix: ${ops} operations × ${CALLERS.length} callers (${CALLERS.join(", ")}) × ${rows.length} objects and origins = ` +
    `${checks} checks (${refusals} refused with 401/403), ${verdict}`;
  if (!full) return head;
  const width = Math.max(...rows.map((r) => r.operation.length + r.variant.length + 3));
  const lines = [head, "", `${"operation [object]".padEnd(width)}  ${CALLERS.map((c) => c.padStart(10)).join(" ")}`];
  for (const r of rows)
    lines.push(`${`${r.operation} [${r.variant}]`.padEnd(width)}  ${CALLERS.map((c) => String(r.statuses[c] ?? "-").padStart(10)).join(" ")}`);
  return lines.join("\n");
}
