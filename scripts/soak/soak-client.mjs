// The soak's HTTP client (scripts/soak.mjs): requests spread over the live app instances (no sticky sessions, as
// behind the README's proxy), keep-alive node:http (fetch's streams cost the 2-core machine several times the CPU),
// and the failover rule: a request that failed because its instance was killed (connection refused or reset on an
// instance the soak marked down) is counted as "killed" and retried on another instance; a retried write whose first
// try had committed answers 409, which the caller's `reconcile` recognises as its own write. Anything else is an
// "other" error. A reused keep-alive connection the server had just closed (reset before any answer) is retried and
// counted apart: Node documents that race, and clients retry it.
import http from "node:http";

const CONNECTION_ERRORS = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ECONNABORTED", "EHOSTUNREACH"]);
const STALE_ERRORS = new Set(["ECONNRESET", "EPIPE"]);

/** An app instance as the client sees it; `generation` changes when the soak kills it. */
export function createInstance({ name, port }) {
  return { name, port, up: false, generation: 0, inFlight: 0, agent: new http.Agent({ keepAlive: true, maxSockets: 64 }) };
}

/** Marks an instance down before its SIGKILL: new requests avoid it, those in flight count as killed. */
export function markDown(instance) {
  instance.up = false;
  instance.generation++;
  // The kill itself resets the old connections (the requests in flight see that); new ones get a fresh agent.
  const old = instance.agent;
  instance.agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  setTimeout(() => old.destroy(), 30_000).unref();
}

function send({ instance, method, path, headers, body, timeoutMs }) {
  return new Promise((resolve, reject) => {
    let responded = false;
    const req = http.request(
      {
        host: "127.0.0.1",
        port: instance.port,
        method,
        path,
        agent: instance.agent,
        headers: { ...headers, ...(body ? { "content-length": Buffer.byteLength(body) } : {}) },
      },
      (res) => {
        responded = true;
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error(`no answer within ${timeoutMs} ms`), { code: "SOAK_TIMEOUT" })));
    // Node's documented keep-alive race: a reused idle connection the server closed as the request went out.
    req.on("error", (e) => reject(Object.assign(e, { staleKeepAlive: req.reusedSocket && !responded && STALE_ERRORS.has(e.code) })));
    req.end(body);
  });
}

const routeOf = (path) => path.replace(/\?.*$/, "").replace(/\/c[a-z0-9]{20,}/g, "/{id}");

export class SoakClient {
  constructor({ instances, stats, maxAttempts = 6 }) {
    this.instances = instances;
    this.stats = stats;
    this.maxAttempts = maxAttempts;
    this.next = 0;
  }

  /** A live instance, round robin; waits (up to 90 s) while none is up. */
  async pick() {
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      const live = this.instances.filter((i) => i.up);
      if (live.length > 0) return live[this.next++ % live.length];
      await new Promise((r) => setTimeout(r, 200));
    }
    return null;
  }

  /**
   * One logical request. `expect`: the statuses that mean success; `reconcile(res)` (writes): after a retry, turns a
   * 409 that shows this write already committed into a success value. Returns {ok, status, json, text, reconciled}.
   * `user` ({cookie}) or `apiKey` authenticates it.
   */
  async call({ kind, method = "GET", path, json, body, contentType, user, apiKey, expect = [200], reconcile, timeoutMs = 30_000 }) {
    const payload = json !== undefined ? JSON.stringify(json) : body;
    const headers = { accept: "application/json, text/html" };
    if (payload !== undefined) headers["content-type"] = contentType ?? "application/json";
    if (user?.cookie) headers.cookie = user.cookie;
    if (apiKey) headers.authorization = `Bearer ${apiKey}`;
    let retried = false;
    for (let attempt = 0; attempt < this.maxAttempts; attempt++) {
      const instance = await this.pick();
      if (!instance) {
        this.stats.error({ at: Date.now(), kind, cls: "other", what: `${method} ${routeOf(path)}: no live app instance for 90 s` });
        return { ok: false, status: 0 };
      }
      const generation = instance.generation;
      const started = performance.now();
      instance.inFlight++;
      let res;
      try {
        res = await send({ instance, method, path, headers, body: payload, timeoutMs });
      } catch (e) {
        const killed = instance.generation !== generation || !instance.up;
        const code = e.code ?? e.name;
        if (killed && (CONNECTION_ERRORS.has(code) || /socket hang up/.test(e.message))) {
          this.stats.error({ at: Date.now(), kind, cls: "killed", what: `${method} ${routeOf(path)} on ${instance.name}: ${code}` });
        } else if (e.staleKeepAlive) {
          this.stats.note({ kind, what: "staleKeepAlive" });
        } else {
          this.stats.error({ at: Date.now(), kind, cls: "other", what: `${method} ${routeOf(path)} on ${instance.name}: ${code} ${e.message}` });
        }
        // A write cut off may have committed: the retry's 409 is then reconciled.
        retried = true;
        continue;
      } finally {
        instance.inFlight--;
      }
      this.stats.request({ at: Date.now(), ms: performance.now() - started, kind, status: res.status });
      const parsed = parseJson(res.text);
      const setCookie = res.headers["set-cookie"];
      if (user && setCookie) updateCookie(user, setCookie);
      if (expect.includes(res.status)) return { ok: true, status: res.status, json: parsed, text: res.text };
      if (retried && res.status === 409 && reconcile) {
        const value = reconcile(parsed?.error?.details ?? {});
        if (value) {
          this.stats.note({ kind, what: "reconciled" });
          return { ok: true, status: res.status, json: value, reconciled: true };
        }
      }
      const message = parsed?.error?.message ?? res.text.slice(0, 200).replace(/\s+/g, " ");
      this.stats.error({ at: Date.now(), kind, cls: "other", what: `${method} ${routeOf(path)} on ${instance.name} → ${res.status}: ${message}` });
      return { ok: false, status: res.status, json: parsed, text: res.text };
    }
    this.stats.error({ at: Date.now(), kind, cls: "other", what: `${method} ${routeOf(path)}: gave up after ${this.maxAttempts} attempts` });
    return { ok: false, status: 0 };
  }

  /** Signs a user in ({email, password}); the session cookie is kept on the user. */
  async signIn(user) {
    const r = await this.call({
      kind: "sign-in",
      method: "POST",
      path: "/api/auth/login",
      json: { email: user.email, password: user.password },
      user,
    });
    if (!r.ok) throw new Error(`sign-in of ${user.email} failed: HTTP ${r.status} ${r.text?.slice(0, 300) ?? ""}`);
    user.id = r.json.user.id;
    return user;
  }
}

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Keeps the session cookie a response set (sign-in, a slid expiry). */
function updateCookie(user, setCookie) {
  for (const line of Array.isArray(setCookie) ? setCookie : [setCookie]) {
    const m = /^snippet_lab_session=([^;]*)/.exec(line);
    if (m) user.cookie = m[1] ? `snippet_lab_session=${m[1]}` : null;
  }
}
