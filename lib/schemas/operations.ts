// Every operation of the HTTP API, the one description of it. Client-safe (zod schemas and plain data), so the browser
// calls the API through it too (callApi, lib/client/call-api.ts). Each route handler is built from its entry
// (defineRoute, lib/server/http/define-route.ts: guard, params, query, JSON body and its cap, the type of its answer)
// and the OpenAPI document (lib/server/openapi/build-openapi-document.ts, served at GET /api/v1/openapi.json and
// rendered by /api-docs) is generated from the same entries; openapi.test.ts checks every operation is exported by
// exactly one route module with its method. Every JSON answer names its schema (lib/schemas, one file per resource).
import { judgeRequestSchema } from "../judge/schemas";
import { agreementQuerySchema, agreementResponseSchema } from "./agreement";
import {
  acceptSuggestionsRequestSchema,
  acceptSuggestionsResponseSchema,
  annotationTransitionSchema,
  getAnnotationResponseSchema,
  listSuggestionsQuerySchema,
  saveAnnotationRequestSchema,
  saveAnnotationResponseSchema,
  spanHistoryQuerySchema,
  spanHistoryResponseSchema,
  submitAnnotationRequestSchema,
  suggestionsResponseSchema,
} from "./annotation";
import { API_TAGS, jsonResponse, withOperationIds, type ApiAuth, type ApiOperation } from "./api-contract";
import { goldHistoryResponseSchema, userAuditResponseSchema } from "./audit";
import { compressRequestSchema, compressResponseSchema } from "./compress";
import {
  createDatasetResponseSchema,
  createDatasetSchema,
  createPairInputSchema,
  createPairResponseSchema,
  DATASET_LIMITS,
  datasetResponseSchema,
  datasetsResponseSchema,
  deleteDatasetResponseSchema,
  exportQuerySchema,
  importOptionsSchema,
  importSummarySchema,
  updateDatasetSchema,
} from "./datasets";
import { idParamsSchema } from "./ids";
import { jobResponseSchema, jobsResponseSchema, listJobsQuerySchema, startJobRequestSchema, startJobResponseSchema } from "./jobs";
import {
  judgeEvalQuerySchema,
  judgeEvalReportSchema,
  judgeRunResponseSchema,
  judgeRunsResponseSchema,
  listJudgeRunsQuerySchema,
  resumeJudgeRunRequestSchema,
  runJudgeResponseSchema,
} from "./judge";
import { modelsResponseSchema } from "./models";
import { openApiDocumentSchema } from "./openapi-document";
import { pairListResponseSchema, queueSearchInput, queueSearchParamsSchema } from "./queue";
import {
  categoriesQuerySchema,
  categoryBreakdownSchema,
  categoryPairsQuerySchema,
  categoryPairsResponseSchema,
  frontierPairsQuerySchema,
  frontierPairsResponseSchema,
  frontierQuerySchema,
  frontierResponseSchema,
} from "./research";
import { goldRequestSchema, goldResponseSchema, pairAnnotationsResponseSchema, reviewRequestSchema, saveGoldResponseSchema } from "./review";
import { pairScoresResponseSchema, scorePairRequestSchema, scorePairsResponseSchema, scoreRequestSchema } from "./scoring";
import {
  createUserResponseSchema,
  createUserSchema,
  loginResponseSchema,
  loginSchema,
  logoutResponseSchema,
  meResponseSchema,
  resetPasswordResponseSchema,
  resetPasswordSchema,
  updateUserResponseSchema,
  updateUserSchema,
  usersResponseSchema,
} from "./users";
import type { Permission } from "../auth/policy";

export { API_TAGS };

type SessionAuth = Extract<ApiAuth, { kind: "session" }>;
const session = (permission?: Permission): SessionAuth => ({ kind: "session", ...(permission ? { permission } : {}) });

