import type { Metadata } from "next";
import { AGGREGATIONS, DEFAULT_PRESET, PRESET_NAMES, PRESETS } from "@/lib/engine/methods";

export const metadata: Metadata = { title: "API · Snippet Lab" };

function Code({ children }: { children: string }) {
  return <pre className="overflow-x-auto rounded-md bg-slate-900 p-4 text-sm leading-relaxed text-slate-100">{children}</pre>;
}

/** `"a" | "b"`: a request field's allowed values as the vocabulary defines them (lib/engine/methods.ts). */
const union = (values: readonly string[]) => values.map((v) => `"${v}"`).join(" | ");

function Field({ name, type, children }: { name: string; type: string; children: React.ReactNode }) {
  return (
    <tr className="border-t border-slate-200 align-top">
      <td className="py-2 pr-4 font-mono text-sm">{name}</td>
      <td className="py-2 pr-4 font-mono text-xs text-slate-600">{type}</td>
      <td className="py-2 text-sm text-slate-700">{children}</td>
    </tr>
  );
}

export default function ApiDocsPage() {
  return (
    <article className="max-w-4xl space-y-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">HTTP API</h1>
        <p className="text-slate-700">
          JSON over HTTP. Errors always have the shape <code>{"{error: {code, message, details?}}"}</code>.
        </p>
        <nav className="flex flex-wrap gap-4 text-sm text-blue-800 underline">
          <a href="#compress">POST /api/v1/compress</a>
          <a href="#models">GET /api/v1/models</a>
          <a href="#offsets">Offsets</a>
          <a href="#errors">Errors</a>
          <a href="#auth">API keys</a>
        </nav>
      </header>

      <section id="compress" className="space-y-3">
        <h2 className="text-2xl font-semibold">POST /api/v1/compress</h2>
        <p className="text-slate-700">Compresses a result set for a query: one token budget is shared by all results.</p>
        <table className="w-full">
          <tbody>
            <Field name="query" type="string">Required; non-empty after trimming, at most 2,000 characters.</Field>
            <Field name="results" type="array (1–100)">
              Each <code>{"{id?, url?, title?, summary?, text | html}"}</code> with exactly one of <code>text</code> or{" "}
              <code>html</code>; at most 5 MB each and 25 MB together. Ids default to <code>&quot;0&quot;, &quot;1&quot;, …</code> and must be unique.
            </Field>
            <Field name="preset" type={union(PRESET_NAMES)}>
              Budget of {PRESET_NAMES.map((p) => PRESETS[p].toLocaleString("en")).join(" / ")} downstream tokens (default {DEFAULT_PRESET}).
            </Field>
            <Field name="budget" type="integer 1–1,000,000">Explicit downstream-token budget; not together with preset.</Field>
            <Field name="threshold" type="number 0–1">Units scoring below are dropped. Default: the model&apos;s threshold (0 for baselines).</Field>
            <Field name="model" type="string">
              <code>model</code> (default model), <code>model:&lt;name&gt;</code>, <code>bm25</code> or <code>lead</code>. See{" "}
              <a className="underline" href="#models">/api/v1/models</a>. <code>oracle</code> is CLI-only.
            </Field>
            <Field name="aggregation" type={union(AGGREGATIONS)}>How token probabilities become a sentence score (default: the model&apos;s).</Field>
            <Field name="fragmentSize" type="integer 1–3">Consecutive sentences of one block merged into one unit.</Field>
            <Field name="include.tokens" type="boolean">
              Also return per result the canonical <code>text</code>, <code>blocks</code>, <code>units</code> and (for models){" "}
              <code>tokenScores</code>.
            </Field>
          </tbody>
        </table>
        <Code>{`curl -s http://127.0.0.1:3000/api/v1/compress -H 'content-type: application/json' -d '{
  "query": "when did the bridge open?",
  "results": [{"id": "a", "html": "<h1>Bridge</h1><p>The bridge opened in 1932. It is 1,149 m long.</p>"}],
  "preset": "low"
}'`}</Code>
        <Code>{`{
  "results": [{
    "id": "a",
    "snippet": "The bridge opened in 1932.",
    "spans": [{"resultId": "a", "start": 7, "end": 33, "score": 0.93, "text": "The bridge opened in 1932."}],
    "tokensIn": 17, "tokensOut": 7
  }],
  "tokensIn": 17, "tokensOut": 7,
  "model": "model:…", "threshold": 0.5, "budget": 1000, "aggregation": "mean",
  "offsets": "utf16-canonical",
  "timings": {"prepareMs": 1.2, "scoreMs": 20.5, "selectMs": 0.1, "totalMs": 22.0}
}`}</Code>
        <p className="text-sm text-slate-700">
          A result's <code>snippet</code> is its spans joined with <code>&quot;\n…\n&quot;</code>. When a result keeps nothing it carries a{" "}
          <code>reason</code>; a top-level <code>reason</code> explains fallbacks (best unit kept although below the threshold, or nothing relevant).
          Token counts use the downstream LLM tokenizer (o200k_base).
        </p>
      </section>

      <section id="models" className="space-y-3">
        <h2 className="text-2xl font-semibold">GET /api/v1/models</h2>
        <Code>{`{"models": [{"name", "default", "window", "threshold", "aggregation", "layers", "description"}],
 "methods": ["model", "bm25", "lead", "model:<name>", …]}`}</Code>
      </section>

      <section id="offsets" className="space-y-3">
        <h2 className="text-2xl font-semibold">Offsets</h2>
        <p className="text-slate-700">
          Span, unit, block and token offsets are end-exclusive <strong>UTF-16 code-unit</strong> offsets into the result&apos;s{" "}
          <strong>canonical text</strong> (HTML or text converted to blocks joined by newlines), not into the submitted HTML.
          With <code>include.tokens</code> the canonical text comes back as <code>text</code>, and{" "}
          <code>text.slice(span.start, span.end) === span.text</code> always holds (JavaScript slicing).
        </p>
      </section>

      <section id="errors" className="space-y-3">
        <h2 className="text-2xl font-semibold">Errors</h2>
        <table className="w-full text-sm">
          <tbody>
            {[
              ["400 BAD_REQUEST", "Invalid JSON or fields; the message lists every offending path (details.issues)."],
              ["401 UNAUTHORIZED", "API keys are configured and the bearer key is missing or wrong."],
              ["403 FORBIDDEN", "App routes: the role lacks the permission, or a cross-origin write."],
              ["404 NOT_FOUND", "Unknown model (details lists the available ones), record or API path."],
              ["405 METHOD_NOT_ALLOWED", "The route does not take this method; the Allow header lists the ones it does."],
              ["409 CONFLICT", "App routes: a version conflict, a name or email taken, or the last active admin."],
              ["413 PAYLOAD_TOO_LARGE", "Body over 27 MB, a result over 5 MB, or results over 25 MB in total."],
              ["422 UNPROCESSABLE", "App routes: well-formed but unusable input (import records, spans that do not match the text)."],
              ["429 TOO_MANY_REQUESTS", "POST /api/auth/login after 10 failures of one email and address in 15 minutes; Retry-After says when."],
              ["503 UNAVAILABLE", "No model installed (use bm25 or lead)."],
              ["500 INTERNAL", "Unexpected; logged on the server."],
            ].map(([s, d]) => (
              <tr key={s} className="border-t border-slate-200">
                <td className="py-2 pr-4 font-mono">{s}</td>
                <td className="py-2 text-slate-700">{d}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section id="auth" className="space-y-3">
        <h2 className="text-2xl font-semibold">API keys</h2>
        <p className="text-slate-700">
          Set <code>SNIPPET_LAB_API_KEYS=key1,key2</code> to require <code>Authorization: Bearer &lt;key&gt;</code> on the
          service routes (<code>compress</code>, <code>models</code>). Unset: they are open (bind the server to loopback).
        </p>
      </section>

      <section id="app-routes" className="space-y-3">
        <h2 className="text-2xl font-semibold">Annotation app routes</h2>
        <p className="text-slate-700">
          Authenticated by the session cookie from <code>POST /api/auth/login</code> <code>{`{email, password}`}</code>
          (state-changing requests must come from the same origin). Each route checks one permission of the signed-in
          role: 401 signed out, 403 without the permission. Offsets are UTF-16 offsets into the stored canonical text.
        </p>
        <table className="w-full text-sm">
          <tbody>
            {[
              ["GET /api/v1/datasets · POST {name, description?}", "pair:read · dataset:write", "List with counts; create (409 when the name exists)."],
              ["POST /api/v1/datasets/{id}/pairs", "dataset:write", "{query, results: [{text | html | url, title?}]} → 201 {id}; or multipart: query, results (that JSON array) and file parts (.txt/.html, BOM / UTF-8 / declared charset / windows-1252 sniff; binary or undecodable → 422 naming the file, nothing created). URLs are fetched server-side (http/https, no private addresses)."],
              ["POST /api/v1/datasets/{id}/import", "dataset:write", "multipart file + format (jsonl | squad | hotpotqa | label-studio | gold-jsonl), ≤ 100 MB, UTF-8; 422 lists every bad record and nothing is written."],
              ["GET /api/v1/datasets/{id}/export?format=", "export:read", "gold-jsonl | label-studio | prodigy, streamed as an attachment."],
              ["GET /api/v1/pairs", "pair:read", "Queue: datasetId, status, annotatorId, category, sort (updatedAt | uncertainty | disagreement), direction, limit, cursor."],
              ["POST /api/v1/pairs/score", "model:run", "{datasetId?, limit?, model?}: fill the model-score cache of unscored pairs."],
              ["POST /api/v1/pairs/score/jobs · GET …/jobs?datasetId= · GET …/jobs/{id}", "model:run", "{datasetId?, model?} → 202 {job}: score every unscored pair of the dataset (all when omitted) in the background (200 with the running job if one is already going); poll {job: {state, total, done, scored, failed, failures}}."],
              ["POST /api/v1/pairs/{id}/scores", "pair:read", "{model?} → per document: text, blocks, units, tokenScores, snippet (cached per model and input)."],
              ["GET · PUT /api/v1/pairs/{id}/annotation", "pair:read · pair:annotate", "My annotation; PUT {version, spans} → 409 CONFLICT with the server's spans when someone saved first."],
              ["POST /api/v1/pairs/{id}/annotation/submit", "pair:annotate", "{version?, comment?}: in progress → submitted."],
              ["GET /api/v1/pairs/{id}/history", "pair:read", "Span events (who, when, before, after)."],
              ["GET /api/v1/pairs/{id}/suggestions · POST …/accept", "pair:read · pair:annotate", "Model and judge suggestions; accept {ids, version} into my annotation."],
              ["POST /api/v1/pairs/{id}/judge", "model:run", "Run the LLM judge: {intents, suggestions, unmatched}; 503 when no judge is configured."],
              ["GET /api/v1/pairs/{id}/annotations", "pair:review", "Every annotation of the pair with spans and reviews."],
              ["POST /api/v1/annotations/{id}/review", "pair:review", "{decision: accept | reject, comment (required to reject), version?}; never your own."],
              ["GET · PUT /api/v1/pairs/{id}/gold", "pair:read · pair:review", "The adjudicated gold spans; PUT {spans, comment?, version?}."],
              ["GET /api/v1/agreement?datasetId=", "pair:read", "Char F1 and token kappa per category; pairs with the lowest agreement first."],
              ["GET · POST /api/users", "user:manage", "List accounts; create {email, name, password, role} → 201 (409 when the email exists)."],
              ["PATCH /api/users/{id}", "user:manage", "{role?, disabled?, name?}: disabling ends the user's sessions at once; 409 for the last active admin."],
              ["POST /api/users/{id}/password", "user:manage", "{password?} → {generatedPassword?}: a new password (generated and returned once when omitted); the user's sessions end."],
            ].map(([route, permission, what]) => (
              <tr key={route} className="border-t border-slate-200 align-top">
                <td className="py-2 pr-4 font-mono text-xs">{route}</td>
                <td className="py-2 pr-4 font-mono text-xs text-slate-600">{permission}</td>
                <td className="py-2 text-slate-700">{what}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </article>
  );
}
