import "server-only";
import path from "node:path";
import { z } from "zod";
import { DOWNSTREAM_ENCODINGS } from "@/lib/engine/downstream-encodings";
import { AppError } from "@/lib/errors";
import { parseTrustProxy } from "@/lib/http/security-headers";

/**
 * The one description of the environment: every variable the app, `npm start` and the CLI read, validated by zod and
 * documented by its `.meta()` (docs/configuration.md is generated from it, lib/server/env.test.ts keeps the two in
 * step). Code reads `getEnv()`, never process.env. Empty values count as unset.
 */

type Doc = { description: string; default: string };
const doc = (description: string, defaultText = "—"): Doc => ({ description, default: defaultText });

const optionalText = z.string().optional();

/** 1/true/yes/on or 0/false/no/off; anything else is a mistake worth a startup error. */
const flag = (fallback: boolean) =>
  optionalText.transform((v, ctx) => {
    if (v === undefined) return fallback;
    const s = v.toLowerCase();
    if (["1", "true", "yes", "on"].includes(s)) return true;
    if (["0", "false", "no", "off"].includes(s)) return false;
    ctx.addIssue({ code: "custom", message: `must be 1 or 0 (true/false), got "${v}"` });
    return z.NEVER;
  });

const int = (min: number, max: number) =>
  optionalText.transform((v, ctx) => {
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: "custom", message: `must be an integer from ${min} to ${max}, got "${v}"` });
      return z.NEVER;
    }
    return n;
  });

const commaList = (normalize: (s: string) => string = (s) => s) =>
  optionalText.transform((v) =>
    (v ?? "")
      .split(",")
      .map((s) => normalize(s.trim()))
      .filter((s) => s.length > 0),
  );

const DEFAULT_DATABASE_URL = "file:./data/snippet-lab.db";

