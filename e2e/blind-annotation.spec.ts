import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "./constants";
import { selectText } from "./select-text";
import { createUser, E2E_ORIGIN } from "./sign-in";
import { createDataset, createPair, newSignedInPage } from "./test-data";

// Blind annotation (issue 60), in a real browser against the real server: on a blind dataset (the default) an
// annotator's workspace has no gold layer, no "n of m gold spans kept" and no other annotator's span until they
// submit — not in the page's HTML, not in the API responses they can call; afterwards they see it. With the owner's
// "show predictions" off (set on the dataset page) a blinded annotator also gets no heatmap, snippet or
// pre-annotation, and the scores API refuses them.

test.describe.configure({ mode: "serial" });

const RUN = Date.now().toString(36);
const PASSWORD = "e2e-user-password";
const users = {
  ann1: { email: `blind-ann1-${RUN}@e2e.local`, role: "annotator" as const },
  ann2: { email: `blind-ann2-${RUN}@e2e.local`, role: "annotator" as const },
  ann3: { email: `blind-ann3-${RUN}@e2e.local`, role: "annotator" as const },
};
const PAGE = [
  "Opening hours",
  "",
  "The City Museum opens at 10 am on weekends. Tickets cost 12 euros for adults.",
  "",
  "Children under twelve enter for free. The café on the top floor closes at 5 pm.",
].join("\n");
const GOLD = "Tickets cost 12 euros for adults.";
const OTHER = "The café on the top floor closes at 5 pm.";
const MINE = "The City Museum opens at 10 am on weekends.";

let datasetId = "";
let pairId = "";
/** Ids of the gold span and of ann2's span: they must not appear anywhere ann1 can read before submitting. */
const hiddenIds: string[] = [];

type Doc = { id: string; text: string };
const spanIn = (doc: Doc, needle: string, category = "vital") => {
  const start = doc.text.indexOf(needle);
  expect(start, needle).toBeGreaterThanOrEqual(0);
  return { documentId: doc.id, start, end: start + needle.length, text: needle, category };
};

/** Neither the gold span nor another annotator's span, by id, anywhere in `body` (a page's HTML or a JSON answer). */
function expectNoHiddenIds(body: string, label: string): void {
  for (const id of hiddenIds) expect(body.includes(id), `${label} carries ${id}`).toBe(false);
}

async function openPair(page: Page): Promise<void> {
  await page.goto(`/pairs/${pairId}`);
  await expect(page.getByTestId("pair-workspace")).toBeVisible();
}

