import { type Browser, type Page, expect, test } from "@playwright/test";
import { goldJsonlRecordSchema } from "../lib/spans/formats/gold-jsonl-schema";
import { E2E_ADMIN } from "./constants";
import { selectText } from "./select-text";
import { createUser, signIn } from "./sign-in";

// The whole gold-set loop in a real browser against the real server, model and database:
// sign in → create a pair → heatmap and live threshold → annotate with the keyboard → reload →
// a second annotator → a reviewer accepts and adjudicates → the export holds the gold span;
// an annotator is refused the review page.

test.describe.configure({ mode: "serial" });

const RUN = Date.now().toString(36);
const PASSWORD = "e2e-user-password";
const users = {
  ann1: { email: `ann1-${RUN}@e2e.local`, role: "annotator" as const },
  ann2: { email: `ann2-${RUN}@e2e.local`, role: "annotator" as const },
  reviewer: { email: `rev-${RUN}@e2e.local`, role: "reviewer" as const },
};
const DATASET = `e2e-gold-${RUN}`;
const QUERY = "When did the Golden Gate Bridge open to traffic?";
const GOLD_SENTENCE = "The Golden Gate Bridge opened to vehicle traffic on May 28, 1937.";
const PAGE_TEXT = [
  "Home | News | Travel | Sign in",
  "",
  "Golden Gate Bridge",
  "",
  `The bridge spans the strait between San Francisco Bay and the Pacific Ocean. ${GOLD_SENTENCE} It was the longest suspension bridge main span in the world at the time.`,
  "",
  "Subscribe to our newsletter for weekly travel deals. Sponsored: cheap flights to California.",
  "",
  "Posted by the travel desk on 3 March 2024 · 4 min read",
].join("\n");

let pairId = "";
let datasetId = "";

async function newSignedInPage(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, { email, password });
  return page;
}

async function annotateGoldSentence(page: Page): Promise<void> {
  await page.goto(`/pairs/${pairId}`);
  await expect(page.getByTestId("heatmap").first()).toBeVisible();
  await selectText(page, GOLD_SENTENCE);
  await page.keyboard.press("1");
  const mark = page.locator('[data-testid="span-mark"][data-category="vital"]');
  await expect(mark.first()).toBeVisible();
  await expect(page.getByTestId("save-state")).toHaveText("Saved");
}