/** Settings of the app, `npm start` and the CLI (the judge's are below). Keys are the variable names. */
const coreSchema = z.object({
  DATABASE_URL: optionalText
    .refine((v) => v === undefined || /^(file:|postgres(ql)?:\/\/)/i.test(v), {
      message: "use file:./path.db (SQLite) or postgresql://… (PostgreSQL)",
    })
    .transform((v) => v ?? DEFAULT_DATABASE_URL)
    .meta(
      doc(
        "SQLite (`file:` URL, relative to the repository root) or PostgreSQL (`postgresql://…`, [database.md](database.md)).",
        `\`${DEFAULT_DATABASE_URL}\``,
      ),
    ),
  HOST: optionalText
    .transform((v) => v ?? "127.0.0.1")
    .meta(doc("Address `npm start` listens on (and the home page's curl example names).", "`127.0.0.1`")),
  PORT: int(1, 65_535)
    .transform((v) => v ?? 3000)
    .meta(doc("Port `npm start` listens on.", "`3000`")),
  SNIPPET_LAB_ADMIN_EMAIL: optionalText.meta(
    doc("Email of the first admin, created on a database without an active admin (ignored afterwards).", "`admin@localhost`"),
  ),
  SNIPPET_LAB_ADMIN_PASSWORD: optionalText.meta(doc("Password of that first admin.", "generated, printed once")),
  SNIPPET_LAB_SKIP_BUILD: flag(false).meta(doc("`npm start` never runs `next build`: it serves `.next` as it is.", "`0`")),
  SNIPPET_LAB_SKIP_SEED: flag(false).meta(doc("`npm start` does not seed the demo dataset.", "`0`")),
  SNIPPET_LAB_API_KEYS: commaList().meta(
    doc(
      "Comma-separated keys: the service routes (`/api/v1/compress`, `/api/v1/models`, `/api/v1/metrics`) then require `Authorization: Bearer <key>`.",
      "none: open",
    ),
  ),
  SNIPPET_LAB_ALLOWED_ORIGINS: commaList((h) =>
    h
      .toLowerCase()
      .replace(/^https?:\/\//, "")
      .replace(/\/.*$/, ""),
  ).meta(
    doc(
      "Comma-separated extra hosts (`lab.example.com:8443`) whose Origin may change state: for a reverse proxy that rewrites Host without X-Forwarded-Host.",
      "none",
    ),
  ),
  SNIPPET_LAB_TRUST_PROXY: optionalText
    .transform(parseTrustProxy)
    .meta(doc("`0`: ignore X-Forwarded-Proto, so requests never count as https (Secure cookies, CSP upgrade).", "`1`")),
  SNIPPET_LAB_FETCH_ALLOW_PRIVATE: flag(false).meta(
    doc("URL results may point at private, loopback and link-local addresses (the fetcher's SSRF guard refuses them otherwise).", "`0`"),
  ),
  SNIPPET_LAB_MODELS_DIR: optionalText
    .transform((v) => v ?? path.join(/*turbopackIgnore: true*/ process.cwd(), "models"))
    .meta(doc("Folder holding `<name>/` model folders and `default.txt`.", "`./models`")),
  SNIPPET_LAB_DEFAULT_MODEL: optionalText
    .refine((v) => v === undefined || /^[A-Za-z0-9._-]+$/.test(v), { message: "must be a model folder name (letters, digits, . _ -)" })
    .meta(doc("Name of the default model.", "`models/default.txt`")),
  SNIPPET_LAB_EXECUTION_PROVIDER: z
    .enum(["cpu", "cuda"], { error: 'must be "cpu" or "cuda"' })
    .optional()
    .transform((v) => v ?? "cpu")
    .meta(doc("onnxruntime execution provider; `cuda` falls back to the CPU with a logged warning.", "`cpu`")),
  SNIPPET_LAB_INTRA_OP_THREADS: int(1, 1024).meta(
    doc(
      "onnxruntime threads per model session. Set: one session with this many threads. Unset: on the CPU one single-threaded session per core (at most 4, then the cores are shared among them), each in a worker thread. The sentence encoders (`models/sentence-encoder*`) take the same layout.",
      "unset",
    ),
  ),
  SNIPPET_LAB_MAX_BATCH: int(1, 1024)
    .transform((v) => v ?? 8)
    .meta(doc("Model windows per batch, shared by concurrent requests.", "`8`")),
  SNIPPET_LAB_RELEVANCE_SCOPE: z
    .enum(["set", "result"], { error: 'must be "set" or "result"' })
    .optional()
    .transform((v) => v ?? "set")
    .meta(doc("Older `query-match-bm25` models: BM25 relevance bins over the whole result set (`set`) or per page (`result`).", "`set`")),
  SNIPPET_LAB_DOWNSTREAM_ENCODING: z
    .enum(DOWNSTREAM_ENCODINGS, { error: `must be one of ${DOWNSTREAM_ENCODINGS.join(", ")}` })
    .optional()
    .meta(doc("Tokenizer of the downstream LLM that budgets are counted in (a request's `encoding` wins).", "`o200k_base`")),
  SNIPPET_LAB_JOBS_IN_SERVER: flag(true).meta(
    doc(
      "The server process runs background jobs (scoring, sweeps). `0`: it only queues them, for `npx snippet-lab worker` processes ([database.md](database.md#background-jobs)).",
      "`1`",
    ),
  ),
  SNIPPET_LAB_JOB_CONCURRENCY: int(1, 16)
    .transform((v) => v ?? 1)
    .meta(doc("Background jobs one process (server or worker) runs at once.", "`1`")),
});

const judgeInt = (min: number, max: number, fallback: number) => int(min, max).transform((v) => v ?? fallback);

/** The LLM judge's settings (docs/judge.md): all unset = the judge is off. */
const judgeShape = {
  SNIPPET_LAB_JUDGE_BASE_URL: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL such as http://127.0.0.1:8000/v1" })
    .optional()
    .meta(doc("OpenAI-compatible server of the LLM judge, usually ending in `/v1`; with the model, switches the judge on.", "none: judge off")),
  SNIPPET_LAB_JUDGE_MODEL: z.string().trim().min(1).max(200).optional().meta(doc("The judge's model name on that server.", "none: judge off")),
  SNIPPET_LAB_JUDGE_API_KEY: optionalText.meta(doc("API key of the judge server.", "`unused`")),
  SNIPPET_LAB_JUDGE_TIMEOUT_MS: judgeInt(100, 3_600_000, 120_000).meta(doc("Per request to the judge, in ms.", "`120000`")),
  SNIPPET_LAB_JUDGE_JSON_MODE: optionalText
    .transform((v, ctx): JudgeJsonMode => {
      const s = (v ?? "schema").toLowerCase();
      if (["schema", "1", "true", "on", "auto"].includes(s)) return "schema";
      if (s === "object") return "object";
      if (["off", "0", "false", "no"].includes(s)) return "off";
      ctx.addIssue({ code: "custom", message: `must be schema, object or off, got "${v}"` });
      return z.NEVER;
    })
    .meta(
      doc(
        "`schema`: structured outputs (`response_format` json_schema, strict), falling back to `json_object` and then to none when the server rejects them; `object`: `json_object` only; `off` (or `0`): no `response_format`.",
        "`schema`",
      ),
    ),
  SNIPPET_LAB_JUDGE_CHUNK_CHARS: judgeInt(500, 1_000_000, 12_000).meta(
    doc("Largest document part sent in one stage-2 request, in characters.", "`12000`"),
  ),
  SNIPPET_LAB_JUDGE_MAX_RETRIES: judgeInt(0, 20, 4).meta(
    doc(
      "Retries of one request on connection errors, timeouts, 408/409/429 and 5xx, with exponential backoff and jitter (a `Retry-After` wins).",
      "`4`",
    ),
  ),
  SNIPPET_LAB_JUDGE_BACKOFF_MS: judgeInt(10, 600_000, 1_000).meta(
    doc("First retry's delay in ms; doubled per retry (at most 60 s), each drawn between half and all of it (jitter).", "`1000`"),
  ),
  SNIPPET_LAB_JUDGE_CONCURRENCY: judgeInt(1, 64, 1).meta(
    doc("Requests to the judge in flight at once (per process; a judge run judges that many pairs at a time).", "`1`"),
  ),
  SNIPPET_LAB_JUDGE_PRICES: optionalText
    .transform((v, ctx) => {
      const prices: Record<string, JudgePrice> = {};
      for (const entry of (v ?? "")
        .split(",")
        .map((e) => e.trim())
        .filter(Boolean)) {
        const m = entry.match(/^(.+?)=(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)$/);
        if (!m) {
          ctx.addIssue({ code: "custom", message: `"${entry}" is not model=input/output (USD per million tokens, e.g. gpt-4o-mini=0.15/0.6)` });
          return z.NEVER;
        }
        prices[m[1]!.trim()] = { inputPerMillion: Number(m[2]), outputPerMillion: Number(m[3]) };
      }
      return prices;
    })
    .meta(
      doc(
        "Prices for the cost summaries: `model=input/output` in USD per million tokens, comma-separated (e.g. `gpt-4o-mini=0.15/0.6,gpt-4o=2.5/10`).",
        "none: tokens only",
      ),
    ),
};

/** USD per million prompt (input) and completion (output) tokens. */
export type JudgePrice = { inputPerMillion: number; outputPerMillion: number };
/** How replies are constrained to JSON: structured outputs (falling back), json_object, or not at all. */
export type JudgeJsonMode = "schema" | "object" | "off";

export type JudgeConfig = {
  /** OpenAI-compatible base URL, usually ending in /v1. */
  baseUrl: string;
  model: string;
  /** "unused" when the server needs none (local servers). */
  apiKey: string;
  /** Per request. */
  timeoutMs: number;
  /** response_format: json_schema (falling back to json_object, then none), json_object only, or none. */
  jsonMode: JudgeJsonMode;
  /** Largest document part sent in one stage-2 request, in characters. */
  chunkChars: number;
  /** Retries of one request on connection errors, timeouts, 408/409/429 and 5xx. */
  maxRetries: number;
  /** First retry's delay (ms), doubled per retry, with jitter; a Retry-After header wins. */
  backoffMs: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** Prices per model id, for cost summaries. */
  prices: Readonly<Record<string, JudgePrice>>;
};

/** The judge sub-schema: null when neither base URL nor model is set; both are needed once either is. */
export const judgeEnvSchema = z
  .object(judgeShape)
  .superRefine((j, ctx) => {
    const url = j.SNIPPET_LAB_JUDGE_BASE_URL !== undefined;
    const model = j.SNIPPET_LAB_JUDGE_MODEL !== undefined;
    if (url && !model) ctx.addIssue({ code: "custom", path: ["SNIPPET_LAB_JUDGE_MODEL"], message: "is required with SNIPPET_LAB_JUDGE_BASE_URL" });
    if (model && !url) ctx.addIssue({ code: "custom", path: ["SNIPPET_LAB_JUDGE_BASE_URL"], message: "is required with SNIPPET_LAB_JUDGE_MODEL" });
  })
  .transform((j): JudgeConfig | null =>
    j.SNIPPET_LAB_JUDGE_BASE_URL === undefined || j.SNIPPET_LAB_JUDGE_MODEL === undefined
      ? null
      : {
          baseUrl: j.SNIPPET_LAB_JUDGE_BASE_URL.replace(/\/+$/, ""),
          model: j.SNIPPET_LAB_JUDGE_MODEL,
          apiKey: j.SNIPPET_LAB_JUDGE_API_KEY ?? "unused",
          timeoutMs: j.SNIPPET_LAB_JUDGE_TIMEOUT_MS,
          jsonMode: j.SNIPPET_LAB_JUDGE_JSON_MODE,
          chunkChars: j.SNIPPET_LAB_JUDGE_CHUNK_CHARS,
          maxRetries: j.SNIPPET_LAB_JUDGE_MAX_RETRIES,
          backoffMs: j.SNIPPET_LAB_JUDGE_BACKOFF_MS,
          concurrency: j.SNIPPET_LAB_JUDGE_CONCURRENCY,
          prices: j.SNIPPET_LAB_JUDGE_PRICES,
        },
  );

/** The whole environment: the core settings with the judge's as a sub-schema. */
export const envSchema = z.object({ ...coreSchema.shape, judge: judgeEnvSchema }).transform((e) => ({
  databaseUrl: e.DATABASE_URL,
  host: e.HOST,
  port: e.PORT,
  adminEmail: e.SNIPPET_LAB_ADMIN_EMAIL,
  adminPassword: e.SNIPPET_LAB_ADMIN_PASSWORD,
  skipBuild: e.SNIPPET_LAB_SKIP_BUILD,
  skipSeed: e.SNIPPET_LAB_SKIP_SEED,
  apiKeys: e.SNIPPET_LAB_API_KEYS,
  allowedOrigins: e.SNIPPET_LAB_ALLOWED_ORIGINS,
  trustProxy: e.SNIPPET_LAB_TRUST_PROXY,
  fetchAllowPrivate: e.SNIPPET_LAB_FETCH_ALLOW_PRIVATE,
  modelsDir: e.SNIPPET_LAB_MODELS_DIR,
  defaultModel: e.SNIPPET_LAB_DEFAULT_MODEL,
  executionProvider: e.SNIPPET_LAB_EXECUTION_PROVIDER,
  intraOpThreads: e.SNIPPET_LAB_INTRA_OP_THREADS,
  maxBatch: e.SNIPPET_LAB_MAX_BATCH,
  relevanceScope: e.SNIPPET_LAB_RELEVANCE_SCOPE,
  downstreamEncoding: e.SNIPPET_LAB_DOWNSTREAM_ENCODING,
  jobsInServer: e.SNIPPET_LAB_JOBS_IN_SERVER,
  jobConcurrency: e.SNIPPET_LAB_JOB_CONCURRENCY,
  judge: e.judge,
}));

export type Env = z.output<typeof envSchema>;
export type EnvSource = Readonly<Record<string, string | undefined>>;

/** Every variable the schema reads, core first, with its documentation (docs/configuration.md). */
export const ENV_VARIABLES: readonly { name: string; group: "core" | "judge"; doc: Doc }[] = [
  ...Object.entries(coreSchema.shape).map(([name, s]) => ({ name, group: "core" as const, doc: s.meta() as Doc })),
  ...Object.entries(judgeShape).map(([name, s]) => ({ name, group: "judge" as const, doc: s.meta() as Doc })),
];
const JUDGE_NAMES = Object.keys(judgeShape);

/** The schema's input from a source: its variables only, trimmed, empty strings dropped. */
function pick(source: EnvSource, names: readonly string[]): Record<string, string | undefined> {
  return Object.fromEntries(names.map((n) => [n, source[n]?.trim() ? source[n]!.trim() : undefined]));
}

const describeIssues = (issues: readonly z.core.$ZodIssue[]) =>
  issues.map((i) => `${String(i.path[i.path.length - 1] ?? "(environment)")}: ${i.message}`).join("; ");

/**
 * Parses a source (process.env by default) into the typed settings; UNAVAILABLE naming every bad variable otherwise
 * (`details.reason: "misconfigured"`).
 */
export function parseEnv(source: EnvSource = process.env): Env {
  const core = pick(source, Object.keys(coreSchema.shape));
  const parsed = envSchema.safeParse({ ...core, judge: pick(source, JUDGE_NAMES) });
  if (parsed.success) return parsed.data;
  throw new AppError("UNAVAILABLE", `Invalid configuration: ${describeIssues(parsed.error.issues)}. See docs/configuration.md.`, {
    reason: "misconfigured",
    variables: parsed.error.issues.map((i) => String(i.path[i.path.length - 1] ?? "")),
  });
}

/**
 * The judge sub-schema alone, from any source (the CLI overlays its flags): null when the judge is off, UNAVAILABLE
 * naming the variable when it is half set or invalid.
 */
export function parseJudgeEnv(source: EnvSource): JudgeConfig | null {
  const parsed = judgeEnvSchema.safeParse(pick(source, JUDGE_NAMES));
  if (parsed.success) return parsed.data;
  throw new AppError("UNAVAILABLE", `The LLM judge is misconfigured: ${describeIssues(parsed.error.issues)}.`, { reason: "misconfigured" });
}

/** The process environment with some variables replaced (the CLI's flags), for parseJudgeEnv; process.env is untouched. */
export function envWith(overrides: EnvSource): EnvSource {
  return { ...process.env, ...overrides };
}

/**
 * Points this process at another database (a CLI command that opens one it was given, e.g. bench-research on a
 * throwaway PostgreSQL cluster): the data layer's SQL dialect follows DATABASE_URL, read through getEnv.
 */
export function setProcessDatabaseUrl(url: string): void {
  process.env.DATABASE_URL = url;
}

const NAMES = ENV_VARIABLES.map((v) => v.name);
let memo: { key: string; env: Env } | undefined;

/**
 * The validated settings of this process. Parsed once; parsed again only when a variable changed (tests and the CLI
 * set some at run time), which costs a comparison of a few strings per call.
 */
export function getEnv(): Env {
  const key = NAMES.map((n) => process.env[n] ?? "\u0000").join("\u0001");
  if (memo?.key !== key) memo = { key, env: parseEnv(process.env) };
  return memo.env;
}
