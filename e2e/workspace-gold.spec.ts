import { type Page, expect, test } from "@playwright/test";
import { goldJsonlRecordSchema, type GoldJsonlRecord } from "../lib/spans/formats/gold-jsonl-schema";
import { E2E_ADMIN } from "./constants";
import { selectText } from "./select-text";
import { createUser, E2E_ORIGIN } from "./sign-in";
import { createDataset, createPair, newSignedInPage } from "./test-data";
import { documentTexts, expectWholeWords } from "./word-edges";

// Gold you can trust (issue 32), in a real browser against the real server and model:
// - bulk-accepting model spans on the demo pair "how to set a timeout on fetch in JavaScript", submitted, accepted
//   and saved as gold: every gold span starts and ends at a word boundary (workspace, gold API and gold JSONL);
// - the header's statuses at each step of the documented workflow (README: unlabeled → in progress → submitted →
//   accepted / rejected); a seeded demo pair shows its gold (accepted), and a submission waits for review;
// - "Nothing here is vital": an annotator's answer, a reviewer's gold decision, an import's `"evidence": []`, shown
//   in the workspace and the queue and carried by the gold JSONL export.
// This file runs last (alphabetical order, one worker): it replaces the demo pair's seeded gold.

test.describe.configure({ mode: "serial" });

const RUN = Date.now().toString(36);
const PASSWORD = "e2e-user-password";
const users = {
  ann: { email: `gold-ann-${RUN}@e2e.local`, role: "annotator" as const },
  rev: { email: `gold-rev-${RUN}@e2e.local`, role: "reviewer" as const },
};
const FETCH_QUERY = "how to set a timeout on fetch in JavaScript";
const ZH_QUERY = "绿萝多久浇一次水";
const PAGE = [
  "Opening hours",
  "",
  "The City Museum opens at 10 am on weekends. Tickets cost 12 euros for adults.",
  "",
  "Children under twelve enter for free. The café on the top floor closes at 5 pm.",
].join("\n");
const NO_ANSWER = "Who won the 1950 football world cup final?";

let demoDatasetId = "";
let fetchPairId = "";
let zhPairId = "";
let datasetId = "";
let flowPairId = "";
let noVitalPairId = "";

/** The header's statuses: the pair's and mine (null: I have no annotation), by their data-status and text. */
async function expectHeader(page: Page, pair: string, mine: string | null): Promise<void> {
  await expect(page.getByTestId("pair-status")).toHaveAttribute("data-status", pair);
  await expect(page.getByTestId("pair-status")).toHaveText(pair.replace("_", " "));
  if (mine === null) await expect(page.getByTestId("annotation-status")).toHaveCount(0);
  else await expect(page.getByTestId("annotation-status")).toHaveAttribute("data-status", mine);
}

/** Opens a pair and waits for the token heatmap (scores loaded). */
async function openPair(page: Page, pairId: string): Promise<void> {
  await page.goto(`/pairs/${pairId}`);
  await expect(page.getByTestId("heatmap").first().locator("[data-t]").first()).toBeVisible();
}

const saved = (page: Page) => expect(page.getByTestId("save-state")).toHaveText("Saved");
const card = (page: Page) => page.locator(`[data-testid="annotation-card"][data-annotator-email="${users.ann.email}"]`);

async function goldExport(page: Page, id: string): Promise<GoldJsonlRecord[]> {
  const res = await page.request.get(`/api/v1/datasets/${id}/export?format=gold-jsonl`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.text())
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => goldJsonlRecordSchema.parse(JSON.parse(l)));
}

