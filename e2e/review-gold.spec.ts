import { type Page, expect, test } from "@playwright/test";
import { findSameCategoryOverlaps } from "../lib/spans/review/same-category-overlaps";
import { E2E_ADMIN } from "./constants";
import { keepScreenshot } from "./screenshot";
import { selectText } from "./select-text";
import { createUser } from "./sign-in";
import { newSignedInPage } from "./test-data";
import { documentTexts, expectWholeWords } from "./word-edges";

// Review that never loses gold (issue 60), walked exactly as it was found: on the demo pair "how to set a timeout on
// fetch in JavaScript", which ships with gold, annotator A bulk-accepts the model's spans, annotator B marks one
// sentence and a fragment inside it; the reviewer rejects B, accepts A and saves the gold with the defaults. Then:
// every gold span from before is still gold, no two gold spans of one category nest or overlap, no gold span comes
// only from the rejected annotation, every gold span is on word edges.
// Runs before workspace-gold.spec.ts (alphabetical, one worker), which replaces this pair's gold afterwards.

test.describe.configure({ mode: "serial" });

const RUN = Date.now().toString(36);
const PASSWORD = "e2e-user-password";
const users = {
  a: { email: `rg-a-${RUN}@e2e.local`, role: "annotator" as const },
  b: { email: `rg-b-${RUN}@e2e.local`, role: "annotator" as const },
  rev: { email: `rg-rev-${RUN}@e2e.local`, role: "reviewer" as const },
};
const FETCH_QUERY = "how to set a timeout on fetch in JavaScript";
const B_SENTENCE = "fetch() has no timeout option of its own.";
const B_FRAGMENT = "timeout option of its own";

type GoldSpan = { id: string; documentId: string; start: number; end: number; text: string; category: string };
type Placed = { documentId: string; start: number; end: number; category: string };
const keyOf = (s: Placed) => `${s.documentId}:${s.start}:${s.end}:${s.category}`;

let pairId = "";
let goldBefore: GoldSpan[] = [];

