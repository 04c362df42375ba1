import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createSession } from "../../lib/server/auth/create-session";
import { createUser } from "../../lib/server/auth/create-user";
import { getSessionUser } from "../../lib/server/auth/get-session-user";
import { SESSION_COOKIE } from "../../lib/server/auth/session-cookie";
import { disconnectDb } from "../../lib/server/db/client";
import { migrateDatabase } from "../../lib/server/db/migrate";
import { updateUserAccount } from "../../lib/server/db/users/update-user-account";
import { unitSimilaritiesWritten } from "../../lib/server/embeddings/stored-result-similarity";
import { stopJobRunner } from "../../lib/server/jobs/job-runner";
import { unitScoresWritten } from "../../lib/server/research/load-unit-scores";
import { preparedUnitsWritten } from "../../lib/server/research/prepared-results-cache";
import { API_OPERATIONS, type ApiOperation } from "../../lib/server/openapi/operations";
import type { Role } from "../../lib/schemas/enums";
import { DatabaseProbe } from "./database-probe";
import { loadRouteHandlers, type RouteHandler } from "./load-route-handlers";

// The server under fuzz: every route handler of app/api in this process, on a migrated temp SQLite database, with
// one signed-in user per role. Real Request objects go in, real Responses come out; nothing is mocked.
//
// Settings (process.env, which getEnv() re-reads when it changes; restored by close()):
// - SNIPPET_LAB_JOBS_IN_SERVER=0: started jobs are queued, never run here (no background sweeps or scoring).
// - SNIPPET_LAB_API_KEYS: a key of the run's own, so the service routes' 401 is reachable too.
// - The LLM judge points at a closed port on 127.0.0.1 with the shortest timeout and no retries, so routes that
//   judge fail at once (503) instead of reaching a network; URL results are only ever loopback or private
//   addresses, which the fetcher's SSRF guard refuses before connecting (SNIPPET_LAB_FETCH_ALLOW_PRIVATE unset).

export const ACTORS = ["admin", "reviewer", "researcher", "annotator", "annotator2"] as const;
export type Actor = (typeof ACTORS)[number];
export type Caller = Actor | "anonymous";

export const FUZZ_PASSWORD = "fuzz password 0123";
export const FUZZ_HOST = "127.0.0.1:3000";
export const FUZZ_ORIGIN = `http://${FUZZ_HOST}`;

const ROLE_OF: Record<Actor, Role> = {
  admin: "admin",
  reviewer: "reviewer",
  researcher: "researcher",
  annotator: "annotator",
  annotator2: "annotator",
};

/** A request as the fuzzer describes it, before it becomes a Request. */
export type WireRequest = {
  operationId: string;
  caller: Caller;
  /** The `{id}` path segment (the raw value: Next hands the handler decoded params). */
  pathId?: string;
  /** The query string, without `?`. */
  search?: string;
  body?: string | Uint8Array;
  /** The Content-Type header; null: none. */
  contentType?: string | null;
  /** Origin header: this host, another site, or none (scripts). */
  origin?: "same" | "cross" | "none";
  /** Authorization of a service route: the run's key, a wrong one, or none. */
  apiKey?: "right" | "wrong" | "none";
};

export type ActorSession = { id: string; email: string; role: Role; token: string };

const ENV_KEYS = [
  "DATABASE_URL",
  "SNIPPET_LAB_JOBS_IN_SERVER",
  "SNIPPET_LAB_API_KEYS",
  "SNIPPET_LAB_FETCH_ALLOW_PRIVATE",
  "SNIPPET_LAB_ALLOWED_ORIGINS",
  "SNIPPET_LAB_JUDGE_BASE_URL",
  "SNIPPET_LAB_JUDGE_MODEL",
  "SNIPPET_LAB_JUDGE_API_KEY",
  "SNIPPET_LAB_JUDGE_TIMEOUT_MS",
  "SNIPPET_LAB_JUDGE_MAX_RETRIES",
  "SNIPPET_LAB_JUDGE_BACKOFF_MS",
] as const;