test("admin creates annotators, a reviewer, a dataset and a pair", async ({ browser }) => {
  const admin = await newSignedInPage(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  for (const u of Object.values(users)) await createUser(admin, { ...u, password: PASSWORD });

  await admin.goto("/datasets");
  await admin.getByTestId("create-dataset-name").fill(DATASET);
  await admin.getByTestId("create-dataset-submit").click();
  const row = admin.locator(`[data-testid="dataset-row"][data-dataset-name="${DATASET}"]`);
  await expect(row).toBeVisible();
  datasetId = (await row.getAttribute("data-dataset-id")) ?? "";
  expect(datasetId).not.toBe("");

  await admin.goto(`/datasets/${datasetId}`);
  const form = admin.getByTestId("create-pair-form");
  await form.getByTestId("pair-query").fill(QUERY);
  await form.getByTestId("pair-result-content").first().fill(PAGE_TEXT);
  await form.getByTestId("create-pair-submit").click();
  await admin.waitForURL(/\/pairs\/[^/?]+/);
  pairId = new URL(admin.url()).pathname.split("/")[2] ?? "";
  expect(pairId).not.toBe("");
  await admin.context().close();
});

test("annotator sees the heatmap, moves the threshold, annotates with the keyboard and finds the span after a reload", async ({ browser }) => {
  const page = await newSignedInPage(browser, users.ann1.email, PASSWORD);
  await page.goto(`/pairs/${pairId}`);
  const heatmap = page.getByTestId("heatmap").first();
  await expect(heatmap).toBeVisible();
  expect(await heatmap.locator("[data-t]").count()).toBeGreaterThan(40);

  // Threshold 0 keeps every unit within the budget, 1 keeps at most the fallback unit: the snippet must change.
  const slider = page.getByTestId("threshold-slider");
  await slider.fill("0");
  const wide = await page.getByTestId("snippet").innerText();
  await slider.fill("1");
  await expect(page.getByTestId("snippet")).not.toHaveText(wide);

  await annotateGoldSentence(page);
  const mark = page.locator('[data-testid="span-mark"][data-category="vital"]');
  await page.reload();
  await expect(mark.first()).toBeVisible();
  expect((await mark.allInnerTexts()).join("")).toContain("Golden Gate Bridge opened");

  await page.getByTestId("submit-annotation").click();
  await expect(page.getByTestId("annotation-status")).toContainText(/submitted/i);

  // Annotators cannot open the review page.
  await page.goto(`/pairs/${pairId}/review`);
  await expect(page.getByTestId("forbidden")).toBeVisible();
  await page.context().close();
});

test("a second annotator labels the same pair", async ({ browser }) => {
  const page = await newSignedInPage(browser, users.ann2.email, PASSWORD);
  await annotateGoldSentence(page);
  await page.getByTestId("submit-annotation").click();
  await expect(page.getByTestId("annotation-status")).toContainText(/submitted/i);
  await page.context().close();
});

test("the reviewer accepts both annotations and saves the gold version; the export contains it", async ({ browser }) => {
  const page = await newSignedInPage(browser, users.reviewer.email, PASSWORD);
  await page.goto(`/pairs/${pairId}/review`);
  for (const u of [users.ann1, users.ann2]) {
    const card = page.locator(`[data-testid="annotation-card"][data-annotator-email="${u.email}"]`);
    await expect(card).toBeVisible();
    await card.getByTestId("review-accept").click();
    await expect(card).toContainText(/accepted/i);
  }
  await page.getByTestId("save-gold").click();
  await expect(page.getByTestId("gold-spans")).toContainText("Golden Gate Bridge opened");
  await page.context().close();

  const admin = await newSignedInPage(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  const res = await admin.request.get(`/api/v1/datasets/${datasetId}/export?format=gold-jsonl`);
  expect(res.status()).toBe(200);
  const lines = (await res.text()).split("\n").filter((l) => l.trim());
  // The page text contains the sentence whatever was annotated: the check is on the gold span itself. One pair with
  // gold, one document: one record, whose only gold span is the vital sentence, verbatim at its offsets.
  const records = lines.map((l) => goldJsonlRecordSchema.parse(JSON.parse(l)));
  expect(records).toHaveLength(1);
  const [record] = records;
  expect(record!.pairId).toBe(pairId);
  expect(record!.query).toBe(QUERY);
  expect(record!.spans).toHaveLength(1);
  const [span] = record!.spans;
  expect(span).toMatchObject({ category: "vital", source: "gold" });
  expect(span!.text).toBe(GOLD_SENTENCE);
  expect(record!.text.slice(span!.start, span!.end)).toBe(GOLD_SENTENCE);
  // keep = 1 exactly on the tokens that overlap the vital span.
  const { starts, ends, keep } = record!.tokens;
  expect(keep).toEqual(starts.map((st, i) => (st < span!.end && ends[i]! > span!.start ? 1 : 0)));
  expect(keep.filter((k) => k === 1).length).toBeGreaterThan(5);
  await admin.context().close();
});

test("new pair from files: cp1252 reads as written; binary and oversize files are refused before anything is sent", async ({ browser }) => {
  const admin = await newSignedInPage(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  const posts: string[] = [];
  admin.on("request", (r) => {
    if (r.method() === "POST" && r.url().includes(`/datasets/${datasetId}/pairs`)) posts.push(r.url());
  });
  await admin.goto(`/datasets/${datasetId}`);
  const form = admin.getByTestId("create-pair-form");
  const files = form.getByTestId("pair-result-files");
  const error = form.getByTestId("create-pair-error");
  await files.setInputFiles({
    name: "junk.txt",
    mimeType: "text/plain",
    buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]),
  });
  await expect(error).toHaveText("junk.txt: looks like binary data, not text. No file was added.");
  await files.setInputFiles({ name: "big.txt", mimeType: "text/plain", buffer: Buffer.alloc(6 * 1024 * 1024, 0x61) });
  await expect(error).toHaveText("big.txt is 6 MB; a result is at most 5 MB. No file was added.");
  await form.getByTestId("pair-query").fill("Is the coffee good?");
  await form.getByTestId("create-pair-submit").click();
  await expect(error).toHaveText("Result 1: text is empty");
  expect(posts).toEqual([]);

  await files.setInputFiles({
    name: "caffe.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("Il caff\xe8 \xe8 buono. L\x92espresso costa 1,20 \x80.", "latin1"),
  });
  await expect(form.getByTestId("pair-result-content").first()).toHaveValue("Il caffè è buono. L’espresso costa 1,20 €.");
  await expect(form.getByTestId("pair-result-source")).toHaveText("From caffe.txt (decoded as windows-1252, detected)");
  await form.getByTestId("create-pair-submit").click();
  await admin.waitForURL(/\/pairs\/[^/?]+/);
  await expect(admin.getByTestId("heatmap").first()).toContainText("caffè è buono");
  expect(posts).toHaveLength(1);
  await admin.context().close();
});