async function readGold(page: Page): Promise<{ spans: GoldSpan[]; status: string }> {
  const res = await page.request.get(`/api/v1/pairs/${pairId}/gold`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { spans: GoldSpan[]; status: string };
}

async function myAnnotation(page: Page): Promise<Placed[]> {
  const res = await page.request.get(`/api/v1/pairs/${pairId}/annotation`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { annotation: { spans: Placed[] } }).annotation.spans;
}

async function openPair(page: Page): Promise<void> {
  await page.goto(`/pairs/${pairId}`);
  await expect(page.getByTestId("doc-text").first()).toBeVisible();
}

const saved = (page: Page) => expect(page.getByTestId("save-state")).toHaveText("Saved");
let spansOfA: Placed[] = [];
let spansOfB: Placed[] = [];

test("setup: two annotators, a reviewer; the demo pair ships with gold", async ({ browser }) => {
  const admin = await newSignedInPage(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  for (const u of Object.values(users)) await createUser(admin, { ...u, password: PASSWORD });
  const { datasets } = (await (await admin.request.get("/api/v1/datasets")).json()) as { datasets: { id: string; name: string }[] };
  const demo = datasets.find((d) => d.name === "demo");
  expect(demo, "the demo dataset is seeded").toBeTruthy();
  const { items } = (await (await admin.request.get(`/api/v1/pairs?datasetId=${demo!.id}&limit=100`)).json()) as {
    items: { id: string; query: string }[];
  };
  pairId = items.find((i) => i.query === FETCH_QUERY)?.id ?? "";
  expect(pairId, "the demo pair about fetch timeouts").not.toBe("");
  goldBefore = (await readGold(admin)).spans;
  expect(
    goldBefore.some((s) => s.text.includes("AbortSignal.timeout(5000)")),
    "the seeded gold holds the fetch line",
  ).toBe(true);
  await admin.context().close();
});

test("annotator A accepts the model's spans and submits", async ({ browser }) => {
  const page = await newSignedInPage(browser, users.a.email, PASSWORD);
  await openPair(page);
  await expect(page.getByTestId("heatmap").first().locator("[data-t]").first()).toBeVisible();
  await page.getByTestId("accept-model-spans").click();
  // The preview says what will be added before anything is.
  const confirm = page.getByTestId("accept-model-spans-confirm");
  await expect(confirm).toBeVisible();
  await confirm.click();
  await expect(page.getByTestId("editor-notice")).toContainText(/Added \d+ model spans?/);
  await saved(page);
  spansOfA = await myAnnotation(page);
  expect(spansOfA.length).toBeGreaterThan(0);
  await page.getByTestId("submit-annotation").click();
  await expect(page.getByTestId("annotation-status")).toHaveAttribute("data-status", "submitted");
  await page.context().close();
});

test("annotator B marks a sentence and a fragment inside it, and submits", async ({ browser }) => {
  const page = await newSignedInPage(browser, users.b.email, PASSWORD);
  await openPair(page);
  await selectText(page, B_SENTENCE);
  await page.keyboard.press("1");
  await saved(page);
  await selectText(page, B_FRAGMENT);
  await page.keyboard.press("1");
  await saved(page);
  spansOfB = await myAnnotation(page);
  expect(spansOfB.map((s) => s.category)).toEqual(["vital", "vital"]);
  await page.getByTestId("submit-annotation").click();
  await expect(page.getByTestId("annotation-status")).toHaveAttribute("data-status", "submitted");
  await page.context().close();
});

test("the reviewer rejects B, accepts A and saves the defaults: no gold is lost, none nests, none is B's alone", async ({ browser }, testInfo) => {
  const page = await newSignedInPage(browser, users.rev.email, PASSWORD);
  await page.goto(`/pairs/${pairId}/review`);
  const cardOf = (email: string) => page.locator(`[data-testid="annotation-card"][data-annotator-email="${email}"]`);
  await expect(cardOf(users.b.email)).toBeVisible();

  // Before any decision, B's sentence and its nested fragment are one region, never two candidates.
  const sentenceRegions = page.locator('[data-testid="review-region"][data-category="vital"]').filter({ hasText: B_FRAGMENT });
  await expect(sentenceRegions).toHaveCount(1);

  await cardOf(users.b.email).getByTestId("review-comment").fill("Mark whole sentences; the fragment repeats the sentence.");
  await cardOf(users.b.email).getByTestId("review-reject").click();
  await expect(cardOf(users.b.email).getByTestId("annotation-card-status")).toHaveAttribute("data-status", "rejected");
  await cardOf(users.a.email).getByTestId("review-accept").click();
  await expect(cardOf(users.a.email).getByTestId("annotation-card-status")).toHaveAttribute("data-status", "accepted");

  // The regions follow the decisions at once: no version is B's alone any more.
  const versions = page.getByTestId("region-version");
  for (const v of await versions.all()) await expect(v).not.toContainText(users.b.email);
  // Every current gold span is pre-chosen: the default click removes nothing.
  await expect(page.getByTestId("save-gold-drops")).toHaveCount(0);
  const label = (await page.getByTestId("save-gold").innerText()).match(/\((\d+) spans?\)/);
  expect(label, "Save gold names its count").not.toBeNull();
  const chosenCount = Number(label![1]);
  expect(chosenCount).toBeGreaterThanOrEqual(goldBefore.length);
  await page.getByTestId("gold-panel").scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, "review-regions");

  await page.getByTestId("save-gold").click();
  await expect(page.getByTestId("save-gold-done")).toBeVisible();

  const after = await readGold(page);
  expect(after.spans).toHaveLength(chosenCount);
  const afterKeys = new Set(after.spans.map(keyOf));
  // 1. Every gold span from before is still gold, unchanged.
  for (const g of goldBefore) expect(afterKeys.has(keyOf(g)), `gold span kept: ${JSON.stringify(g.text)}`).toBe(true);
  // 2. No nested or overlapping gold spans of one category.
  expect(findSameCategoryOverlaps(after.spans)).toEqual([]);
  // 3. No gold span that only the rejected annotator drew.
  const otherKeys = new Set([...goldBefore, ...spansOfA].map(keyOf));
  for (const s of after.spans) {
    const onlyB = spansOfB.some((b) => keyOf(b) === keyOf(s)) && !otherKeys.has(keyOf(s));
    expect(onlyB, `gold from the rejected annotation: ${JSON.stringify(s.text)}`).toBe(false);
  }
  // 4. Every span on word edges.
  expectWholeWords(after.spans, await documentTexts(page, pairId));

  // After a reload the saved gold is the default again: nothing would be dropped by saving once more.
  await page.reload();
  await expect(page.getByTestId("review-region").first()).toBeVisible();
  await expect(page.getByTestId("save-gold-drops")).toHaveCount(0);
  await expect(page.getByTestId("save-gold")).toContainText(`(${chosenCount} span`);
  await page.context().close();
});
