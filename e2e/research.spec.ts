import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type Page, expect, test } from "@playwright/test";
import { E2E_ADMIN } from "./constants";
import { keepScreenshot } from "./screenshot";
import { createUser, E2E_ORIGIN, signIn } from "./sign-in";
import { createDataset, newSignedInPage } from "./test-data";

// The research views on the demo dataset (seeded with hand-written gold by npm start, its pairs scored once):
// the frontier — a sweep as a background job, one curve per method, a hovered point, the pairs behind it, one opened in
// the workspace at that setting; the category breakdown — the CSV export checked against the table, a bar's pairs side
// by side; a reviewer may look but not run sweeps, an annotator gets 403 (research:read). Screenshots of both pages are kept.

test.describe.configure({ mode: "serial" });

const RUN = Date.now().toString(36);
const ANNOTATOR = { email: `research-ann-${RUN}@e2e.local`, password: "e2e-user-password", role: "annotator" as const };
const REVIEWER = { email: `research-rev-${RUN}@e2e.local`, password: "e2e-user-password", role: "reviewer" as const };

async function demoDatasetId(page: Page): Promise<string> {
  const res = await page.request.get("/api/v1/datasets");
  const { datasets } = (await res.json()) as { datasets: { id: string; name: string; goldPairs: number }[] };
  const demo = datasets.find((d) => d.name === "demo");
  expect(demo, "the demo dataset is seeded").toBeTruthy();
  expect(demo!.goldPairs).toBeGreaterThan(0);
  return demo!.id;
}

test("frontier of the demo dataset: a sweep job, one curve per method, hover a point, follow it to a pair", async ({ browser }, testInfo) => {
  const page = await newSignedInPage(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  const datasetId = await demoDatasetId(page);
  await page.goto(`/research/frontier?datasetId=${datasetId}`);
  await expect(page.getByTestId("sweep-form")).toBeVisible();

  // Run a sweep (every model, bm25 and lead; the default thresholds and budgets) and wait for the job.
  const methods = await page
    .locator('[data-testid^="sweep-method-"]:checked')
    .evaluateAll((els) => els.map((e) => e.getAttribute("data-testid")!.slice("sweep-method-".length)));
  expect(methods).toContain("bm25");
  expect(methods).toContain("lead");
  await page.getByTestId("sweep-run").click();
  await expect(page.getByTestId("sweep-result")).toHaveAttribute("data-state", "done", { timeout: 60_000 });
  await expect(page.getByTestId("frontier-chart")).toBeVisible({ timeout: 15_000 });

  // One legend entry per method, which is also its show/hide box: the chart opens on every method when there are at
  // most four, else on the models and the best baseline (intervals off when more than three are shown).
  await expect(page.getByTestId("frontier-legend-item")).toHaveCount(methods.length);
  const shownAtFirst = await page.locator('[data-testid="frontier-legend-item"][data-shown="true"]').count();
  if (methods.length <= 4) expect(shownAtFirst).toBe(methods.length);
  else expect(shownAtFirst).toBeLessThan(methods.length);
  expect(await page.locator("path.frontier-curve").count()).toBe(shownAtFirst);
  await expect(page.getByTestId("frontier-intervals")).toBeChecked({ checked: shownAtFirst <= 3 });
  // Hide one method and show it again; then show all.
  const first = methods[0]!;
  await page.getByTestId(`frontier-show-${first}`).uncheck();
  await expect(page.locator(`[data-testid="frontier-point"][data-method="${first}"]`)).toHaveCount(0);
  await page.getByTestId(`frontier-show-${first}`).check();
  if (await page.getByTestId("frontier-methods-all").isEnabled()) await page.getByTestId("frontier-methods-all").click();
  await expect(page.locator('[data-testid="frontier-legend-item"][data-shown="true"]')).toHaveCount(methods.length);
  expect(await page.locator("path.frontier-curve").count()).toBe(methods.length);
  // Every preset and default label belongs to one method and starts with its name.
  for (const label of await page.getByTestId("frontier-mark-label").all()) expect(await label.getAttribute("data-method")).toBeTruthy();
  // The pairs with nothing vital are counted on the page (the demo's gold may have none: the count says so).
  await expect(page.getByTestId("frontier-unanswerable")).toHaveAttribute("data-count", /^\d+$/);
  for (const m of methods) expect(await page.locator(`[data-testid="frontier-point"][data-method="${m}"]`).count()).toBeGreaterThan(5);
  // The presets and a model's default threshold are marked.
  await expect(page.locator('[data-testid="frontier-point"][data-mark="medium"]').first()).toBeAttached();
  await expect(page.locator('[data-testid="frontier-point"][data-mark="default"]').first()).toBeAttached();

  // Hover a threshold point of the default model: the tooltip names its setting.
  const model = methods.find((m) => m.startsWith("model:"))!;
  // Two methods can land on the same point (the models agree at a setting): take one of this model's threshold points
  // that is drawn on top, so the pointer reaches it.
  const candidates = page.locator(`[data-testid="frontier-point"][data-method="${model}"][data-setting="threshold"]`);
  let point = candidates.nth(3);
  for (let i = 1, n = await candidates.count(); i < n; i++) {
    const c = candidates.nth(i);
    await c.scrollIntoViewIfNeeded();
    const onTop = await c.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return top !== null && el.contains(top);
    });
    if (onTop) {
      point = c;
      break;
    }
  }
  const threshold = Number(await point.getAttribute("data-value"));
  await point.hover();
  await expect(page.getByTestId("frontier-tooltip")).toContainText(`threshold ${threshold.toFixed(2)}`);
  await keepScreenshot(page, testInfo, "research-frontier");

  // Click it: the pairs behind the point, the most evidence lost first; open one in the workspace at that setting.
  await point.click();
  const rows = page.getByTestId("frontier-pair-row");
  await expect(rows.first()).toBeVisible();
  const lost = await page.locator('[data-testid="frontier-pair-row"] td:nth-child(3)').allInnerTexts();
  expect(lost.map(Number)).toEqual([...lost.map(Number)].sort((a, b) => b - a));
  await page.getByTestId("frontier-pair-link").first().click();
  await page.waitForURL(/\/pairs\/[^/?]+\?/);
  expect(new URL(page.url()).searchParams.get("threshold")).toBe(String(threshold));
  await expect(page.getByTestId("pair-workspace")).toBeVisible();
  await expect(page.getByTestId("threshold-value")).toHaveText(threshold.toFixed(2), { timeout: 30_000 });
  await expect(page.getByTestId("custom-budget")).toHaveValue("1000000");

  // The per-pair comparison: a second threshold's additions and removals, counted.
  await page.getByTestId("compare-toggle").check();
  await expect(page.getByTestId("compare-summary")).toBeVisible();
  await expect(page.getByTestId("pair-curve")).toBeVisible();

  // First render of the frontier page (printed figure): navigation start → the chart's first paint.
  await page.goto(`/research/frontier?datasetId=${datasetId}`);
  await expect(page.getByTestId("frontier-chart")).toBeVisible();
  // The chart is server-rendered, so it is visible before hydration; the mark comes with the first client paint.
  await page.waitForFunction(() => performance.getEntriesByName("snippet-lab:frontier-rendered").length > 0);
  const ms = await page.evaluate(() => {
    const mark = performance.getEntriesByName("snippet-lab:frontier-rendered")[0];
    return mark ? Math.round(mark.startTime) : -1;
  });
  const points = await page.getByTestId("frontier-point").count();
  console.log(`[research] frontier page: first chart render ${ms} ms after navigation start (${methods.length} methods, ${points} points)`);
  expect(ms).toBeGreaterThan(0);
  await page.context().close();
});

