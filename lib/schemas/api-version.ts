// The HTTP API's own version (semver), apart from the app's package version: clients compare it with the one they were
// written for. Client-safe (no server code): the OpenAPI document's `info.version`, the response header next.config.ts
// sends on every /api response, the TypeScript client and the Python client (clients/python) all read it from here.
// docs/api-changelog.md is the history; a test checks it, the OpenAPI document and this list agree.

/**
 * MAJOR: a field or route removed or changed incompatibly; MINOR: something added (a field, a route, a method);
 * PATCH: fixes that change no shape.
 */
export const API_VERSION = "1.2.0";

/** Sent with every /api response (next.config.ts), so a client can compare before it trusts a response's shape. */
export const API_VERSION_HEADER = "X-Snippet-Lab-API-Version";

/** A field still accepted or sent, marked `deprecated` in the OpenAPI document, and when it goes away. */
export interface ApiDeprecation {
  /** The OpenAPI component schema that holds the field (`CompressRequest`, `CompressResponse`). */
  schema: string;
  field: string;
  /** What to use instead. */
  replacement: string;
  /** The API version that deprecated it. */
  deprecatedIn: string;
  /** The major version that removes it, released no earlier than `removalDate` (YYYY-MM-DD). */
  removedIn: string;
  removalDate: string;
}

/** Every deprecated field of the API (openapi api-version test: exactly the fields the document marks deprecated). */
export const API_DEPRECATIONS: readonly ApiDeprecation[] = [
  { schema: "CompressRequest", field: "model", replacement: "`method`", deprecatedIn: "1.1.0", removedIn: "2.0.0", removalDate: "2027-06-30" },
  ...profileCopies("CompressResponse"),
  {
    schema: "CompressResponse",
    field: "query",
    replacement: "the request's `query`",
    deprecatedIn: "1.1.0",
    removedIn: "2.0.0",
    removalDate: "2027-06-30",
  },
  // The pair scores response extends the compress response (its own `query`, the pair's, is not deprecated).
  ...profileCopies("ScorePairResponse"),
];

/** The copies of `profile` settings API 1.1.0 sent beside it: deprecated there, sent by every 1.x. */
function profileCopies(schema: string): ApiDeprecation[] {
  return (["fallbackFloor", "floor", "focusWeight"] as const).map((field) => ({
    schema,
    field,
    replacement: `\`profile.${field}\``,
    deprecatedIn: "1.1.0",
    removedIn: "2.0.0",
    removalDate: "2027-06-30",
  }));
}

/** The major version of a semver string ("1.1.0" → 1); null when it is not one. */
export function parseApiMajor(version: string): number | null {
  const m = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(version.trim());
  return m ? Number(m[1]) : null;
}

export type ApiVersionCheck = { ok: true; warning?: string } | { ok: false; message: string };

/**
 * Whether a client written for `client` can read a server that says `server` (the header; null when absent):
 * another major version cannot (fields it reads may be gone); a newer minor only adds, so it is fine; a server without
 * the header predates versioning (warned, not refused).
 */
export function checkApiVersion({ server, client = API_VERSION }: { server: string | null | undefined; client?: string }): ApiVersionCheck {
  if (server == null || server === "") {
    return { ok: true, warning: `The server sent no ${API_VERSION_HEADER} header (older than API ${client}?); responses may lack fields.` };
  }
  const s = parseApiMajor(server);
  const c = parseApiMajor(client);
  if (s === null) return { ok: false, message: `The server's API version "${server}" is not a semantic version.` };
  if (c === null) throw new Error(`client API version "${client}" is not a semantic version`);
  if (s !== c) {
    return {
      ok: false,
      message: `API major version mismatch: the server speaks ${server}, this client was written for ${client}. ${
        s > c ? "Upgrade the client" : "Upgrade the server or use an older client"
      } (docs/api-changelog.md lists what changed).`,
    };
  }
  return { ok: true };
}
