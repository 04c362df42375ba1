import { type Page, expect, test } from "@playwright/test";
import { E2E_ADMIN, E2E_JUDGE_MODEL } from "./constants";
import { keepScreenshot } from "./screenshot";
import { E2E_ORIGIN } from "./sign-in";
import { createDataset, newSignedInPage } from "./test-data";

// Judging the judge (/research/judge): a dataset whose two pairs get gold from an import (their evidence as vital gold
// spans), the page before any judgment, a judge run over it as a background job (the e2e server's rule-based local
// judge), then the comparison — one configuration column, the match rates, the pairs that disagree most opening the
// workspace, the CSV and JSON exports. A dataset without gold and an unknown dataset say why there is nothing to show.

test.describe.configure({ mode: "serial" });

const RUN = Date.now().toString(36);
const CSV_HEADER = "model,promptVersion,variant,pairs,level,category,precision,recall,f1,tp,fp,fn";

// Besides the evidence (gold: vital), each page has a menu, an ad and a byline the judge labels and the gold does not:
// judge and gold disagree somewhere on every pair.
const record = (n: number) => ({
  id: `judge-eval-${RUN}-${n}`,
  query: `When does the city museum ${n} open on weekends?`,
  title: `City museum ${n}`,
  text: [
    "Home | Visit | Exhibitions | Shop",
    "",
    `City museum ${n}`,
    "",
    `On weekends the city museum ${n} opens at 10 am and closes at 6 pm. Tickets cost 12 euros for adults.`,
    "",
    "Subscribe to our newsletter. Sponsored: cheap museum passes.",
    "",
    "Published on 4 May 2024 by the visitor desk.",
  ].join("\n"),
  evidence: [{ text: `On weekends the city museum ${n} opens at 10 am` }],
});

/** Imports JSONL records into the dataset as a raw body; `evidence` says whether the evidence becomes gold. */
async function importRecords(page: Page, datasetId: string, records: unknown[], evidence: "gold" | "none"): Promise<void> {
  const body = Buffer.from(records.map((r) => JSON.stringify(r)).join("\n") + "\n");
  const res = await page.request.post(`/api/v1/datasets/${encodeURIComponent(datasetId)}/import?format=jsonl&evidence=${evidence}`, {
    data: body,
    headers: { Origin: E2E_ORIGIN, "Content-Type": "application/x-ndjson" },
  });
  expect(res.status(), await res.text()).toBe(200);
  const summary = (await res.json()) as { pairs: number; goldSpans: number };
  expect(summary.pairs).toBe(records.length);
  expect(summary.goldSpans).toBe(evidence === "gold" ? records.length : 0);
}

/** Starts a judge run over the dataset (the server's default judge model) and waits until every pair is done or failed. */
async function runJudge(page: Page, datasetId: string): Promise<{ promptVersion: string; variant: string }> {
  const res = await page.request.post("/api/v1/jobs", { data: { kind: "judge-run", payload: { datasetId } }, headers: { Origin: E2E_ORIGIN } });
  expect(res.status(), await res.text()).toBe(202);
  const { job } = (await res.json()) as { job: { payload: { runId?: string } } };
  const runId = job.payload.runId;
  expect(runId, "the judge run's id is in the job payload").toBeTruthy();
  type Run = { model: string; promptVersion: string; variant: string; pairs: { total: number; done: number; failed: number } };
  // The last summary polled (a holder: TypeScript does not follow assignments made inside the poll's callback).
  const last: { run?: Run } = {};
  await expect
    .poll(
      async () => {
        const r = await page.request.get(`/api/v1/judge/runs/${runId}`);
        const run = ((await r.json()) as { run: Run }).run;
        last.run = run;
        return run.pairs.total > 0 && run.pairs.done + run.pairs.failed === run.pairs.total;
      },
      { timeout: 60_000, intervals: [250, 500, 1_000] },
    )
    .toBe(true);
  const run = last.run!;
  expect(run.model).toBe(E2E_JUDGE_MODEL);
  expect(run.pairs).toMatchObject({ total: 2, done: 2, failed: 0 });
  return { promptVersion: run.promptVersion, variant: run.variant };
}

