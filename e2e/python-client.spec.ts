import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { API_VERSION, API_VERSION_HEADER } from "../lib/schemas/api-version";
import { E2E_API_KEY } from "./constants";

// The dependency-free Python client against the running server: clients/python/examples/sweep_thresholds.py sweeps
// thresholds and budgets over a JSONL file this test writes and writes its CSV, run with the machine's python3 as a
// researcher would. bm25 keeps the sweep deterministic and fast; every sentence fits the smallest budget, so raising
// the threshold can only drop units and the kept tokens never grow.

const SCRIPT = "clients/python/examples/sweep_thresholds.py";
const THRESHOLDS = [0.1, 0.3, 0.5, 0.7, 0.9];
const BUDGETS = [25, 1000];
const COLUMNS = [
  "query_id",
  "query",
  "method",
  "threshold",
  "budget",
  "results",
  "tokens_in",
  "tokens_out",
  "kept_ratio",
  "kept_chars",
  "spans",
  "results_kept",
  "reason",
  "total_ms",
  "error",
];

const RECORDS = [
  {
    id: "bridge",
    query: "When did the Golden Gate Bridge open to pedestrians?",
    results: [
      {
        title: "Golden Gate Bridge",
        url: "https://example.org/bridge",
        html: `<html><body><nav><a href="/">Home</a></nav><main><h1>Golden Gate Bridge</h1>
<p>The Golden Gate Bridge opened to pedestrians on May 27, 1937. Fog often covers the Golden Gate in summer.</p>
<p>The bridge is painted international orange. Parking near the visitor center fills up early.</p></main></body></html>`,
      },
      { text: "Bay Area travel\n\nThe Bay Bridge opened in November 1936. Ferries cross the bay every hour. Tickets cost ten dollars." },
    ],
  },
  {
    query: "How long should I boil an egg?",
    results: [
      { text: "Boil the eggs for nine minutes for a firm yolk. Cool the eggs in cold water. Subscribe to our newsletter for more recipes." },
      { text: "Soft-boiled eggs take about six minutes. Share this page with your friends." },
    ],
  },
];

/** RFC 4180 rows: quoted fields may hold commas, quotes ("") and newlines. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || row.length > 0) rows.push([...row, field]);
  return rows;
}

const hasPython = spawnSync("python3", ["--version"]).status === 0;

test.describe("Python client (clients/python)", () => {
  // CI installs python3 (.ci/run); a machine without it cannot run this, and says so.
  test.skip(!hasPython && !process.env.CI, "python3 is not installed");

  test("every /api response carries the API version header", async ({ request }) => {
    for (const url of ["/api/v1/models", "/api/v1/openapi.json", "/api/v1/no-such-route"]) {
      const res = await request.get(url);
      expect(res.headers()[API_VERSION_HEADER.toLowerCase()], url).toBe(API_VERSION);
    }
    const doc = (await (await request.get("/api/v1/openapi.json")).json()) as { info: { version: string } };
    expect(doc.info.version).toBe(API_VERSION);
  });

  test("sweep_thresholds.py sweeps thresholds and budgets over a JSONL file and writes the CSV", async ({ baseURL }) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "snippet-lab-python-"));
    try {
      const input = path.join(dir, "queries.jsonl");
      const out = path.join(dir, "sweep.csv");
      writeFileSync(input, RECORDS.map((r) => JSON.stringify(r)).join("\n") + "\n");
      const args = [SCRIPT, "--base-url", baseURL!, "--input", input, "--out", out, "--method", "bm25"];
      const run = spawnSync("python3", [...args, "--api-key", E2E_API_KEY, "--thresholds", THRESHOLDS.join(","), "--budgets", BUDGETS.join(",")], {
        encoding: "utf8",
        timeout: 120_000,
        env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1" },
      });
      expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
      // The server speaks the client's API version: no mismatch warning.
      expect(run.stderr).not.toContain("ApiVersionWarning");
      expect(run.stderr).toContain(`wrote ${RECORDS.length * THRESHOLDS.length * BUDGETS.length} rows`);
      expect(run.stderr).toContain(`(server API ${API_VERSION})`);

      const [header, ...lines] = parseCsv(readFileSync(out, "utf8"));
      expect(header).toEqual(COLUMNS);
      const rows = lines.map((l) => Object.fromEntries(COLUMNS.map((c, i) => [c, l[i] ?? ""])));
      expect(rows).toHaveLength(RECORDS.length * THRESHOLDS.length * BUDGETS.length);
      expect([...new Set(rows.map((r) => r.query_id))]).toEqual(["bridge", "line2"]);
      for (const r of rows) {
        expect(r.error, JSON.stringify(r)).toBe("");
        expect(r.method).toBe("bm25");
        expect(r.results).toBe("2");
        expect(Number(r.tokens_in)).toBeGreaterThan(0);
        expect(Number(r.tokens_out)).toBeGreaterThan(0);
        expect(Number(r.tokens_out)).toBeLessThanOrEqual(Number(r.budget));
        expect(Number(r.kept_chars)).toBeGreaterThan(0);
        expect(Number(r.kept_ratio)).toBeCloseTo(Number(r.tokens_out) / Number(r.tokens_in), 5);
      }

      // Per query and budget, in threshold order: kept tokens and characters never grow as the threshold rises.
      for (const record of ["bridge", "line2"]) {
        for (const budget of BUDGETS) {
          const sweep = rows.filter((r) => r.query_id === record && Number(r.budget) === budget);
          expect(sweep.map((r) => Number(r.threshold))).toEqual(THRESHOLDS);
          const tokens = sweep.map((r) => Number(r.tokens_out));
          const chars = sweep.map((r) => Number(r.kept_chars));
          for (let i = 1; i < sweep.length; i++) {
            expect(tokens[i], `${record} budget ${budget}: ${tokens.join(" ")}`).toBeLessThanOrEqual(tokens[i - 1]!);
            expect(chars[i], `${record} budget ${budget}: ${chars.join(" ")}`).toBeLessThanOrEqual(chars[i - 1]!);
          }
        }
      }
      // And the sweep matters: the lowest threshold keeps more than the highest, and the tight budget less than the loose one.
      const kept = (t: number, budget: number) =>
        rows.filter((r) => Number(r.threshold) === t && Number(r.budget) === budget).reduce((s, r) => s + Number(r.tokens_out), 0);
      expect(kept(0.1, 1000)).toBeGreaterThan(kept(0.9, 1000));
      expect(kept(0.1, 25)).toBeLessThan(kept(0.1, 1000));

      // A wrong key: the API's 401, said on standard error, and no CSV left behind.
      const bad = path.join(dir, "bad.csv");
      const denied = spawnSync("python3", [SCRIPT, "--base-url", baseURL!, "--input", input, "--out", bad, "--api-key", "wrong-key"], {
        encoding: "utf8",
        timeout: 60_000,
        env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1" },
      });
      expect(denied.status).toBe(1);
      expect(denied.stderr).toContain("401 UNAUTHORIZED");
      expect(() => readFileSync(bad)).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