test("category breakdown: the CSV export holds the table's numbers; a bar opens its pairs side by side", async ({ browser }, testInfo) => {
  const page = await newSignedInPage(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  const datasetId = await demoDatasetId(page);
  await page.goto(`/research/categories?datasetId=${datasetId}&method=bm25&preset=low`);
  await expect(page.getByTestId("categories-table")).toBeVisible();
  await expect(page.getByTestId("categories-sources-note")).toContainText("labelled by gold spans");
  await expect(page.getByTestId("categories-chart")).toBeVisible();
  await keepScreenshot(page, testInfo, "research-categories");

  // The exported figure explains itself: title, dataset, pair count, method, y-axis label and legend.
  const svgDownload = page.waitForEvent("download");
  await page.getByTestId("categories-chart-svg").click();
  const svgPath = await (await svgDownload).path();
  const svg = readFileSync(svgPath, "utf8");
  mkdirSync(path.join(testInfo.project.outputDir, "screenshots"), { recursive: true });
  copyFileSync(svgPath, path.join(testInfo.project.outputDir, "screenshots", "research-categories-export.svg"));
  for (const text of [
    "Share of tokens per category: pages and snippets",
    "Dataset demo · ",
    "Snippets by bm25 at the low preset",
    "Share of tokens (downstream LLM)",
    "Pages: share of the input tokens (hatched, light)",
    "Snippets: share of the kept tokens (solid)",
  ]) {
    expect(svg, text).toContain(text);
  }
  expect(svg).toMatch(/ · \d+ pairs? · categories from /);

  const table = await page.getByTestId("categories-row").evaluateAll((rows) =>
    rows.map((r) => ({
      category: r.getAttribute("data-category")!,
      cells: ["tokens-in", "share-in", "tokens-out", "share-out", "change"].map((k) =>
        r.querySelector(`[data-testid="cell-${k}"]`)!.textContent!.trim(),
      ),
    })),
  );
  const download = page.waitForEvent("download");
  await page.getByTestId("categories-chart-csv").click();
  const file = await (await download).path();
  const lines = readFileSync(file, "utf8").trim().split("\n");
  expect(lines[0]).toBe("source,category,tokensIn,tokensOut,shareInPercent,shareOutPercent,changePercent");
  const csv = new Map(lines.slice(1).map((l) => [l.split(",")[1]!, l.split(",")]));
  for (const row of table) {
    const c = csv.get(row.category)!;
    expect(c, row.category).toBeTruthy();
    expect(c[2]).toBe(row.cells[0]);
    expect(`${Number(c[4]).toFixed(1)} %`).toBe(row.cells[1]);
    expect(c[3]).toBe(row.cells[2]);
    expect(`${Number(c[5]).toFixed(1)} %`).toBe(row.cells[3]);
    const change = c[6] === "" ? "—" : Number(c[6]) === 0 ? "±0 %" : `${Number(c[6]) > 0 ? "+" : "−"}${Math.abs(Number(c[6]))} %`;
    expect(change).toBe(row.cells[4]);
  }

  // A category's pairs: each uncompressed and compressed, categories coloured.
  await page.locator('[data-testid="categories-row"][data-category="vital"] [data-testid="categories-row-link"]').click();
  await page.waitForURL(/\/research\/categories\/pairs\?/);
  await expect(page.getByTestId("category-pair").first()).toBeVisible();
  await expect(page.getByTestId("category-text-page").first()).toBeVisible();
  await expect(page.getByTestId("category-text-snippet").first()).toBeVisible();
  await expect(page.locator('[data-testid="category-text-page"] [data-category="vital"]').first()).toBeVisible();
  await page.context().close();
});

test("a reviewer may view the research views but not run a sweep; an annotator may not view them", async ({ browser }) => {
  const admin = await newSignedInPage(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  await createUser(admin, ANNOTATOR);
  await createUser(admin, REVIEWER);
  const datasetId = await demoDatasetId(admin);
  await admin.context().close();

  const annotatorContext = await browser.newContext();
  const annotator = await annotatorContext.newPage();
  await signIn(annotator, ANNOTATOR);
  await annotator.goto("/pairs");
  await expect(annotator.getByTestId("nav-pairs")).toBeVisible();
  await expect(annotator.getByTestId("nav-research")).toHaveCount(0);
  for (const url of [
    "/research",
    `/research/frontier?datasetId=${datasetId}`,
    "/research/models",
    `/api/v1/research/frontier?datasetId=${datasetId}`,
  ]) {
    expect((await annotator.request.get(url)).status(), url).toBe(403);
  }
  await annotatorContext.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, REVIEWER);
  await page.goto(`/research/frontier?datasetId=${datasetId}`);
  await expect(page.getByTestId("frontier-chart")).toBeVisible();
  await expect(page.getByTestId("sweep-form")).toHaveCount(0);
  const res = await page.request.post("/api/v1/jobs", {
    data: { kind: "frontier-sweep", payload: { datasetId, methods: ["bm25"] } },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(res.status()).toBe(403);
  await page.goto("/research/models");
  await expect(page.getByTestId("model-row").first()).toBeVisible();
  await expect(page.getByTestId("model-latency").first()).not.toHaveText("");
  // The shipped eval-all report is found for the default model (docs/results/report).
  await expect(page.locator('[data-testid="model-card"][id="model-snippet-lab"] [data-testid="model-evaluation-row"]').first()).toContainText(
    "docs/results/report/",
  );
  await context.close();
});

test("the frontier shows pairs with nothing vital: their count, a y option and the CSV columns", async ({ browser }, testInfo) => {
  const page = await newSignedInPage(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  const datasetId = await createDataset(page, `e2e-research-nothing-vital-${RUN}`);
  const text = (answer: string) =>
    `Home | Tickets | Contact\n\nThe City Museum is in the old town. ${answer} The café closes at 5 pm.\n\nSubscribe to our newsletter!`;
  const lines = [
    { id: "open", query: "When does the museum open on weekends?", answer: "On weekends it opens at 10 am." },
    { id: "price", query: "How much is an adult ticket?", answer: "An adult ticket costs 12 euros." },
    { id: "none", query: "Who painted the museum's ceiling?", answer: "Children enter for free.", none: true },
  ].map((r) => JSON.stringify({ id: r.id, query: r.query, text: text(r.answer), evidence: r.none ? [] : [{ text: r.answer }] }));
  const imported = await page.request.post(`/api/v1/datasets/${datasetId}/import?format=jsonl`, {
    data: Buffer.from(lines.join("\n") + "\n"),
    headers: { Origin: E2E_ORIGIN, "content-type": "application/x-ndjson" },
  });
  expect(imported.status(), await imported.text()).toBe(200);

  await page.goto(`/research/frontier?datasetId=${datasetId}`);
  await page.getByTestId("sweep-run").click();
  await expect(page.getByTestId("sweep-result")).toHaveAttribute("data-state", "done", { timeout: 90_000 });
  await expect(page.getByTestId("frontier-chart")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("frontier-unanswerable")).toHaveAttribute("data-count", "1");
  await page.getByTestId("frontier-measure").selectOption("unanswerableKeptNothing");
  await expect(page.getByTestId("frontier-chart")).toBeVisible();
  await page.getByTestId("frontier-chart").scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, "research-frontier-nothing-vital");

  const download = page.waitForEvent("download");
  await page.getByTestId("frontier-csv").click();
  const header = readFileSync(await (await download).path(), "utf8").split("\n")[0]!;
  for (const col of ["unanswerableQueries", "unanswerableKeptNothing", "unanswerableTokensPerQuery"]) expect(header).toContain(col);
  await page.context().close();
});
