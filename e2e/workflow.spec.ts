import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "./constants";
import { keepScreenshot } from "./screenshot";
import { selectText } from "./select-text";
import { createUser } from "./sign-in";
import { createDataset, newSignedInPage } from "./test-data";

// Workflow around the workspace: import through the dataset page (all or nothing), the filtered queue with its
// keyboard, "n" for the next pair, what an annotator may not do, a rejection with a comment that the annotator
// sees, fixes and resubmits, and the agreement page for a pair two annotators labelled.

test.describe.configure({ mode: "serial" });

const RUN = Date.now().toString(36);
const PASSWORD = "e2e-user-password";
const users = {
  ann1: { email: `wf-ann1-${RUN}@e2e.local`, role: "annotator" as const },
  ann2: { email: `wf-ann2-${RUN}@e2e.local`, role: "annotator" as const },
  reviewer: { email: `wf-rev-${RUN}@e2e.local`, role: "reviewer" as const },
};
const DATASET = `e2e-workflow-${RUN}`;
const COMMENT = "Also mark the publication date as metadata.";
let datasetId = "";
/** The pair two annotators labelled differently (set by the rejection test, reviewed by the review-view test). */
let reviewedPairId = "";

const record = (n: number) => ({
  id: `wf-${RUN}-${n}`,
  query: `When does museum ${n} open on weekends?`,
  title: `Museum ${n}`,
  text: `City Museum ${n}\n\nOn weekends the museum opens at 10 am and closes at 6 pm. Tickets cost 12 euros for adults.\n\nPublished on 4 May 2024 by the visitor desk.`,
  evidence: [{ text: "On weekends the museum opens at 10 am" }],
});
const jsonl = (lines: unknown[]) => Buffer.from(lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
const GOOD = [record(1), record(2), record(3)];

async function upload(page: Page, name: string, content: Buffer): Promise<void> {
  await page.getByTestId("import-file").setInputFiles({ name, mimeType: "application/x-ndjson", buffer: content });
  await page.getByTestId("import-format").selectOption("jsonl");
  await page.getByTestId("import-evidence").selectOption("none");
  await page.getByTestId("import-submit").click();
}

async function queuePairIds(page: Page): Promise<string[]> {
  await page.goto(`/pairs?datasetId=${encodeURIComponent(datasetId)}`);
  await expect(page.getByTestId("queue-table")).toBeVisible();
  return page.getByTestId("queue-row").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-pair-id") ?? ""));
}

test("setup: users and an empty dataset", async ({ browser }) => {
  const admin = await newSignedInPage(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  for (const u of Object.values(users)) await createUser(admin, { ...u, password: PASSWORD });
  datasetId = await createDataset(admin, DATASET);
  await admin.context().close();
});

test("import through the dataset page: a bad record imports nothing and is listed; a good file imports every pair", async ({ browser }) => {
  const page = await newSignedInPage(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto(`/datasets/${datasetId}`);
  await upload(page, "bad.jsonl", jsonl([record(1), { id: `wf-${RUN}-bad`, query: "", text: "No query here." }]));
  await expect(page.getByTestId("import-errors")).toBeVisible();
  await expect(page.getByTestId("import-error")).toContainText("Nothing was imported");
  const rows = page.getByTestId("import-error-row");
  expect(await rows.count()).toBeGreaterThan(0);
  await expect(rows.first()).toContainText("line 2");
  for (const text of await rows.allInnerTexts()) expect(text).not.toContain("line 1");
  expect(await queuePairIds(page)).toEqual([]);
  await expect(page.getByTestId("queue-empty")).toBeVisible();

  await page.goto(`/datasets/${datasetId}`);
  await upload(page, "good.jsonl", jsonl(GOOD));
  await expect(page.getByTestId("import-summary")).toContainText(`Imported ${GOOD.length} pair(s)`);
  await expect(page.getByTestId("import-errors")).toHaveCount(0);
  expect(await queuePairIds(page)).toHaveLength(GOOD.length);

  // The imported pairs have no model scores yet: one click scores the whole dataset in the background, with progress.
  await page.getByTestId("score-unscored").click();
  await expect(page.getByTestId("score-result")).toHaveAttribute("data-state", "done", { timeout: 30_000 });
  await expect(page.getByTestId("score-progress-text")).toHaveText(`Scored ${GOOD.length} pairs.`);
  await page.getByTestId("score-unscored").click();
  await expect(page.getByTestId("score-progress-text")).toHaveText("Every pair already has model scores.");
  await page.context().close();
});

test("an annotator sees the dataset but no create-pair or import form", async ({ browser }) => {
  const page = await newSignedInPage(browser, users.ann1.email, PASSWORD);
  await page.goto(`/datasets/${datasetId}`);
  await expect(page.getByTestId("dataset-detail")).toBeVisible();
  await expect(page.getByTestId("create-pair-form")).toHaveCount(0);
  await expect(page.getByTestId("import-form")).toHaveCount(0);
  await page.context().close();
});

test("queue: the dataset filter lists its pairs; j/k/Enter open a pair and n goes to the next one", async ({ browser }, testInfo) => {
  const page = await newSignedInPage(browser, users.ann1.email, PASSWORD);
  await page.goto("/pairs");
  await page.getByTestId("queue-filter-dataset").selectOption(datasetId);
  await page.getByTestId("queue-filter-apply").click();
  await page.waitForURL((u) => u.searchParams.get("datasetId") === datasetId);
  const rows = page.getByTestId("queue-row");
  await expect(rows).toHaveCount(GOOD.length);
  for (const text of await rows.allInnerTexts()) expect(text).toContain(DATASET);
  await keepScreenshot(page, testInfo, "queue");
  const ids = await rows.evaluateAll((els) => els.map((r) => r.getAttribute("data-pair-id") ?? ""));

  await expect(rows.nth(0)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("j");
  await page.keyboard.press("j");
  await expect(rows.nth(2)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("k");
  await expect(rows.nth(1)).toHaveAttribute("aria-selected", "true");
  await expect(rows.nth(0)).toHaveAttribute("aria-selected", "false");
  await page.keyboard.press("Enter");
  await page.waitForURL(new RegExp(`/pairs/${ids[1]}\\?`));
  await expect(page.getByTestId("pair-workspace")).toBeVisible();

  await page.keyboard.press("n");
  await page.waitForURL((u) => /^\/pairs\/[^/]+$/.test(u.pathname) && !u.pathname.endsWith(`/${ids[1]}`));
  const next = new URL(page.url()).pathname.split("/")[2] ?? "";
  expect(ids).toContain(next);
  await expect(page.getByTestId("pair-workspace")).toBeVisible();
  await page.context().close();
});

async function annotateAndSubmit(page: Page, pairId: string, text: string, key: string): Promise<void> {
  await page.goto(`/pairs/${pairId}`);
  await expect(page.getByTestId("heatmap").first().locator("[data-t]").first()).toBeVisible();
  await selectText(page, text);
  await page.keyboard.press(key);
  await expect(page.getByTestId("span-mark").first()).toBeVisible();
  await expect(page.getByTestId("save-state")).toHaveText("Saved");
  await page.getByTestId("submit-annotation").click();
  await expect(page.getByTestId("annotation-status")).toHaveAttribute("data-status", "submitted");
}

test("a rejection with a comment reaches the annotator, who fixes and resubmits; agreement for two annotators", async ({ browser }, testInfo) => {
  const [pairId] = await (async () => {
    const p = await newSignedInPage(browser, users.ann1.email, PASSWORD);
    const list = await queuePairIds(p);
    await p.context().close();
    return list;
  })();
  expect(pairId).toBeTruthy();
  reviewedPairId = pairId!;

  const ann1 = await newSignedInPage(browser, users.ann1.email, PASSWORD);
  await annotateAndSubmit(ann1, pairId!, "On weekends the museum opens at 10 am", "1");
  const ann2 = await newSignedInPage(browser, users.ann2.email, PASSWORD);
  await annotateAndSubmit(ann2, pairId!, "the museum opens at 10 am and closes at 6 pm", "1");
  await ann2.context().close();

  const reviewer = await newSignedInPage(browser, users.reviewer.email, PASSWORD);
  await reviewer.goto(`/pairs/${pairId}/review`);
  const card = reviewer.locator(`[data-testid="annotation-card"][data-annotator-email="${users.ann1.email}"]`);
  // A rejection needs a comment.
  await card.getByTestId("review-reject").click();
  await expect(card.getByTestId("review-error")).toBeVisible();
  await expect(card.getByTestId("annotation-card-status")).toContainText(/submitted/i);
  await card.getByTestId("review-comment").fill(COMMENT);
  await card.getByTestId("review-reject").click();
  await expect(card.getByTestId("annotation-card-status")).toContainText(/rejected/i);
  await reviewer.context().close();

  await ann1.goto(`/pairs/${pairId}`);
  await expect(ann1.getByTestId("annotation-status")).toHaveAttribute("data-status", "rejected");
  await expect(ann1.getByTestId("review-comment")).toContainText(COMMENT);
  await expect(ann1.getByTestId("read-only-notice")).toHaveCount(0);
  await expect(ann1.getByTestId("heatmap").first().locator("[data-t]").first()).toBeVisible();
  await selectText(ann1, "Published on 4 May 2024");
  await ann1.keyboard.press("4");
  await expect(ann1.locator('[data-testid="span-mark"][data-category="metadata"]')).toHaveCount(1);
  await expect(ann1.getByTestId("save-state")).toHaveText("Saved");
  await expect(ann1.getByTestId("annotation-status")).toHaveAttribute("data-status", "in_progress");
  await ann1.getByTestId("submit-annotation").click();
  await expect(ann1.getByTestId("annotation-status")).toHaveAttribute("data-status", "submitted");
  await ann1.reload();
  await expect(ann1.getByTestId("annotation-status")).toHaveAttribute("data-status", "submitted");
  await expect(ann1.locator('[data-testid="span-mark"][data-category="metadata"]')).toHaveCount(1);

  await ann1.goto(`/agreement?datasetId=${encodeURIComponent(datasetId)}`);
  await expect(ann1.getByTestId("agreement-table")).toBeVisible();
  await expect(ann1.getByTestId("agreement-summary")).toContainText("1 pair with two or more annotations");
  const row = ann1.locator(`[data-testid="agreement-pair-row"][data-pair-id="${pairId}"]`);
  await expect(row).toContainText(users.ann1.email);
  await expect(row).toContainText(users.ann2.email);
  // Both labelled "vital" on overlapping text: a figure, not "—".
  await expect(ann1.locator('[data-testid="agreement-category-row"][data-category="vital"]').getByTestId("agreement-f1-mean")).toHaveText(
    /^0\.\d{3}$|^1\.000$/,
  );
  await keepScreenshot(ann1, testInfo, "agreement");
  await ann1.context().close();
});

test("review page: each annotation highlighted in the document side by side, what only one annotator marked boxed, the gold pane follows the ticks", async ({
  browser,
}, testInfo) => {
  expect(reviewedPairId).toBeTruthy();
  const page = await newSignedInPage(browser, users.reviewer.email, PASSWORD);
  await page.goto(`/pairs/${reviewedPairId}/review`);
  const doc = page.getByTestId("review-document").first();
  const pane = (email: string) => doc.locator(`[data-testid="review-annotator-pane"][data-annotator-email="${email}"]`);
  await expect(pane(users.ann1.email)).toBeVisible();
  await expect(pane(users.ann2.email)).toBeVisible();
  await expect(doc.getByTestId("review-document-title")).toContainText("Museum");

  // Both annotations drawn in the document with the workspace's category classes.
  const metadata = pane(users.ann1.email).locator('[data-testid="review-mark"][data-category="metadata"]');
  await expect(metadata).toHaveText("Published on 4 May 2024");
  await expect(metadata).toHaveClass(/am-layer-mine am-c-metadata/);
  const vital1 = pane(users.ann1.email).locator('[data-testid="review-mark"][data-category="vital"]');
  await expect(vital1).toContainText("On weekends the museum opens at 10 am");
  await expect(pane(users.ann2.email).locator('[data-testid="review-mark"][data-category="vital"]')).toContainText(
    "the museum opens at 10 am and closes at 6 pm",
  );

  // Differences: ann2 never marked metadata (the whole span is boxed); of the vital spans only the ends differ.
  await expect(metadata).toHaveAttribute("data-flag", "only");
  await expect(pane(users.ann1.email).getByTestId("review-only-mark")).toHaveText(/^On weekends\s*$/);
  await expect(pane(users.ann2.email).getByTestId("review-only-mark")).toHaveText(/^\s*and closes at 6 pm$/);
  await expect(pane(users.ann2.email).locator('[data-flag="only"]')).toHaveCount(1);
  await expect(pane(users.ann1.email)).toHaveAttribute("data-only", "2");
  await expect(pane(users.ann2.email)).toHaveAttribute("data-only", "1");

  // The gold pane draws the chosen versions and follows the choices: the two vital versions differ at their ends and
  // neither has a majority of two, so none is pre-chosen; choosing one adds it, leaving it out removes it.
  const goldCounts = doc.getByTestId("review-gold-counts");
  const before = Number(/^(\d+) chosen/.exec(await goldCounts.innerText())?.[1]);
  const region = page.locator('[data-testid="review-region"][data-category="vital"]').first();
  await expect(region.getByTestId("region-version")).toHaveCount(2);
  await expect(region).toHaveAttribute("data-chosen", "none");
  await region.getByTestId("region-version-choice").first().check();
  await expect(goldCounts).toContainText(`${before + 1} chosen`);
  await expect(doc.getByTestId("review-gold-pane").getByTestId("candidate-mark").first()).toBeVisible();
  await region.getByTestId("region-leave-out").check();
  await expect(goldCounts).toContainText(`${before} chosen`);
  await region.getByTestId("region-version-choice").first().check();

  await doc.evaluate((el) => el.scrollIntoView({ block: "start" }));
  await keepScreenshot(page, testInfo, "review");

  // Clicking a mark highlights the same range in every pane (both annotators and the gold).
  await pane(users.ann2.email).getByTestId("review-only-mark").click();
  await expect.poll(() => doc.getByTestId("focus-mark").count()).toBeGreaterThanOrEqual(3);
  await page.context().close();
});