/** Every operation by operationId (the client method's name in generated clients): `defineRoute(OPERATIONS.compress, …)`, `callApi(OPERATIONS.getJob, …)`. */
export const OPERATIONS = withOperationIds({
  // ---------- service ----------
  compress: {
    method: "POST",
    path: "/api/v1/compress",
    summary: "compress a result set for a query (service route: API key when configured)",
    description:
      "Scores every unit (sentence or fragment) of every result for the query and keeps the best within one token budget shared by all results. " +
      "Span, unit, block and token offsets are end-exclusive **UTF-16 code-unit** offsets into the result's **canonical text** " +
      "(HTML or text converted to blocks joined by newlines), not into the submitted HTML; with `include.tokens` the canonical text comes back as `text`, " +
      "and `text.slice(span.start, span.end) === span.text` always holds. Token counts use the downstream LLM's tokenizer (o200k_base by default).",
    tag: "service",
    auth: { kind: "apiKey" },
    body: compressRequestSchema,
    bodyLimit: "compress",
    bodyLimitHint: "per request (25 MB of result text/html, 5 MB per result)",
    example: {
      query: "when did the bridge open?",
      results: [{ id: "a", html: "<h1>Bridge</h1><p>The bridge opened in 1932. It is 1,149 m long.</p>" }],
      preset: "low",
    },
    responses: [
      {
        ...jsonResponse(compressResponseSchema, "The kept spans per result, the totals and the timings."),
        example: {
          results: [
            {
              id: "a",
              snippet: "The bridge opened in 1932.",
              spans: [{ resultId: "a", start: 7, end: 33, score: 0.93, text: "The bridge opened in 1932." }],
              tokensIn: 17,
              tokensOut: 7,
            },
          ],
          tokensIn: 17,
          tokensOut: 7,
          model: "model:snippet-lab",
          threshold: 0.5,
          budget: 1000,
          aggregation: "mean",
          offsets: "utf16-canonical",
          timings: { prepareMs: 1.2, scoreMs: 20.5, selectMs: 0.1, totalMs: 22 },
        },
      },
    ],
    errors: [
      { status: 404, description: "Unknown model: `details.models` lists the available ones." },
      { status: 413, description: "A result over 5 MB, results over 25 MB together, or a body over 27 MB." },
      { status: 503, description: "No model installed (use `bm25` or `lead`)." },
    ],
  },
  listModels: {
    method: "GET",
    path: "/api/v1/models",
    summary: "the installed models and the methods compress accepts (service route: API key when configured)",
    tag: "service",
    auth: { kind: "apiKey" },
    responses: [jsonResponse(modelsResponseSchema, "The token models on the server and every method compress accepts.")],
  },
  getMetrics: {
    method: "GET",
    path: "/api/v1/metrics",
    summary: "live compression metrics in Prometheus text format (service route: API key when configured)",
    description:
      "prom-client's exposition of this server process: `snippet_lab_compress_requests_total{method,status}`, `snippet_lab_compress_errors_total{code}`, " +
      "`snippet_lab_compress_duration_seconds` (histogram), `snippet_lab_windows_scored_total`, `snippet_lab_tokens_in_total` / `snippet_lab_tokens_out_total` " +
      "(downstream tokens), `snippet_lab_category_tokens_in_total` / `snippet_lab_category_tokens_out_total{category}` (model tokens by predicted category, " +
      "for models with a category head) and the process metrics (`snippet_lab_process_*`, `snippet_lab_nodejs_*`).",
    tag: "service",
    auth: { kind: "apiKey" },
    responses: [{ status: 200, description: "Prometheus text exposition format 0.0.4.", contentTypes: ["text/plain"] }],
  },

  // ---------- auth ----------
  login: {
    method: "POST",
    path: "/api/auth/login",
    summary: "sign in: a session cookie for the email and password",
    tag: "auth",
    auth: { kind: "public" },
    body: loginSchema,
    bodyLimit: "credentials",
    responses: [jsonResponse(loginResponseSchema, "The user; the session cookie comes in `Set-Cookie`.")],
    errors: [
      { status: 401, description: "Wrong email or password, or a disabled account." },
      { status: 403, description: "A cross-origin request." },
      { status: 429, description: "10 failures of one email and address in 15 minutes; `Retry-After` says when to try again." },
    ],
  },
  logout: {
    method: "POST",
    path: "/api/auth/logout",
    summary: "sign out: end the session and clear the cookie",
    tag: "auth",
    auth: { kind: "public" },
    responses: [
      jsonResponse(logoutResponseSchema, "Signed out, the cookie cleared."),
      { status: 303, description: "A plain HTML form post: redirected to /login." },
    ],
    errors: [{ status: 403, description: "A cross-origin request." }],
  },
  getMe: {
    method: "GET",
    path: "/api/auth/me",
    summary: "the signed-in user and their permissions",
    tag: "auth",
    auth: session(),
    responses: [jsonResponse(meResponseSchema, "The user and what their role may do.")],
  },

  // ---------- users ----------
  listUsers: {
    method: "GET",
    path: "/api/users",
    summary: "every user (admin)",
    tag: "users",
    auth: session("user:manage"),
    responses: [jsonResponse(usersResponseSchema, "Every account with its role, state and last activity.")],
  },
  createUser: {
    method: "POST",
    path: "/api/users",
    summary: "create a user (admin)",
    tag: "users",
    auth: session("user:manage"),
    body: createUserSchema,
    bodyLimit: "credentials",
    responses: [jsonResponse(createUserResponseSchema, "The new account.", 201)],
    errors: [{ status: 409, description: "The email is taken." }],
  },
  updateUser: {
    method: "PATCH",
    path: "/api/users/{id}",
    summary: "change a user's role, name or disabled state (admin)",
    description: "Disabling or a change of role ends the user's sessions at once (the new role starts with a new sign-in).",
    tag: "users",
    auth: session("user:manage"),
    params: idParamsSchema,
    body: updateUserSchema,
    bodyLimit: "credentials",
    responses: [jsonResponse(updateUserResponseSchema, "The account as changed, and the sessions the change ended.")],
    errors: [404, { status: 409, description: "It would demote or disable the last active admin." }],
  },
  resetPassword: {
    method: "POST",
    path: "/api/users/{id}/password",
    summary: "set or generate a user's password (admin)",
    description: "Without `password` one is generated and returned once. The user's sessions end (an admin resetting their own keeps this one).",
    tag: "users",
    auth: session("user:manage"),
    params: idParamsSchema,
    body: resetPasswordSchema,
    bodyLimit: "credentials",
    emptyBody: true,
    responses: [jsonResponse(resetPasswordResponseSchema, "The account, the generated password (once) and the sessions ended.")],
    errors: [404],
  },
  listUserAudit: {
    method: "GET",
    path: "/api/users/{id}/audit",
    summary: "an account's change history (admin)",
    description:
      "Append-only (AccountAuditEvent): creation, role, disabling and enabling, renaming and password resets, one event per changed aspect, " +
      "with who made it (`actor` null: the system, e.g. the CLI on the server) and the aspect before and after. Never a password or its hash.",
    tag: "users",
    auth: session("user:manage"),
    params: idParamsSchema,
    responses: [jsonResponse(userAuditResponseSchema, "The account's events, newest first.")],
    errors: [404],
  },

  // ---------- datasets ----------
  listDatasets: {
    method: "GET",
    path: "/api/v1/datasets",
    summary: "every dataset with its counts",
    tag: "datasets",
    auth: session("pair:read"),
    responses: [jsonResponse(datasetsResponseSchema, "Every dataset with its counts and blind-annotation settings.")],
  },
  createDataset: {
    method: "POST",
    path: "/api/v1/datasets",
    summary: "create a dataset",
    tag: "datasets",
    auth: session("dataset:write"),
    body: createDatasetSchema,
    bodyLimit: "dataset",
    responses: [jsonResponse(createDatasetResponseSchema, "The new dataset.", 201)],
    errors: [{ status: 409, description: "The name exists." }],
  },
  getDataset: {
    method: "GET",
    path: "/api/v1/datasets/{id}",
    summary: "one dataset with its counts per pair status and its blind-annotation settings",
    tag: "datasets",
    auth: session("pair:read"),
    params: idParamsSchema,
    responses: [jsonResponse(datasetResponseSchema, "The dataset with its counts per pair status and its settings.")],
    errors: [404],
  },
  updateDataset: {
    method: "PATCH",
    path: "/api/v1/datasets/{id}",
    summary: "change a dataset's blind-annotation settings",
    description:
      "`blindAnnotation` (default true): before they submit, annotators — users without pair:review, export:read or research:read — never receive " +
      "a pair's gold or other annotators' spans, in the page or any API response. `showPredictions` (default true): whether those blinded annotators " +
      "see the model's and the LLM judge's pre-annotation (scores, heatmap, snippet, suggestions). Reviewers, researchers and admins see everything. " +
      "Agreement compares only annotations made blind.",
    tag: "datasets",
    auth: session("dataset:write"),
    params: idParamsSchema,
    body: updateDatasetSchema,
    bodyLimit: "dataset",
    example: { showPredictions: false },
    responses: [jsonResponse(datasetResponseSchema, "The dataset as GET answers it, with the new settings.")],
    errors: [404],
  },
  deleteDataset: {
    method: "DELETE",
    path: "/api/v1/datasets/{id}",
    summary: "delete a dataset and everything in it",
    description:
      "All or nothing, in one transaction: its pairs and documents go, and with them their annotations, spans and their history, suggestions, " +
      "model runs and judge runs. The audit trail of its gold stays (append-only). Refused while a job of the dataset is queued or running: cancel it first. " +
      "`snippet-lab datasets delete --id ID --yes` does the same on the server.",
    tag: "datasets",
    auth: session("dataset:write"),
    params: idParamsSchema,
    responses: [jsonResponse(deleteDatasetResponseSchema, "What was deleted.")],
    errors: [404, { status: 409, description: "A job of the dataset is queued or running (`details.jobId`): cancel it first." }],
  },
  createPair: {
    method: "POST",
    path: "/api/v1/datasets/{id}/pairs",
    summary: "create a pair from a query and pasted, uploaded or fetched pages",
    description:
      "URL results are fetched by the server (http/https only, no private addresses unless SNIPPET_LAB_FETCH_ALLOW_PRIVATE=1, 10 s, 5 MB). " +
      "Uploaded files are decoded strictly (BOM, UTF-8, declared or sniffed charset): a binary or undecodable file is a 422 naming it, and nothing is created.",
    tag: "datasets",
    auth: session("dataset:write"),
    params: idParamsSchema,
    body: createPairInputSchema,
    form: {
      fields: { query: "The query.", results: "Optional: the `results` array of the JSON body, JSON-encoded." },
      files: { name: "file", description: "Pages as .txt or .html files, one result each.", multiple: true },
    },
    responses: [jsonResponse(createPairResponseSchema, "The new pair's id.", 201)],
    errors: [404, { status: 413, description: "A result over 5 MB." }, { status: 422, description: "A file or URL that cannot be read as text." }],
  },
  importDataset: {
    method: "POST",
    path: "/api/v1/datasets/{id}/import",
    summary: "import a file of pairs into the dataset",
    description:
      "All or nothing: every record is validated before anything is written. Pairs whose external id is already in the dataset are skipped. " +
      "Formats: /docs/data-formats.",
    tag: "datasets",
    auth: session("dataset:write"),
    params: idParamsSchema,
    form: {
      schema: importOptionsSchema,
      files: { name: "file", description: `The file, UTF-8, at most ${DATASET_LIMITS.maxImportBytes / 1024 / 1024} MB.` },
      raw: "Or the file as the whole body, with `format` and `evidence` as query parameters.",
    },
    responses: [jsonResponse(importSummarySchema, "What the import wrote.")],
    errors: [
      404,
      { status: 413, description: "Over 100 MB (from Content-Length, or while the body streams)." },
      { status: 422, description: "Bad records: `details.errors = [{record, field?, message}]`; nothing was written." },
    ],
  },
  exportDataset: {
    method: "GET",
    path: "/api/v1/datasets/{id}/export",
    summary: "the gold set as a file (gold JSONL, Label Studio or Prodigy)",
    tag: "datasets",
    auth: session("export:read"),
    params: idParamsSchema,
    query: exportQuerySchema,
    readQuery: (search) => ({
      format: search.get("format") ?? undefined,
      model: search.get("model") ?? undefined,
      judge: search.get("judge") ?? undefined,
      // `1`/`true` and `0`/`false`; anything else reaches the schema as is (a 400 naming it).
      audit: ((v) => (v === null ? undefined : v === "1" || v === "true" ? true : v === "0" || v === "false" ? false : v))(search.get("audit")),
    }),
    responses: [
      {
        status: 200,
        description: "The file as an attachment, streamed: JSON Lines for gold-jsonl and prodigy, JSON for label-studio.",
        contentTypes: ["application/x-ndjson", "application/json"],
      },
    ],
    errors: [404, { status: 422, description: "A stored span no longer matches its document (nothing was sent)." }],
  },

  // ---------- pairs ----------
  listPairs: {
    method: "GET",
    path: "/api/v1/pairs",
    summary: "the queue: filtered, sorted, paginated pairs",
    description:
      "Blind annotation: for a caller without pair:review, export:read or research:read, the pairs they are blind to list no gold decision " +
      "(`goldNoVital` false), sort as unscored under `disagreement` (and under `uncertainty` where the dataset hides predictions), and match " +
      "`category` on the caller's own spans only.",
    tag: "pairs",
    auth: session("pair:read"),
    query: queueSearchParamsSchema,
    readQuery: queueSearchInput,
    responses: [jsonResponse(pairListResponseSchema, "A page of the queue and the cursor of the next.")],
    errors: [{ status: 422, description: "A `cursor` that is not a `nextCursor` of this sort order." }],
  },
  getAnnotation: {
    method: "GET",
    path: "/api/v1/pairs/{id}/annotation",
    summary: "my annotation of the pair",
    tag: "pairs",
    auth: session("pair:read"),
    params: idParamsSchema,
    responses: [jsonResponse(getAnnotationResponseSchema, "My annotation; null before my first save.")],
  },
  saveAnnotation: {
    method: "PUT",
    path: "/api/v1/pairs/{id}/annotation",
    summary: "save my spans (versioned: 409 on a conflict)",
    description: "The complete list of my spans; the first save creates the annotation. Spans without a known `id` are created.",
    tag: "pairs",
    auth: session("pair:annotate"),
    params: idParamsSchema,
    body: saveAnnotationRequestSchema,
    bodyLimit: "annotation",
    responses: [jsonResponse(saveAnnotationResponseSchema, "The stored spans and version; `idMap` maps client ids to the new span ids.")],
    errors: [
      404,
      { status: 409, description: "The version is stale or the annotation is locked: `details` carry `{reason, version, spans, status}`." },
      { status: 422, description: "A span does not match the document text." },
    ],
  },
  submitAnnotation: {
    method: "POST",
    path: "/api/v1/pairs/{id}/annotation/submit",
    summary: "submit my annotation for review",
    tag: "pairs",
    auth: session("pair:annotate"),
    params: idParamsSchema,
    body: submitAnnotationRequestSchema,
    bodyLimit: "comment",
    responses: [jsonResponse(annotationTransitionSchema, 'The annotation submitted (`noVital`: the answer "nothing here is vital").')],
    errors: [
      404,
      { status: 409, description: "Stale, or not in progress." },
      { status: 422, description: "noVital while the annotation holds a vital span." },
    ],
  },
  listSpanHistory: {
    method: "GET",
    path: "/api/v1/pairs/{id}/history",
    summary: "span events of the pair, newest first",
    description: "Blind annotation: a caller blinded on the pair gets the events of their own spans whatever the `scope`.",
    tag: "pairs",
    auth: session("pair:read"),
    params: idParamsSchema,
    query: spanHistoryQuerySchema,
    responses: [jsonResponse(spanHistoryResponseSchema, "A page of span events, newest first, and the cursor of the next.")],
    errors: [404, { status: 422, description: "A `cursor` that is not an event of this history." }],
  },
  listSuggestions: {
    method: "GET",
    path: "/api/v1/pairs/{id}/suggestions",
    summary: "the pair's model and judge suggestions",
    tag: "pairs",
    auth: session("pair:read"),
    params: idParamsSchema,
    query: listSuggestionsQuerySchema,
    responses: [jsonResponse(suggestionsResponseSchema, "The suggestions in document order.")],
    errors: [
      404,
      {
        status: 403,
        description:
          "Blind annotation: the dataset does not show predictions to annotators who have not submitted their annotation of the pair yet (`details.reason` is `blind`).",
      },
    ],
  },
  acceptSuggestions: {
    method: "POST",
    path: "/api/v1/pairs/{id}/suggestions/accept",
    summary: "copy suggestions into my annotation",
    tag: "pairs",
    auth: session("pair:annotate"),
    params: idParamsSchema,
    body: acceptSuggestionsRequestSchema,
    bodyLimit: "suggestionIds",
    responses: [jsonResponse(acceptSuggestionsResponseSchema, "The save result plus `accepted` (suggestion id → span id) and `skipped`.")],
    errors: [
      {
        status: 403,
        description:
          "Blind annotation: the dataset does not show predictions to annotators who have not submitted their annotation of the pair yet (`details.reason` is `blind`).",
      },
      404,
      { status: 409, description: "A version conflict, as for PUT …/annotation." },
    ],
  },
  runJudge: {
    method: "POST",
    path: "/api/v1/pairs/{id}/judge",
    summary: "run the LLM judge on the pair",
    tag: "pairs",
    auth: session("model:run"),
    params: idParamsSchema,
    body: judgeRequestSchema,
    bodyLimit: "comment",
    emptyBody: true,
    responses: [
      jsonResponse(
        runJudgeResponseSchema,
        "The judge's suggestions on the pair, the quotes no matching step located (with the reason), quotes per matching step, and the requests, retries, tokens and cache hits it took.",
      ),
    ],
    errors: [404, 422, { status: 503, description: "No judge is configured, or its server failed (after its retries)." }],
  },
  scorePair: {
    method: "POST",
    path: "/api/v1/pairs/{id}/scores",
    summary: "token probabilities, units and snippet of the pair (cached per model)",
    description: "The inspector's response shape per document (canonical text, blocks, units, token scores), cached per model and input.",
    tag: "pairs",
    auth: session("pair:read"),
    params: idParamsSchema,
    body: scorePairRequestSchema,
    bodyLimit: "scorePair",
    emptyBody: true,
    responses: [
      jsonResponse(pairScoresResponseSchema, "Per document: canonical text, blocks, units, token scores and snippet; the totals and timings."),
    ],
    errors: [
      {
        status: 403,
        description:
          "Blind annotation: the dataset does not show predictions to annotators who have not submitted their annotation of the pair yet (`details.reason` is `blind`).",
      },
      404,
      { status: 503, description: "No model installed." },
    ],
  },

  // ---------- review ----------
  listPairAnnotations: {
    method: "GET",
    path: "/api/v1/pairs/{id}/annotations",
    summary: "every annotation of the pair, for review",
    tag: "review",
    auth: session("pair:review"),
    params: idParamsSchema,
    responses: [jsonResponse(pairAnnotationsResponseSchema, "The pair, its documents and every annotation of it.")],
    errors: [404],
  },
  reviewAnnotation: {
    method: "POST",
    path: "/api/v1/annotations/{id}/review",
    summary: "accept or reject a submitted annotation",
    tag: "review",
    auth: session("pair:review"),
    params: idParamsSchema,
    body: reviewRequestSchema,
    bodyLimit: "comment",
    responses: [jsonResponse(annotationTransitionSchema, "The annotation's new status and the pair's.")],
    errors: [{ status: 403, description: "Your own annotation." }, 404, { status: 409, description: "Not submitted, or stale." }],
  },
  getGold: {
    method: "GET",
    path: "/api/v1/pairs/{id}/gold",
    summary: "the pair's adjudicated gold spans",
    tag: "review",
    auth: session("pair:read"),
    params: idParamsSchema,
    responses: [
      jsonResponse(
        goldResponseSchema,
        'The gold spans, the pair\'s review state and version (`noVital`: the gold decision "nothing here is vital").',
      ),
    ],
    errors: [
      { status: 403, description: "Blind annotation: the caller has not submitted their annotation of the pair yet (`details.reason` is `blind`)." },
      404,
    ],
  },
  saveGold: {
    method: "PUT",
    path: "/api/v1/pairs/{id}/gold",
    summary: "adjudicate the pair's gold spans",
    tag: "review",
    auth: session("pair:review"),
    params: idParamsSchema,
    body: goldRequestSchema,
    bodyLimit: "gold",
    responses: [jsonResponse(saveGoldResponseSchema, "The pair's new gold spans and version.")],
    errors: [
      { status: 403, description: "Your own annotation is the only one (four eyes)." },
      404,
      { status: 409, description: "The pair changed since `version`." },
      { status: 422, description: "A span does not match the document text." },
    ],
  },
  getGoldHistory: {
    method: "GET",
    path: "/api/v1/pairs/{id}/gold/history",
    summary: "every change to the pair's gold, newest first",
    description:
      'Append-only (GoldAuditEvent): adjudications, the decision "nothing here is vital", imports as gold, repairs and the demo seed, each ' +
      "with who made it (`actor` null: the system), when, and the gold before and after (`{noVital, spans}`), plus what it did " +
      "(`added`, `removed`, `noVitalChange`).",
    tag: "review",
    auth: session("pair:review"),
    params: idParamsSchema,
    responses: [jsonResponse(goldHistoryResponseSchema, "Every change to the pair's gold, newest first.")],
    errors: [404],
  },
  getAgreement: {
    method: "GET",
    path: "/api/v1/agreement",
    summary: "agreement per category and the lowest-agreement pairs of a dataset",
    description:
      "Char F1 and token kappa, pooled and per category; pairs with the lowest agreement first. Only blind annotations count: made on a blind-annotation dataset by an annotator who had not seen the pair's gold or others' work.",
    tag: "review",
    auth: session("pair:read"),
    query: agreementQuerySchema,
    // Empty metric or category: the default (a form's "any").
    readQuery: (search) => ({
      datasetId: search.get("datasetId") ?? undefined,
      metric: search.get("metric") || undefined,
      category: search.get("category") || undefined,
    }),
    responses: [
      jsonResponse(
        agreementResponseSchema,
        "Only blind annotations are compared (`notBlindExcluded` counts the others); `onlyViewerSubmitted`: the caller is blinded on the dataset and sees the pairs they have handed in only.",
      ),
    ],
    errors: [404],
  },

  // ---------- scoring ----------
  scorePairs: {
    method: "POST",
    path: "/api/v1/pairs/score",
    summary: "fill the model-score cache of up to 100 unscored pairs",
    description: "A failing pair is reported and skipped. Call again while `remaining > 0`.",
    tag: "scoring",
    auth: session("model:run"),
    body: scoreRequestSchema,
    bodyLimit: "scoring",
    emptyBody: true,
    responses: [jsonResponse(scorePairsResponseSchema, "The pairs scored and failed, and how many are left.")],
  },

  // ---------- jobs ----------
  startJob: {
    method: "POST",
    path: "/api/v1/jobs",
    summary: "start a background job (scoring unscored pairs, a threshold and budget sweep, an LLM judge run, a model's evaluation)",
    description:
      "Jobs live in the database with their progress, failures and result: any server process or `snippet-lab worker` may run them " +
      "(in-process on SQLite, through a pg-boss queue on PostgreSQL), a cancel reaches the one running it, and a job cut off by a restart resumes. " +
      "One job of a kind runs per scope (a dataset): starting another returns the live one. " +
      "A `judge-run` creates a judge run over the dataset's pairs and `workers` jobs that share them (`job` is the first; `payload.runId` names the run: GET /api/v1/judge/runs/{id}). " +
      "A `model-eval` evaluates one installed model on a dataset's gold pairs (one live evaluation per model); /research/models shows the latest.",
    tag: "jobs",
    auth: session("model:run"),
    body: startJobRequestSchema,
    bodyLimit: "jobs",
    example: { kind: "frontier-sweep", payload: { datasetId: "cm0dataset", methods: ["model:snippet-lab", "bm25", "lead"] } },
    responses: [
      jsonResponse(startJobResponseSchema, "`started: true`: the job is queued (`jobs`: every job the start queued, a judge run's workers).", 202),
      jsonResponse(startJobResponseSchema, "`started: false`: a job of that kind and scope is already queued or running."),
    ],
    errors: [
      404,
      { status: 422, description: "Nothing to do: a sweep of a dataset without gold pairs, a judge run without pairs to judge." },
      { status: 503, description: "A judge run without a configured judge server (SNIPPET_LAB_JUDGE_*)." },
    ],
  },
  listJobs: {
    method: "GET",
    path: "/api/v1/jobs",
    summary: "background jobs, newest first",
    tag: "jobs",
    auth: session("pair:read"),
    query: listJobsQuerySchema,
    responses: [jsonResponse(jobsResponseSchema, "The jobs, newest first.")],
  },
  getJob: {
    method: "GET",
    path: "/api/v1/jobs/{id}",
    summary: "a background job's state and progress",
    tag: "jobs",
    auth: session("pair:read"),
    params: idParamsSchema,
    responses: [jsonResponse(jobResponseSchema, "The job with its state and progress.")],
    errors: [404],
  },
  cancelJob: {
    method: "POST",
    path: "/api/v1/jobs/{id}/cancel",
    summary: "cancel a queued or running job",
    tag: "jobs",
    auth: session("model:run"),
    params: idParamsSchema,
    responses: [jsonResponse(jobResponseSchema, "The job: cancelled, or (running) `cancelRequested` until its worker stops.")],
    errors: [404],
  },
  resumeJob: {
    method: "POST",
    path: "/api/v1/jobs/{id}/resume",
    summary: "resume a cancelled or failed job where it stopped",
    tag: "jobs",
    auth: session("model:run"),
    params: idParamsSchema,
    responses: [jsonResponse(jobResponseSchema, "The job, queued again with its progress.")],
    errors: [404, { status: 409, description: "The job is queued, running or done, or another job of its kind and scope is live." }],
  },

  // ---------- judge ----------
  listJudgeRuns: {
    method: "GET",
    path: "/api/v1/judge/runs",
    summary: "LLM judge runs with their progress, tokens, cost and matching rates, newest first",
    tag: "judge",
    auth: session("pair:read"),
    query: listJudgeRunsQuerySchema,
    responses: [jsonResponse(judgeRunsResponseSchema, "The runs with their progress, tokens, cost and matching rates, newest first.")],
  },
  getJudgeRun: {
    method: "GET",
    path: "/api/v1/judge/runs/{id}",
    summary: "one judge run: progress, tokens, cost, matching rates per step, failures",
    description:
      "`matches` counts the judge's quotes per matching step (exact, normalized, regex, fuzzy, unmatched); `matchShare` their shares and `matchCumulative` the share matched by each step. " +
      "`costUsd` is at SNIPPET_LAB_JUDGE_PRICES (null without a price for the model). `failures` lists failed pairs with the reason; `unmatched` the quotes no step located.",
    tag: "judge",
    auth: session("pair:read"),
    params: idParamsSchema,
    responses: [jsonResponse(judgeRunResponseSchema, "The run.")],
    errors: [404],
  },
  cancelJudgeRun: {
    method: "POST",
    path: "/api/v1/judge/runs/{id}/cancel",
    summary: "cancel every queued or running job of a judge run",
    description: "Running jobs stop after committing the pairs they are judging; pending pairs stay pending, so the run can be resumed.",
    tag: "judge",
    auth: session("model:run"),
    params: idParamsSchema,
    responses: [jsonResponse(judgeRunResponseSchema, "The run.")],
    errors: [404, { status: 409, description: "No job of the run is queued or running." }],
  },
  resumeJudgeRun: {
    method: "POST",
    path: "/api/v1/judge/runs/{id}/resume",
    summary: "go on with a stopped judge run (and, asked, judge its failed pairs again)",
    tag: "judge",
    auth: session("model:run"),
    params: idParamsSchema,
    body: resumeJudgeRunRequestSchema,
    bodyLimit: "jobs",
    emptyBody: true,
    responses: [jsonResponse(judgeRunResponseSchema, "The run: its cancelled or failed jobs queued again (or a new one for its retried pairs).")],
    errors: [404, { status: 409, description: "Nothing to resume: every pair is done or failed (ask retryFailed) and no job is live." }],
  },

  // ---------- research ----------
  getFrontier: {
    method: "GET",
    path: "/api/v1/research/frontier",
    summary: "a dataset's threshold and budget frontier (its latest sweep) as JSON or CSV",
    description:
      "`result.rows` are exactly the rows `snippet-lab eval --json` writes for the same methods, thresholds and budgets: per method and setting, " +
      "`tokensPerQuery`, `evidenceRecall`, `allEvidenceKept`, `answerKept`, `evidenceCharRecall`, `keptPrecision`, `compressionRatio` and per-category `keptShare`. " +
      "Start a sweep with `POST /api/v1/jobs` (`kind: frontier-sweep`).",
    tag: "research",
    auth: session("research:read"),
    query: frontierQuerySchema,
    responses: [
      {
        ...jsonResponse(
          frontierResponseSchema,
          "The latest finished sweep (`{jobId: null, result: null}` before the first), or with `format=csv` its rows as CSV.",
        ),
        contentTypes: ["text/csv"],
      },
    ],
    errors: [404, { status: 409, description: "The given sweep job has not finished." }],
  },
  getFrontierPairs: {
    method: "GET",
    path: "/api/v1/research/frontier/pairs",
    summary: "the pairs behind one frontier point, the most evidence lost first",
    tag: "research",
    auth: session("research:read"),
    query: frontierPairsQuerySchema,
    responses: [
      {
        ...jsonResponse(frontierPairsResponseSchema, "The pairs behind the point, or with `format=csv` the same as CSV."),
        contentTypes: ["text/csv"],
      },
    ],
    errors: [404, { status: 503, description: "An LLM method (`llm-extract`, `hybrid`), judged live, whose judge server failed." }],
  },
  getJudgeEval: {
    method: "GET",
    path: "/api/v1/research/judge",
    summary: "judging the judge: judge configurations against the adjudicated gold, as JSON or CSV",
    description:
      "Per judge configuration (model, prompt version, one- or two-stage) with judgments on the dataset's gold pairs: span-level (IoU ≥ 0.5, same document and category, one to one) " +
      "and token-level (word tokens) precision, recall and F1 per category and over all, quotes per matching step, and the pairs with the most disagreement. `snippet-lab judge-eval` prints the same.",
    tag: "research",
    auth: session("research:read"),
    query: judgeEvalQuerySchema,
    responses: [
      { ...jsonResponse(judgeEvalReportSchema, "The configurations' figures, or with `format=csv` the same as CSV."), contentTypes: ["text/csv"] },
    ],
    errors: [404],
  },
  getCategoryBreakdown: {
    method: "GET",
    path: "/api/v1/research/categories",
    summary: "the share of tokens per category before and after compression, as JSON or CSV",
    description:
      "Per category (and `unlabelled`): downstream tokens of the uncompressed pages and of the snippets, their shares and the relative change of the share. " +
      "A pair's categories come from its gold spans, else the LLM judge's suggestions, else the model's own category predictions: `bySource` gives the figures per source.",
    tag: "research",
    auth: session("research:read"),
    query: categoriesQuerySchema,
    responses: [
      {
        ...jsonResponse(categoryBreakdownSchema, "The breakdown of every pair and per source, or with `format=csv` its rows as CSV."),
        contentTypes: ["text/csv"],
      },
    ],
    errors: [404],
  },
  getCategoryPairs: {
    method: "GET",
    path: "/api/v1/research/categories/pairs",
    summary: "the pairs behind one category bar, uncompressed and compressed",
    tag: "research",
    auth: session("research:read"),
    query: categoryPairsQuerySchema,
    responses: [
      jsonResponse(categoryPairsResponseSchema, "The pairs with the most tokens of the category first, their texts, category spans and kept spans."),
    ],
    errors: [404],
  },

  // ---------- meta ----------
  getOpenApiDocument: {
    method: "GET",
    path: "/api/v1/openapi.json",
    summary: "this API as an OpenAPI 3.1 document (public)",
    description: "Generated from the schemas the handlers validate with; feed it to a client generator.",
    tag: "meta",
    auth: { kind: "public" },
    responses: [jsonResponse(openApiDocumentSchema, "The OpenAPI document.")],
  },
});

/** Every operation, in the document's order. */
export const API_OPERATIONS: readonly ApiOperation[] = Object.values(OPERATIONS);
