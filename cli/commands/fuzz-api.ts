import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { AppError } from "../../lib/errors";
import { API_OPERATIONS } from "../../lib/server/openapi/operations";
import { formatFuzzReport } from "../fuzz-api/format-fuzz-report";
import { runApiFuzz } from "../fuzz-api/run-api-fuzz";
import { defineCommand } from "../define-command";

// The fuzzer lives in cli/fuzz-api/: the server under test (fuzz-server.ts), its seed, the request generator from
// the operations' schemas (generate-request.ts, schema-arbitrary.ts, mutate-value.ts) and the checks (check-answer.ts).

const usage = `snippet-lab fuzz-api [--runs N] [--seed S] [--op ID]... [--json OUT]

Contract fuzzing of the HTTP API: N requests generated with fast-check from the schemas of every operation in
API_OPERATIONS (lib/server/openapi/operations.ts) — valid, on the limits, invalid by one mutation (wrong types,
missing or extra fields, huge strings, NUL and lone surrogates, edge numbers, deep nesting), not JSON at all or of
the wrong content type, and signed out, of another role or from another site — sent as real Requests to the route
handlers, in this process, on a temporary migrated SQLite database (OS temp folder) with one signed-in user per role.
Every answer must be a documented status of its operation (the OpenAPI document's), never a 5xx, errors in the
{error: {code, message}} shape, and a refused request must leave every table's row count as it was.
Prints the requests, the status histogram, per operation figures and each distinct failure with an example;
exits 1 when there is any.

Jobs are queued, never run; the LLM judge is a closed local port; URL results are never fetched (SSRF guard).

  --runs N     requests (default 5000)
  --seed S     fast-check seed (default 1): the same seed draws the same operations and variants
  --op ID      only this operation (repeatable): ${API_OPERATIONS.slice(0, 3)
    .map((o) => o.operationId)
    .join(", ")}, …
  --json OUT   also write the report as JSON`;

export const command = defineCommand({
  name: "fuzz-api",
  summary: "contract fuzzing: generated valid, boundary and invalid requests against every API operation on a temp database",
  usage,
  options: {
    runs: { type: "number", integer: true, min: 1, max: 1_000_000, default: 5000 },
    seed: { type: "number", integer: true, min: -(2 ** 31), max: 2 ** 31 - 1, default: 1 },
    op: { type: "string", multiple: true },
    json: { type: "string" },
  },
  async run({ values }) {
    const { runs, seed } = values;
    const known = new Set(API_OPERATIONS.map((o) => o.operationId));
    const unknown = values.op.filter((id) => !known.has(id));
    if (unknown.length > 0) throw new AppError("BAD_REQUEST", `unknown operation ${unknown.join(", ")}: one of ${[...known].join(", ")}`);

    const report = await runApiFuzz({ runs, seed, ...(values.op.length > 0 ? { operations: values.op } : {}), log: (m) => console.error(m) });
    console.log(`fuzz-api (node ${process.version})`);
    console.log(formatFuzzReport(report));
    if (values.json) {
      mkdirSync(path.dirname(path.resolve(values.json)), { recursive: true });
      writeFileSync(values.json, JSON.stringify(report, null, 2) + "\n");
    }
    return report.failures.length === 0 ? 0 : 1;
  },
});