test("setup: annotators, a blind dataset with a pair, its gold and another annotator's submitted work", async ({ browser }) => {
  const admin = await newSignedInPage(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  for (const u of Object.values(users)) await createUser(admin, { ...u, password: PASSWORD });
  datasetId = await createDataset(admin, `e2e-blind-${RUN}`);
  const settings = (await (await admin.request.get(`/api/v1/datasets/${datasetId}`)).json()) as { dataset: Record<string, unknown> };
  expect(settings.dataset).toMatchObject({ blindAnnotation: true, showPredictions: true });
  pairId = await createPair(admin, datasetId, "When does the museum open on weekends?", [{ text: PAGE, title: "Museum" }]);
  const { documents } = (await (await admin.request.get(`/api/v1/pairs/${pairId}/annotations`)).json()) as { documents: Doc[] };
  const { version } = (await (await admin.request.get(`/api/v1/pairs/${pairId}/gold`)).json()) as { version: number };
  const gold = await admin.request.put(`/api/v1/pairs/${pairId}/gold`, {
    data: { spans: [spanIn(documents[0]!, GOLD)], version },
    headers: { Origin: E2E_ORIGIN },
  });
  expect(gold.status(), await gold.text()).toBe(200);
  hiddenIds.push(...((await gold.json()) as { spans: { id: string }[] }).spans.map((s) => s.id));
  await admin.context().close();

  const ann2 = await newSignedInPage(browser, users.ann2.email, PASSWORD);
  const saved = await ann2.request.put(`/api/v1/pairs/${pairId}/annotation`, {
    data: { version: 0, spans: [spanIn(documents[0]!, OTHER, "metadata")] },
    headers: { Origin: E2E_ORIGIN },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  hiddenIds.push(...((await saved.json()) as { spans: { id: string }[] }).spans.map((s) => s.id));
  const submitted = await ann2.request.post(`/api/v1/pairs/${pairId}/annotation/submit`, { data: {}, headers: { Origin: E2E_ORIGIN } });
  expect(submitted.status(), await submitted.text()).toBe(200);
  await ann2.context().close();
  expect(hiddenIds).toHaveLength(2);
});

test("an annotator's page and API calls before submitting hold no gold and no other annotator's span; after submitting they do", async ({
  browser,
}) => {
  const page = await newSignedInPage(browser, users.ann1.email, PASSWORD);
  await openPair(page);
  await expect(page.getByTestId("blind-notice")).toContainText("Blind annotation: gold and others' work are hidden until you submit");
  // Predictions are shown by default: the heatmap is there, the gold is not.
  await expect(page.getByTestId("heatmap").first().locator("[data-t]").first()).toBeVisible();
  await expect(page.getByTestId("layer-toggle-gold")).toHaveCount(0);
  await expect(page.getByTestId("legend-head-gold")).toHaveCount(0);
  await expect(page.getByTestId("gold-kept-count")).toHaveCount(0);
  await expect(page.getByTestId("gold-kept")).toHaveCount(0);
  await expect(page.getByTestId("gold-mark")).toHaveCount(0);
  await expect(page.getByTestId("history-scope-all")).toHaveCount(0);
  expectNoHiddenIds(await page.content(), "the workspace");
  // The server render (what came over the wire, React payload included) carries neither.
  expectNoHiddenIds(await (await page.request.get(`/pairs/${pairId}`)).text(), "the page's HTML");

  const gold = await page.request.get(`/api/v1/pairs/${pairId}/gold`);
  expect(gold.status()).toBe(403);
  const history = await (await page.request.get(`/api/v1/pairs/${pairId}/history?scope=all`)).text();
  expect(history).not.toContain(OTHER);
  expectNoHiddenIds(history, "history");
  expect((await page.request.get(`/api/v1/pairs/${pairId}/annotations`)).status()).toBe(403);
  const queue = await (await page.request.get(`/api/v1/pairs?datasetId=${datasetId}&category=metadata`)).json();
  expect(queue.items).toEqual([]);

  // My own work, submitted: the gold and the others' work appear.
  await selectText(page, MINE);
  await page.keyboard.press("1");
  await expect(page.getByTestId("span-mark").first()).toBeVisible();
  await expect(page.getByTestId("save-state")).toHaveText("Saved");
  await page.getByTestId("submit-annotation").click();
  await expect(page.getByTestId("annotation-status")).toHaveAttribute("data-status", "submitted");
  await page.reload();
  await expect(page.getByTestId("blind-notice")).toHaveCount(0);
  await expect(page.getByTestId("layer-toggle-gold")).toHaveCount(1);
  await expect(page.getByTestId("legend-count-vital-gold")).toHaveText("1");
  expect((await page.request.get(`/api/v1/pairs/${pairId}/gold`)).status()).toBe(200);
  expect(await (await page.request.get(`/api/v1/pairs/${pairId}/history?scope=all`)).text()).toContain(OTHER);
  await page.context().close();
});

test("the owner turns predictions off on the dataset page: a blinded annotator labels without heatmap, snippet or pre-annotation", async ({
  browser,
}) => {
  const admin = await newSignedInPage(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  await admin.goto(`/datasets/${datasetId}`);
  const show = admin.getByTestId("dataset-setting-showPredictions");
  await expect(show).toBeChecked();
  await show.uncheck();
  await admin.getByTestId("dataset-settings-save").click();
  await expect(admin.getByTestId("dataset-settings-message")).toContainText("Saved");
  const settings = (await (await admin.request.get(`/api/v1/datasets/${datasetId}`)).json()) as { dataset: Record<string, unknown> };
  expect(settings.dataset).toMatchObject({ blindAnnotation: true, showPredictions: false });

  const page = await newSignedInPage(browser, users.ann3.email, PASSWORD);
  await openPair(page);
  await expect(page.getByTestId("blind-predictions-notice")).toBeVisible();
  await expect(page.getByTestId("doc-text").first()).toContainText("Tickets cost 12 euros");
  for (const id of ["threshold-slider", "model-select", "pre-annotation", "accept-model-spans", "layer-toggle-gold", "layer-toggle-model"]) {
    await expect(page.getByTestId(id), id).toHaveCount(0);
  }
  await expect(page.locator("[data-t]")).toHaveCount(0);
  const scores = await page.request.post(`/api/v1/pairs/${pairId}/scores`, { data: {}, headers: { Origin: E2E_ORIGIN } });
  expect(scores.status()).toBe(403);
  expect((await page.request.get(`/api/v1/pairs/${pairId}/suggestions`)).status()).toBe(403);
  // Still annotatable.
  await selectText(page, MINE);
  await page.keyboard.press("1");
  await expect(page.getByTestId("save-state")).toHaveText("Saved");
  await page.context().close();

  // A reviewer's view of the same pair is unchanged.
  const reviewerView = await admin.request.post(`/api/v1/pairs/${pairId}/scores`, { data: {}, headers: { Origin: E2E_ORIGIN } });
  expect(reviewerView.status()).toBe(200);
  await admin.context().close();
});