/** A TCP port on 127.0.0.1 that nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 9;
      srv.close(() => resolve(port));
    });
  });
}

export class FuzzServer {
  readonly operations: ReadonlyMap<string, ApiOperation> = new Map(API_OPERATIONS.map((op) => [op.operationId, op]));
  readonly actors = {} as Record<Actor, ActorSession>;
  readonly apiKey = `fuzz-key-${process.pid}-${Date.now()}`;
  judgeUrl = "";
  probe!: DatabaseProbe;
  private handlers = new Map<string, RouteHandler>();
  private savedEnv = new Map<string, string | undefined>();
  private dir = "";

  /** Temp database, settings, handlers and the signed-in actors. */
  async start(): Promise<void> {
    this.dir = mkdtempSync(path.join(tmpdir(), "snippet-lab-fuzz-api-"));
    const file = path.join(this.dir, "fuzz.db");
    const url = `file:${file}`;
    await migrateDatabase({ url, migrationsDir: path.resolve(import.meta.dirname, "../../prisma/migrations") });
    this.judgeUrl = `http://127.0.0.1:${await closedPort()}/v1`;
    for (const k of ENV_KEYS) this.savedEnv.set(k, process.env[k]);
    Object.assign(process.env, {
      DATABASE_URL: url,
      SNIPPET_LAB_JOBS_IN_SERVER: "0",
      SNIPPET_LAB_API_KEYS: this.apiKey,
      SNIPPET_LAB_JUDGE_BASE_URL: this.judgeUrl,
      SNIPPET_LAB_JUDGE_MODEL: "fuzz-judge",
      SNIPPET_LAB_JUDGE_API_KEY: "unused",
      SNIPPET_LAB_JUDGE_TIMEOUT_MS: "100",
      SNIPPET_LAB_JUDGE_MAX_RETRIES: "0",
      SNIPPET_LAB_JUDGE_BACKOFF_MS: "10",
    });
    delete process.env.SNIPPET_LAB_FETCH_ALLOW_PRIVATE;
    delete process.env.SNIPPET_LAB_ALLOWED_ORIGINS;
    // A client of this database: another test in the same process may have opened one for its own.
    await disconnectDb();
    this.handlers = await loadRouteHandlers();
    for (const actor of ACTORS) {
      const user = await createUser({ email: `${actor}@fuzz.test`, name: actor, password: FUZZ_PASSWORD, role: ROLE_OF[actor] });
      const { token } = await createSession({ userId: user.id });
      this.actors[actor] = { id: user.id, email: user.email, role: ROLE_OF[actor], token };
    }
    this.probe = new DatabaseProbe(file);
  }

  operation(operationId: string): ApiOperation {
    const op = this.operations.get(operationId);
    if (!op) throw new Error(`unknown operation ${operationId}`);
    return op;
  }

  /** The Request a WireRequest stands for. */
  toRequest(w: WireRequest): Request {
    const op = this.operation(w.operationId);
    const headers = new Headers({ host: FUZZ_HOST });
    if (w.caller !== "anonymous") headers.set("cookie", `${SESSION_COOKIE}=${this.actors[w.caller].token}`);
    if (w.origin === "same") headers.set("origin", FUZZ_ORIGIN);
    if (w.origin === "cross") headers.set("origin", "https://evil.example");
    if (op.auth.kind === "apiKey" && w.apiKey !== "none") {
      headers.set("authorization", `Bearer ${w.apiKey === "wrong" ? "not-the-key" : this.apiKey}`);
    }
    if (w.contentType) headers.set("content-type", w.contentType);
    const url = `${FUZZ_ORIGIN}${op.path.replace("{id}", encodeSegment(w.pathId ?? ""))}${w.search ? `?${w.search}` : ""}`;
    const hasBody = w.body !== undefined && op.method !== "GET";
    return new Request(url, { method: op.method, headers, ...(hasBody ? { body: w.body as BodyInit } : {}) });
  }

  /** Sends a request to its operation's handler, as Next would. */
  async send(w: WireRequest): Promise<Response> {
    const handler = this.handlers.get(w.operationId);
    if (!handler) throw new Error(`no handler for ${w.operationId}`);
    const params: Record<string, string> = w.pathId !== undefined ? { id: w.pathId } : {};
    return handler(this.toRequest(w), { params: Promise.resolve(params) });
  }

  /**
   * Settles the caches a research view writes after answering (unit scores, prepared units, unit similarities), so
   * the next request's row counts are its own.
   */
  async settle(): Promise<void> {
    await Promise.all([unitScoresWritten(), preparedUnitsWritten(), unitSimilaritiesWritten()]);
  }

  /**
   * Puts the actors back after a request that may have signed one out, disabled, demoted or re-passworded them
   * (logout, login, user changes): each keeps its role and has a live session, so the next request tests the API,
   * not a fixture the last one broke.
   */
  async healActors(): Promise<number> {
    let healed = 0;
    for (const actor of ACTORS) {
      const a = this.actors[actor];
      const lookup = await getSessionUser({ token: a.token });
      if (lookup && lookup.user.role === a.role) continue;
      await updateUserAccount({ userId: a.id, change: { role: a.role, disabled: false } });
      a.token = (await createSession({ userId: a.id })).token;
      healed++;
    }
    return healed;
  }

  async close(): Promise<void> {
    this.probe?.close();
    await stopJobRunner().catch(() => {});
    await disconnectDb();
    for (const [k, v] of this.savedEnv) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A path segment as a client would encode it; a lone surrogate (which encodeURIComponent refuses) as invalid UTF-8. */
function encodeSegment(id: string): string {
  try {
    return encodeURIComponent(id);
  } catch {
    return id.replace(/[\uD800-\uDFFF]/g, "%ED%A0%80").replace(/[^A-Za-z0-9%._~-]/g, (c) => encodeURIComponent(c));
  }
}