test("gold from an import, a judge run, then the judge against the gold side by side with its exports", async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const page = await newSignedInPage(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  const datasetId = await createDataset(page, `e2e-judge-eval-${RUN}`);
  await importRecords(page, datasetId, [record(1), record(2)], "gold");

  // Gold but no judgments yet: the page says how to run the judge.
  await page.goto(`/research/judge?datasetId=${datasetId}`);
  await expect(page.getByTestId("judge-eval-page")).toBeVisible();
  await expect(page.getByTestId("judge-eval-empty")).toHaveAttribute("data-reason", "no-judgments");
  await expect(page.getByTestId("judge-eval-empty")).toContainText("snippet-lab judge --dataset");

  const { promptVersion, variant } = await runJudge(page, datasetId);
  const key = `${E2E_JUDGE_MODEL}|${promptVersion}|${variant}`;

  // From the research index to the comparison.
  await page.goto("/research");
  await page.getByTestId("research-judge-link").click();
  await page.waitForURL(/\/research\/judge/);
  await expect(page.getByTestId("judge-eval-page")).toBeVisible();
  await page.goto(`/research/judge?datasetId=${datasetId}`);
  await expect(page.getByTestId("judge-eval-empty")).toHaveCount(0);
  await expect(page.getByTestId("judge-eval-config-option-0")).toBeChecked();
  // The chart: one bar series per configuration, per category and overall, with the research exports.
  await expect(page.getByTestId("judge-eval-chart")).toBeVisible();
  await expect(page.getByTestId("judge-eval-chart-legend-item")).toHaveCount(1);
  await expect(page.getByTestId("judge-eval-chart-legend-item").first()).toHaveAttribute("data-config", key);
  await expect(page.getByTestId("judge-eval-chart-png")).toBeVisible();

  // One configuration column at each level, naming the two gold pairs it judged; the micro row has figures.
  for (const level of ["span", "token"] as const) {
    const table = page.getByTestId(`judge-eval-${level}-table`);
    await expect(table).toBeVisible();
    const heads = table.locator('th[data-testid^="judge-eval-config-"]');
    await expect(heads).toHaveCount(1);
    await expect(heads.first()).toHaveAttribute("data-config", key);
    await expect(heads.first()).toContainText("2 pairs");
  }
  const tokenAll = page.getByTestId("judge-eval-token-table").locator('[data-testid="judge-eval-row"][data-category="all"]');
  await expect(tokenAll.getByTestId("cell-f1")).toHaveText(/^\d\.\d{3}$/);
  await expect(
    page.getByTestId("judge-eval-token-table").locator('[data-testid="judge-eval-row"][data-category="vital"] [data-testid="cell-recall"]'),
  ).toHaveText(/^\d\.\d{3}$/);

  // Match rates: one row, every quote counted at some step.
  const matches = page.getByTestId("judge-eval-matches").getByTestId("judge-eval-matches-row");
  await expect(matches).toHaveCount(1);
  expect(Number((await matches.getByTestId("cell-quotes").innerText()).replace(/,/g, ""))).toBeGreaterThan(0);

  // The disagreeing pairs: both judged pairs listed.
  const worst = page.getByTestId("judge-eval-worst-0");
  await expect(worst).toHaveAttribute("data-config", key);
  await expect(worst.getByTestId("judge-eval-worst-row")).toHaveCount(2);
  await keepScreenshot(page, testInfo, "research-judge");

  // The CSV export: text/csv, the header, one line per level and category (6 categories + all) for the one config.
  const csvHref = await page.getByTestId("judge-eval-csv").getAttribute("href");
  expect(csvHref).toContain(`datasetId=${datasetId}`);
  const csv = await page.request.get(csvHref!);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toMatch(/^text\/csv/);
  const lines = (await csv.text()).trim().split("\n");
  expect(lines[0]).toBe(CSV_HEADER);
  expect(lines).toHaveLength(1 + 2 * 7);
  expect(lines.slice(1).every((l) => l.startsWith(`${E2E_JUDGE_MODEL},${promptVersion},${variant},2,`))).toBe(true);
  const json = await page.request.get((await page.getByTestId("judge-eval-json").getAttribute("href"))!);
  expect(json.status()).toBe(200);
  expect(((await json.json()) as { configs: { key: string }[] }).configs.map((c) => c.key)).toEqual([key]);

  // A worst pair opens the workspace on that pair.
  const firstRow = worst.getByTestId("judge-eval-worst-row").first();
  const pairId = await firstRow.getAttribute("data-pair-id");
  await firstRow.getByTestId("judge-eval-worst-link").click();
  await page.waitForURL(new RegExp(`/pairs/${pairId}(\\?|$)`));
  await expect(page.getByTestId("pair-workspace")).toBeVisible();

  // A configuration asked for that has no judgments here is named and left out; a malformed one is ignored.
  await page.goto(`/research/judge?datasetId=${datasetId}&configs=${encodeURIComponent(`${key},nobody|v0|two-stage`)}`);
  await expect(page.getByTestId("judge-eval-unjudged")).toContainText("nobody");
  await expect(page.getByTestId("judge-eval-token-table").locator('th[data-testid^="judge-eval-config-"]')).toHaveCount(1);
  await page.goto(`/research/judge?datasetId=${datasetId}&configs=not-a-config`);
  await expect(page.locator('[data-testid="judge-eval-empty"][data-reason="bad-configs"]')).toBeVisible();
  await expect(page.getByTestId("judge-eval-token-table")).toBeVisible();
  await page.context().close();
});

test("a dataset without gold, and an unknown dataset, say why there is nothing to compare", async ({ browser }) => {
  const page = await newSignedInPage(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  const datasetId = await createDataset(page, `e2e-judge-eval-nogold-${RUN}`);
  await importRecords(page, datasetId, [record(3)], "none");
  await page.goto(`/research/judge?datasetId=${datasetId}`);
  await expect(page.getByTestId("judge-eval-page")).toBeVisible();
  await expect(page.getByTestId("judge-eval-empty")).toHaveAttribute("data-reason", "no-gold");
  await expect(page.getByTestId("judge-eval-empty")).toContainText("no adjudicated gold");
  await expect(page.getByTestId("judge-eval-token-table")).toHaveCount(0);

  await page.goto("/research/judge?datasetId=no-such-dataset");
  await expect(page.getByTestId("judge-eval-empty")).toHaveAttribute("data-reason", "error");
  await expect(page.getByTestId("judge-eval-empty")).toContainText("no dataset with id");
  await page.context().close();
});