test("setup: users, the demo pair about fetch timeouts, a dataset with two fresh pairs", async ({ browser }) => {
  const admin = await newSignedInPage(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  for (const u of Object.values(users)) await createUser(admin, { ...u, password: PASSWORD });
  const { datasets } = (await (await admin.request.get("/api/v1/datasets")).json()) as { datasets: { id: string; name: string }[] };
  demoDatasetId = datasets.find((d) => d.name === "demo")?.id ?? "";
  expect(demoDatasetId, "the demo dataset is seeded").not.toBe("");
  const list = await admin.request.get(`/api/v1/pairs?datasetId=${demoDatasetId}&limit=100`);
  const { items } = (await list.json()) as { items: { id: string; query: string; status: string }[] };
  const demo = items.find((i) => i.query === FETCH_QUERY);
  expect(demo, "the demo pair about fetch timeouts").toBeTruthy();
  fetchPairId = demo!.id;
  zhPairId = items.find((i) => i.query === ZH_QUERY)?.id ?? "";
  expect(zhPairId, "the Chinese demo pair").not.toBe("");
  // Seeded with gold: the pair is accepted, not "unlabeled".
  expect(demo!.status).toBe("accepted");

  datasetId = await createDataset(admin, `e2e-gold-trust-${RUN}`);
  flowPairId = await createPair(admin, datasetId, "When does the museum open on weekends?", [{ text: PAGE, title: "Museum" }]);
  noVitalPairId = await createPair(admin, datasetId, NO_ANSWER, [{ text: PAGE, title: "Museum" }]);
  await admin.context().close();
});

test("the queue shows the seeded demo pair as accepted", async ({ browser }) => {
  const page = await newSignedInPage(browser, users.ann.email, PASSWORD);
  await page.goto(`/pairs?datasetId=${demoDatasetId}`);
  const row = page.locator(`[data-testid="queue-row"][data-pair-id="${fetchPairId}"]`);
  await expect(row).toBeVisible();
  await expect(row.locator("[data-status]").first()).toHaveAttribute("data-status", "accepted");
  await page.context().close();
});

test("annotator: Accept model spans on the fetch-timeout pair, submit; the pair waits for review", async ({ browser }) => {
  const page = await newSignedInPage(browser, users.ann.email, PASSWORD);
  await openPair(page, fetchPairId);
  await expectHeader(page, "accepted", null);

  const accept = page.getByTestId("accept-model-spans");
  await expect(accept).toBeEnabled();
  await expect(accept).toContainText("Accept model spans ≥");
  await accept.click();
  // A preview first (one span per unit the model tags vital); Confirm adds them.
  const preview = page.getByTestId("accept-model-spans-preview");
  await expect(preview).toBeVisible();
  const previewed = await preview.getByTestId("accept-model-spans-item").count();
  expect(previewed).toBeGreaterThan(0);
  await preview.getByTestId("accept-model-spans-confirm").click();
  await expect(preview).toHaveCount(0);
  await expect(page.getByTestId("editor-notice")).toContainText(`Added ${previewed} model span`);
  await saved(page);
  // My work in progress does not change the pair's gold-backed status.
  await expectHeader(page, "accepted", "in_progress");

  // What was stored: whole units, never a fragment of a word ("ch" of fetch) or lone punctuation.
  const { annotation } = (await (await page.request.get(`/api/v1/pairs/${fetchPairId}/annotation`)).json()) as {
    annotation: { spans: { documentId: string; start: number; end: number; text: string }[] };
  };
  expect(annotation.spans.length).toBeGreaterThan(0);
  const texts = await documentTexts(page, fetchPairId);
  expectWholeWords(annotation.spans, texts);

  await page.getByTestId("submit-annotation").click();
  // Submitted, before any review: the header must not read "Pair accepted".
  await expectHeader(page, "submitted", "submitted");
  await expect(page.getByTestId("status-badges")).not.toContainText(/Pair\s*accepted/);
  await page.reload();
  await expectHeader(page, "submitted", "submitted");
  await page.context().close();
});

test("annotator: Accept model spans on the Chinese demo pair previews the units and leaves the ad out", async ({ browser }) => {
  const page = await newSignedInPage(browser, users.ann.email, PASSWORD);
  await openPair(page, zhPairId);
  await page.getByTestId("accept-model-spans").click();
  const preview = page.getByTestId("accept-model-spans-preview");
  await expect(preview).toBeVisible();
  // The ad 【限时特惠】… is kept by the selection, but the model's categories do not call it vital: listed as left out.
  const items = preview.getByTestId("accept-model-spans-item");
  expect(await items.count()).toBeGreaterThan(0);
  for (const text of await items.allTextContents()) expect(text).not.toContain("限时特惠");
  const ad = preview.getByTestId("accept-model-spans-skipped-item").filter({ hasText: "限时特惠" });
  await expect(ad).toHaveCount(1);
  await expect(ad).not.toHaveAttribute("data-category", "vital");
  // Cancel adds nothing.
  await preview.getByTestId("accept-model-spans-cancel").click();
  await expect(preview).toHaveCount(0);
  await expect(page.getByTestId("legend-count-vital")).toHaveText("0");
  await page.context().close();
});

test("reviewer: accept, Save gold; every gold span starts and ends at a word boundary", async ({ browser }) => {
  const page = await newSignedInPage(browser, users.rev.email, PASSWORD);
  await page.goto(`/pairs/${fetchPairId}/review`);
  await expect(page.getByTestId("review-pair-status")).toHaveAttribute("data-status", "submitted");
  await expect(card(page)).toBeVisible();
  await card(page).getByTestId("review-accept").click();
  await expect(card(page).getByTestId("annotation-card-status")).toHaveAttribute("data-status", "accepted");

  // What Save gold writes is the chosen versions (checked on word edges below, after saving).
  const label = (await page.getByTestId("save-gold").innerText()).match(/\((\d+) spans?\)/);
  const ticked = Number(label?.[1] ?? 0);
  expect(ticked).toBeGreaterThan(0);
  await page.getByTestId("save-gold").click();
  await expect(page.getByTestId("save-gold-done")).toBeVisible();
  // The page's header is rendered by the server: a reload shows the new status.
  await page.reload();
  await expect(page.getByTestId("review-pair-status")).toHaveAttribute("data-status", "accepted");

  const gold = (await (await page.request.get(`/api/v1/pairs/${fetchPairId}/gold`)).json()) as {
    status: string;
    spans: { documentId: string; start: number; end: number; text: string }[];
  };
  expect(gold.status).toBe("accepted");
  expect(gold.spans).toHaveLength(ticked);
  expectWholeWords(gold.spans, await documentTexts(page, fetchPairId));
  await page.context().close();

  // The gold JSONL export carries the same spans, each on word boundaries of its record's text.
  const admin = await newSignedInPage(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  const records = (await goldExport(admin, demoDatasetId)).filter((r) => r.pairId === fetchPairId);
  expect(records.length).toBeGreaterThan(0);
  expect(records.reduce((n, r) => n + r.spans.length, 0)).toBe(ticked);
  for (const r of records)
    expectWholeWords(
      r.spans.map((s) => ({ ...s, documentId: r.documentId })),
      new Map([[r.documentId, r.text]]),
    );
  await admin.context().close();

  const ann = await newSignedInPage(browser, users.ann.email, PASSWORD);
  await openPair(ann, fetchPairId);
  await expectHeader(ann, "accepted", "accepted");
  await ann.context().close();
});

test("the header at each step: unlabeled → in progress → submitted → rejected → in progress → submitted → accepted", async ({ browser }) => {
  const ann = await newSignedInPage(browser, users.ann.email, PASSWORD);
  await openPair(ann, flowPairId);
  await expectHeader(ann, "unlabeled", null);
  await selectText(ann, "The City Museum opens at 10 am on weekends.");
  await ann.keyboard.press("1");
  await saved(ann);
  await expectHeader(ann, "in_progress", "in_progress");
  await ann.getByTestId("submit-annotation").click();
  await expectHeader(ann, "submitted", "submitted");

  const rev = await newSignedInPage(browser, users.rev.email, PASSWORD);
  await rev.goto(`/pairs/${flowPairId}/review`);
  await card(rev).getByTestId("review-comment").fill("Mark the ticket price too.");
  await card(rev).getByTestId("review-reject").click();
  await expect(card(rev).getByTestId("annotation-card-status")).toHaveAttribute("data-status", "rejected");

  await ann.reload();
  await expectHeader(ann, "rejected", "rejected");
  await selectText(ann, "Tickets cost 12 euros for adults.");
  await ann.keyboard.press("1");
  await saved(ann);
  await expectHeader(ann, "in_progress", "in_progress");
  await ann.getByTestId("submit-annotation").click();
  await expectHeader(ann, "submitted", "submitted");

  await rev.reload();
  await card(rev).getByTestId("review-accept").click();
  await expect(card(rev).getByTestId("annotation-card-status")).toHaveAttribute("data-status", "accepted");
  await ann.reload();
  await expectHeader(ann, "accepted", "accepted");
  await rev.context().close();
  await ann.context().close();
});

test('"Nothing here is vital": answered, decided as gold, shown in workspace and queue, exported', async ({ browser }) => {
  const ann = await newSignedInPage(browser, users.ann.email, PASSWORD);
  await openPair(ann, noVitalPairId);
  await expectHeader(ann, "unlabeled", null);
  await expect(ann.getByTestId("submit-no-vital")).toBeEnabled();
  // It asks once before it locks the annotation: Cancel changes nothing, Confirm submits.
  await ann.getByTestId("submit-no-vital").click();
  const ask = ann.getByTestId("no-vital-dialog");
  await expect(ask).toBeVisible();
  await ask.getByTestId("no-vital-cancel").click();
  await expect(ask).toHaveCount(0);
  await expect(ann.getByTestId("annotation-status")).toHaveCount(0);
  await ann.getByTestId("submit-no-vital").click();
  await ann.getByTestId("no-vital-confirm").click();
  await expectHeader(ann, "submitted", "submitted");
  await expect(ann.getByTestId("editor-notice")).toContainText("nothing here is vital");
  await expect(ann.getByTestId("mine-no-vital")).toBeVisible();

  const rev = await newSignedInPage(browser, users.rev.email, PASSWORD);
  await rev.goto(`/pairs/${noVitalPairId}/review`);
  await expect(card(rev).getByTestId("annotation-card-no-vital")).toBeVisible();
  await card(rev).getByTestId("review-accept").click();
  await expect(card(rev).getByTestId("annotation-card-status")).toHaveAttribute("data-status", "accepted");
  await rev.getByTestId("save-gold-no-vital").click();
  await expect(rev.getByTestId("save-gold-done")).toBeVisible();
  await expect(rev.getByTestId("gold-no-vital")).toBeVisible();
  await rev.reload();
  await expect(rev.getByTestId("review-pair-status")).toHaveAttribute("data-status", "accepted");
  await expect(rev.getByTestId("gold-no-vital")).toBeVisible();
  await rev.context().close();

  await ann.reload();
  await expectHeader(ann, "accepted", "accepted");
  await expect(ann.getByTestId("gold-no-vital")).toHaveText("Gold: nothing here is vital");

  // An import's `"evidence": []` is the same decision.
  const admin = await newSignedInPage(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  const line = JSON.stringify({ id: `nv-${RUN}`, query: "Who painted the museum's ceiling?", text: PAGE, evidence: [] });
  const imported = await admin.request.post(`/api/v1/datasets/${datasetId}/import?format=jsonl`, {
    data: Buffer.from(line + "\n"),
    headers: { Origin: E2E_ORIGIN, "content-type": "application/x-ndjson" },
  });
  expect(imported.status(), await imported.text()).toBe(200);

  await admin.goto(`/pairs?datasetId=${datasetId}`);
  await expect(admin.getByTestId("queue-no-vital")).toHaveCount(2);
  const records = await goldExport(admin, datasetId);
  const byQuery = new Map(records.map((r) => [r.query, r]));
  for (const q of [NO_ANSWER, "Who painted the museum's ceiling?"]) {
    expect(byQuery.get(q), q).toMatchObject({ noVital: true, spans: [] });
  }
  // An accepted annotation without a saved gold version is no gold: that pair is not in the gold export.
  expect(byQuery.get("When does the museum open on weekends?")).toBeUndefined();
  await admin.context().close();
});
