import { expect, test, type Locator, type Page } from "@playwright/test";
import { E2E_ADMIN, E2E_JUDGE_MODEL } from "./constants";
import { keepScreenshot } from "./screenshot";
import { createUser } from "./sign-in";
import { createDataset, createPair, newSignedInPage } from "./test-data";

// The dataset page's LLM judge runs against the rule-based local judge (playwright.config): a run over the first two
// pairs, then a run that skips what is already judged and takes only the third; an annotator sees both without controls.

test.describe.configure({ mode: "serial" });

const RUN = Date.now().toString(36);
const ANNOTATOR = { email: `judge-runs-ann-${RUN}@e2e.local`, password: "e2e-user-password", role: "annotator" as const };
const PAGE_TEXT = [
  "Home | News | Travel | Sign in",
  "",
  "The Golden Gate Bridge opened to vehicle traffic on May 28, 1937. It spans the strait between San Francisco Bay and the Pacific Ocean.",
  "",
  "Subscribe to our newsletter for weekly travel deals. Sponsored: cheap flights to California.",
  "",
  "Posted by the travel desk on 3 March 2024 · 4 min read",
].join("\n");
const QUERIES = [
  "When did the Golden Gate Bridge open to traffic?",
  "What strait does the Golden Gate Bridge span?",
  "How long is the Golden Gate Bridge?",
];

let datasetId = "";

/** The run row at `index` (0 is the newest). */
const runRow = (page: Page, index: number): Locator => page.getByTestId(`judge-run-${index}`);

test("setup: a dataset with three pairs", async ({ browser }) => {
  const admin = await newSignedInPage(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  await createUser(admin, ANNOTATOR);
  datasetId = await createDataset(admin, `e2e-judge-runs-${RUN}`);
  for (const [i, query] of QUERIES.entries()) await createPair(admin, datasetId, query, [{ text: PAGE_TEXT, title: `Bridge ${i + 1}` }]);
  await admin.context().close();
});

test("an admin runs the judge over two pairs, then over the pairs not yet judged", async ({ browser }, testInfo) => {
  const page = await newSignedInPage(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto(`/datasets/${datasetId}`);
  const panel = page.getByTestId("judge-runs-panel");
  await expect(panel).toBeVisible();
  await expect(page.getByTestId("judge-run-not-configured")).toHaveCount(0);
  await expect(page.getByTestId("judge-runs-empty")).toBeVisible();

  // First run: the first two pairs, two-stage.
  await expect(page.getByTestId("judge-run-variant")).toHaveValue("two-stage");
  await page.getByTestId("judge-run-limit").fill("2");
  await page.getByTestId("judge-run-start").click();
  const first = runRow(page, 0);
  await expect(first.getByTestId("judge-run-pairs")).toHaveText("2 of 2 pairs done", { timeout: 30_000 });
  await expect(page.getByTestId("judge-run-error")).toHaveCount(0);
  // model · variant · prompt version.
  await expect(first.getByTestId("judge-run-config")).toHaveText(new RegExp(`^${E2E_JUDGE_MODEL} · two-stage · \\S+$`));
  await expect(first.getByTestId("judge-run-progress")).toHaveJSProperty("value", 2);
  await expect(first.getByTestId("judge-run-job-result")).toHaveAttribute("data-state", "done");
  await expect(first.getByTestId("judge-run-tokens")).toHaveText(/^[1-9][\d,]* in · [1-9][\d,]* out$/);
  await expect(first.getByTestId("judge-run-cost")).toHaveText("no price configured");
  const matches = first.getByTestId("judge-run-matches");
  for (const step of ["exact", "normalized", "regex", "fuzzy", "unmatched"]) {
    await expect(matches.locator(`[data-step="${step}"]`)).toHaveText(new RegExp(`^${step} \\d+\\.\\d%$`));
  }
  // The local judge copies its quotes verbatim: the exact step finds them.
  await expect(matches.locator('[data-step="exact"]')).toHaveText(/^exact [1-9]\d*\.\d%$/);
  await expect(first.getByTestId("judge-run-failures")).toHaveCount(0);
  await expect(first.getByTestId("judge-run-retry-failed")).toHaveCount(0);
  const firstId = await first.getAttribute("data-run-id");
  expect(firstId).toBeTruthy();

  // Second run: no limit, skipping judged pairs → only the third pair. It lands on top of the list.
  await page.getByTestId("judge-run-limit").fill("");
  await page.getByTestId("judge-run-skip-judged").check();
  await page.getByTestId("judge-run-start").click();
  const second = runRow(page, 0);
  await expect(second).not.toHaveAttribute("data-run-id", firstId!);
  await expect(second.getByTestId("judge-run-pairs")).toHaveText("1 of 1 pair done", { timeout: 30_000 });
  await expect(second.getByTestId("judge-run-tokens")).toHaveText(/^[1-9][\d,]* in/);
  await expect(runRow(page, 1)).toHaveAttribute("data-run-id", firstId!);
  await expect(runRow(page, 1).getByTestId("judge-run-pairs")).toHaveText("2 of 2 pairs done");

  // A third skip-judged run has nothing left: the API's message is shown and no run is added.
  await page.getByTestId("judge-run-start").click();
  await expect(page.getByTestId("judge-run-error")).toContainText("Every pair already has a judgment");
  await expect(page.getByTestId("judge-runs-list").locator(":scope > li")).toHaveCount(2);

  // A reload shows the same runs, rendered on the server.
  await page.reload();
  await expect(runRow(page, 0).getByTestId("judge-run-pairs")).toHaveText("1 of 1 pair done");
  await expect(runRow(page, 1).getByTestId("judge-run-pairs")).toHaveText("2 of 2 pairs done");
  await keepScreenshot(page, testInfo, "dataset-judge-runs");
  await page.context().close();
});

test("an annotator sees the runs but cannot start or control them", async ({ browser }) => {
  const page = await newSignedInPage(browser, ANNOTATOR.email, ANNOTATOR.password);
  await page.goto(`/datasets/${datasetId}`);
  await expect(page.getByTestId("judge-runs-panel")).toBeVisible();
  await expect(runRow(page, 1).getByTestId("judge-run-pairs")).toHaveText("2 of 2 pairs done");
  await expect(page.getByTestId("judge-run-start")).toHaveCount(0);
  await expect(page.getByTestId("judge-run-job-cancel")).toHaveCount(0);
  await expect(page.getByTestId("judge-run-job-resume")).toHaveCount(0);
  await page.context().close();
});
