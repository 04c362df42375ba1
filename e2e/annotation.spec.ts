import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN } from "./constants";
import { keepScreenshot } from "./screenshot";
import { dragSelect, selectText } from "./select-text";
import { createUser, E2E_ORIGIN } from "./sign-in";
import { createDataset, createPair, newSignedInPage } from "./test-data";
import { documentTexts, expectWholeWords } from "./word-edges";

// The workspace features the gold flow does not reach: span editing (keys, selection menu, token snapping, Alt for
// exact characters, overlaps, popover, Delete, undo/redo, autosave, legend, layers, tooltip), two tabs editing
// the same annotation (conflict → merge / reload theirs), pre-annotation (model spans, the rule-based LLM judge)
// and the sandboxed original page.

test.describe.configure({ mode: "serial" });

const RUN = Date.now().toString(36);
const PASSWORD = "e2e-user-password";
const users = {
  ann: { email: `span-ann-${RUN}@e2e.local`, role: "annotator" as const },
  researcher: { email: `span-res-${RUN}@e2e.local`, role: "researcher" as const },
};
const QUERY = "When did the Golden Gate Bridge open to traffic?";
const SENTENCE = "The Golden Gate Bridge opened to vehicle traffic on May 28, 1937.";
const PAGE_TEXT = [
  "Home | News | Travel | Sign in",
  "",
  "Golden Gate Bridge",
  "",
  `The bridge spans the strait between San Francisco Bay and the Pacific Ocean. ${SENTENCE} It was the longest suspension bridge main span in the world at the time.`,
  "",
  "Subscribe to our newsletter for weekly travel deals. Sponsored: cheap flights to California.",
  "",
  "Posted by the travel desk on 3 March 2024 · 4 min read",
].join("\n");
const ORIGINAL_HTML = `<!doctype html><html><head><title>Harbor Ferry</title>
<script>document.title = "Hijacked"; fetch("/api/v1/models?leak=1");
document.addEventListener("DOMContentLoaded", () => document.body.insertAdjacentHTML("beforeend", '<p id="pwned">script ran</p>'));</script>
</head><body><main><h1>Harbor Ferry</h1><p>The harbor ferry leaves every 30 minutes from pier 4.</p></main>
<script>document.write('<p id="pwned-inline">inline script ran</p>');</script></body></html>`;

const ids = { editing: "", alt: "", concurrency: "", model: "", judge: "", original: "", gold: "" };
// Pasted HTML without a <title>, in Chinese: its heading names it, and the screenshot shows whether CJK renders.
const ZH_HTML = "<main><h1>金门大桥</h1><p>金门大桥于1937年5月28日向车辆开放通行。它横跨旧金山湾与太平洋之间的海峡。</p></main>";
const ZH_SENTENCE = "金门大桥于1937年5月28日向车辆开放通行。";

/** My spans as rendered, "category:text" sorted (the pieces of one span, split by overlaps, joined in order). */
async function mySpans(page: Page): Promise<string[]> {
  const list = await page.getByTestId("span-mark").evaluateAll((els) => {
    const byId = new Map<string, { category: string; text: string }>();
    for (const el of els) {
      const id = el.getAttribute("data-span-id") ?? "";
      const cur = byId.get(id) ?? { category: el.getAttribute("data-category") ?? "", text: "" };
      cur.text += el.textContent ?? "";
      byId.set(id, cur);
    }
    return [...byId.values()].map((s) => `${s.category}:${s.text}`);
  });
  return list.sort();
}

/** Opens a pair and waits for the token heatmap (scores loaded: selections snap to tokens). */
async function openPair(page: Page, pairId: string): Promise<void> {
  await page.goto(`/pairs/${pairId}`);
  await expect(page.getByTestId("heatmap").first().locator("[data-t]").first()).toBeVisible();
}

const saved = (page: Page) => expect(page.getByTestId("save-state")).toHaveText("Saved");
const legend = (page: Page, category: string) => page.getByTestId(`legend-count-${category}`);
const mark = (page: Page, category: string) => page.locator(`[data-testid="span-mark"][data-category="${category}"]`);

test("setup: users, a dataset and pairs", async ({ browser }) => {
  const admin = await newSignedInPage(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  for (const u of Object.values(users)) await createUser(admin, { ...u, password: PASSWORD });
  const datasetId = await createDataset(admin, `e2e-annotation-${RUN}`);
  // The workspace's layers (gold included) for an annotator: a dataset whose owner turned blind annotation off
  // (blind-annotation.spec.ts covers the default).
  const settings = await admin.request.patch(`/api/v1/datasets/${datasetId}`, { data: { blindAnnotation: false }, headers: { Origin: E2E_ORIGIN } });
  expect(settings.status(), await settings.text()).toBe(200);
  for (const key of ["editing", "alt", "concurrency", "model", "judge"] as const) {
    ids[key] = await createPair(admin, datasetId, QUERY, [{ text: PAGE_TEXT, title: `Bridge ${key}` }]);
  }
  ids.original = await createPair(admin, datasetId, "How often does the harbor ferry leave?", [{ html: ORIGINAL_HTML }]);
  ids.gold = await createPair(admin, datasetId, QUERY, [{ text: PAGE_TEXT, title: "Bridge gold" }, { html: ZH_HTML }]);
  await admin.context().close();
});

test("span editing: keys, selection menu, snapping, Alt, overlaps, popover, Delete, undo/redo, autosave, legend, layers, tooltip", async ({
  browser,
}) => {
  const page = await newSignedInPage(browser, users.ann.email, PASSWORD);
  await openPair(page, ids.editing);
  await saved(page);

  // Key 1 on a selection that starts and ends inside words ("ened … traff"): the span covers whole tokens.
  const phrase = "opened to vehicle traffic";
  await selectText(page, phrase, { from: 2, to: phrase.length - 2 });
  await page.keyboard.press("1");
  await expect(mark(page, "vital")).toHaveCount(1);
  expect(await mySpans(page)).toEqual([`vital:${phrase}`]);
  await expect(legend(page, "vital")).toHaveText("1");
  await saved(page);

  // Alt held with the key: exactly the selected characters, no snapping.
  await selectText(page, "suspension", { from: 1, to: 5 });
  await page.keyboard.press("Alt+Digit4");
  await expect(mark(page, "metadata")).toHaveCount(1);
  expect(await mySpans(page)).toContain("metadata:uspe");
  await saved(page);

  // The selection menu does what the keys do.
  await selectText(page, "Sponsored: cheap flights");
  await page.getByTestId("selection-menu-ads").click();
  await expect(mark(page, "ads")).toHaveCount(1);
  await expect(page.getByTestId("selection-menu")).toHaveCount(0);
  await saved(page);

  // A second category over part of the same text: both spans exist.
  await selectText(page, "The Golden Gate Bridge opened", { from: 4 });
  await page.keyboard.press("2");
  await expect(legend(page, "off_topic")).toHaveText("1");
  expect(await mySpans(page)).toEqual(["ads:Sponsored: cheap flights", "metadata:uspe", "off_topic:Golden Gate Bridge opened", `vital:${phrase}`]);
  for (const [c, n] of [
    ["vital", 1],
    ["off_topic", 1],
    ["ads", 1],
    ["metadata", 1],
    ["ui_navigation", 0],
    ["duplicate", 0],
  ] as const) {
    await expect(legend(page, c)).toHaveText(String(n));
  }
  // One labelled column per layer: my counts never run into the gold's.
  for (const l of ["mine", "gold", "judge", "model"]) await expect(page.getByTestId(`legend-head-${l}`)).toBeVisible();
  await expect(page.getByTestId("legend-count-vital-gold")).toHaveText("0");
  await saved(page);

  // The token tooltip over the overlap: probability, sentence score, both categories.
  await page
    .locator('[data-testid="span-mark"] [data-t]', { hasText: /^opened$/ })
    .first()
    .hover();
  const tooltip = page.getByTestId("token-tooltip");
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText(/token “opened” p = [01]\.\d{3}/);
  await expect(tooltip).toContainText(/sentence \d+ score = [01]\.\d{3}/);
  await expect(tooltip.getByTestId("tooltip-categories")).toContainText("Vital (mine)");
  await expect(tooltip.getByTestId("tooltip-categories")).toContainText("Off-topic (mine)");
  await page.mouse.move(0, 0);

  // The popover: change the category, then delete.
  await mark(page, "ads").first().click();
  const popover = page.getByTestId("span-popover");
  await expect(popover).toBeVisible();
  // The pointer still rests on the mark: the popover wins, no token tooltip over it.
  await expect(page.getByTestId("token-tooltip")).toHaveCount(0);
  await popover.getByTestId("span-category-ui_navigation").click();
  await expect(popover).toHaveCount(0);
  await expect(mark(page, "ads")).toHaveCount(0);
  await expect(mark(page, "ui_navigation")).toHaveCount(1);
  await expect(legend(page, "ads")).toHaveText("0");
  await expect(legend(page, "ui_navigation")).toHaveText("1");
  await saved(page);

  await mark(page, "metadata").first().click();
  await popover.getByTestId("span-delete").click();
  await expect(mark(page, "metadata")).toHaveCount(0);
  await expect(legend(page, "metadata")).toHaveText("0");
  await saved(page);

  // Enter on a focused mark opens the popover too; Escape closes it.
  await mark(page, "ui_navigation").first().focus();
  await page.keyboard.press("Enter");
  await expect(popover.getByTestId("popover-span")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(popover).toHaveCount(0);

  // Delete on a focused mark.
  await mark(page, "ui_navigation").first().focus();
  await page.keyboard.press("Delete");
  await expect(mark(page, "ui_navigation")).toHaveCount(0);
  await saved(page);

  // Undo restores, redo re-applies, undo again; each step is saved.
  await page.keyboard.press("Control+z");
  await expect(mark(page, "ui_navigation")).toHaveCount(1);
  await saved(page);
  await page.keyboard.press("Control+Shift+z");
  await expect(mark(page, "ui_navigation")).toHaveCount(0);
  await saved(page);
  await page.keyboard.press("Control+z");
  await expect(mark(page, "ui_navigation")).toHaveCount(1);
  await expect(legend(page, "ui_navigation")).toHaveText("1");
  await saved(page);

  const final = ["off_topic:Golden Gate Bridge opened", "ui_navigation:Sponsored: cheap flights", `vital:${phrase}`];
  expect(await mySpans(page)).toEqual(final);

  // Layers: hiding "mine" hides my marks, showing brings them back.
  await page.getByTestId("layer-toggle-mine").uncheck();
  await expect(page.getByTestId("span-mark")).toHaveCount(0);
  await expect(legend(page, "vital")).toHaveText("1");
  await page.getByTestId("layer-toggle-mine").check();
  expect(await mySpans(page)).toEqual(final);

  await page.reload();
  await expect(page.getByTestId("span-mark").first()).toBeVisible();
  expect(await mySpans(page)).toEqual(final);
  await page.context().close();
});

test("a mouse drag snaps to tokens; with Alt held it keeps the exact characters, for the keys and the selection menu", async ({ browser }) => {
  const page = await newSignedInPage(browser, users.ann.email, PASSWORD);
  await openPair(page, ids.alt);
  const selected = () => page.evaluate(() => window.getSelection()?.toString() ?? "");

  await dragSelect(page, "cheap flights", { from: 2, to: 10 });
  expect(await selected()).toBe("eap flig");
  await page.keyboard.press("6");
  await expect(mark(page, "duplicate")).toHaveCount(1);

  await dragSelect(page, "suspension", { from: 1, to: 5, alt: true });
  expect(await selected()).toBe("uspe");
  await page.keyboard.press("4");
  await expect(mark(page, "metadata")).toHaveCount(1);

  await dragSelect(page, "newsletter", { from: 2, to: 6, alt: true });
  expect(await selected()).toBe("wsle");
  await page.getByTestId("selection-menu-ads").click();
  await expect(mark(page, "ads")).toHaveCount(1);

  expect(await mySpans(page)).toEqual(["ads:wsle", "duplicate:cheap flights", "metadata:uspe"]);
  await saved(page);
  await page.context().close();
});

test("the same annotator in two tabs: the second save gets the conflict dialog; merge keeps both, reload theirs drops mine", async ({ browser }) => {
  const first = await newSignedInPage(browser, users.ann.email, PASSWORD);
  const second = await first.context().newPage();
  await openPair(first, ids.concurrency);
  await openPair(second, ids.concurrency);

  await selectText(first, "vehicle traffic");
  await first.keyboard.press("1");
  await expect(mark(first, "vital")).toHaveCount(1);
  await saved(first);

  // The second tab still holds the version it loaded: its save is refused, never applied over the first.
  await selectText(second, "suspension bridge");
  await second.keyboard.press("2");
  await expect(second.getByTestId("conflict-dialog")).toBeVisible();
  await expect(second.getByTestId("save-state")).toHaveText("Conflict");
  await second.getByTestId("conflict-merge").click();
  await expect(second.getByTestId("conflict-dialog")).toHaveCount(0);
  await saved(second);
  const both = ["off_topic:suspension bridge", "vital:vehicle traffic"];
  expect(await mySpans(second)).toEqual(both);
  await second.reload();
  await expect(second.getByTestId("span-mark").first()).toBeVisible();
  expect(await mySpans(second)).toEqual(both);

  // Now the first tab is behind: its new span conflicts; "Reload theirs" drops it and shows the saved version.
  await selectText(first, "newsletter");
  await first.keyboard.press("3");
  await expect(first.getByTestId("conflict-dialog")).toBeVisible();
  await first.getByTestId("conflict-reload").click();
  await expect(first.getByTestId("conflict-dialog")).toHaveCount(0);
  await saved(first);
  expect(await mySpans(first)).toEqual(both);
  await first.reload();
  await expect(first.getByTestId("span-mark").first()).toBeVisible();
  expect(await mySpans(first)).toEqual(both);

  // Submitted in one tab: the other tab's edit cannot be stored, and says so instead of dropping it silently.
  await first.getByTestId("submit-annotation").click();
  await expect(first.getByTestId("annotation-status")).toHaveAttribute("data-status", "submitted");
  await selectText(second, "newsletter");
  await second.keyboard.press("3");
  const dialog = second.getByTestId("conflict-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(/locked/i);
  await expect(dialog.getByTestId("conflict-merge")).toHaveCount(0);
  await dialog.getByTestId("conflict-reload").click();
  await expect(second.getByTestId("annotation-status")).toHaveAttribute("data-status", "submitted");
  await expect(second.getByTestId("read-only-notice")).toBeVisible();
  expect(await mySpans(second)).toEqual(both);
  await first.context().close();
});

test("accept model spans: the units the selection keeps at the threshold, whole words, saved", async ({ browser }) => {
  const page = await newSignedInPage(browser, users.ann.email, PASSWORD);
  await openPair(page, ids.model);
  const threshold = 0.5;
  await page.getByTestId("threshold-slider").fill(String(threshold));
  await page.getByTestId("accept-model-spans").click();
  // The preview lists what it will add, one span per unit; Cancel adds nothing, Confirm adds them.
  const preview = page.getByTestId("accept-model-spans-preview");
  await expect(preview).toBeVisible();
  const previewed = await preview.getByTestId("accept-model-spans-item").count();
  expect(previewed).toBeGreaterThan(0);
  await preview.getByTestId("accept-model-spans-cancel").click();
  await expect(preview).toHaveCount(0);
  await expect(legend(page, "vital")).toHaveText("0");
  await page.getByTestId("accept-model-spans").click();
  await preview.getByTestId("accept-model-spans-confirm").click();
  await expect(page.getByTestId("editor-notice")).toContainText(/Added \d+ model spans?/);
  const added = Number(/Added (\d+)/.exec((await page.getByTestId("editor-notice").innerText()) ?? "")?.[1]);
  expect(added).toBe(previewed);
  await expect(legend(page, "vital")).toHaveText(String(added));
  await saved(page);
  // A second click adds nothing and says so (no preview: nothing to confirm).
  await page.getByTestId("accept-model-spans").click();
  await expect(page.getByTestId("editor-notice")).toContainText("already in your annotation");
  await expect(preview).toHaveCount(0);
  await expect(legend(page, "vital")).toHaveText(String(added));

  // The spans are the snippet's units, whole (issue 32: never a run of tokens cut inside a word): each one's text is
  // in the live snippet, and no span starts or ends inside a word.
  const snippet = await page.getByTestId("snippet").innerText();
  const res = await page.request.get(`/api/v1/pairs/${ids.model}/annotation`);
  const { annotation } = (await res.json()) as { annotation: { spans: { documentId: string; start: number; end: number; text: string }[] } };
  expect(annotation.spans).toHaveLength(added);
  // (A prefix: a unit the budget cut is shown cut in the snippet, and accepted whole.)
  for (const s of annotation.spans) expect(snippet.replace(/\s+/g, " ")).toContain(s.text.replace(/\s+/g, " ").slice(0, 40));
  expectWholeWords(annotation.spans, await documentTexts(page, ids.model));

  await page.reload();
  await expect(legend(page, "vital")).toHaveText(String(added));
  await page.context().close();
});

test("an annotator has no run-judge button", async ({ browser }) => {
  const page = await newSignedInPage(browser, users.ann.email, PASSWORD);
  await openPair(page, ids.judge);
  await expect(page.getByTestId("pre-annotation")).toBeVisible();
  await expect(page.getByTestId("run-judge")).toHaveCount(0);
  await page.context().close();
});

test("a researcher runs the judge and accepts its suggestions one by one and all at once", async ({ browser }) => {
  const page = await newSignedInPage(browser, users.researcher.email, PASSWORD);
  await openPair(page, ids.judge);
  await page.getByTestId("run-judge").click();
  await expect(page.getByTestId("judge-message")).toContainText(/The judge suggested \d+ spans?/);
  const items = page.getByTestId("suggestion-item");
  const total = await items.count();
  expect(total).toBeGreaterThanOrEqual(3);
  await expect(page.getByTestId("suggestion-mark").first()).toBeVisible();
  await expect(page.getByTestId("accept-judge-all")).toContainText(`(${total})`);

  // One from the popover of a mark.
  const sm = page.getByTestId("suggestion-mark").first();
  const firstId = (await sm.getAttribute("data-suggestion-id")) ?? "";
  const firstCategory = (await sm.getAttribute("data-category")) ?? "";
  await sm.click();
  await page.locator(`[data-testid="popover-suggestion"][data-suggestion-id="${firstId}"]`).getByTestId("suggestion-accept").click();
  // One span, though other layers' marks (the model's categories) may split it into several elements.
  const spansOf = (category: string) => mark(page, category).evaluateAll((els) => new Set(els.map((e) => e.getAttribute("data-span-id"))).size);
  await expect.poll(() => spansOf(firstCategory)).toBe(1);
  await expect(page.getByTestId("accept-judge-all")).toContainText(`(${total - 1})`);
  await saved(page);

  // One from the list.
  const pending = items.filter({ has: page.locator('[data-testid="suggestion-list-accept"]:enabled') });
  const secondId = (await pending.first().getAttribute("data-suggestion-id")) ?? "";
  expect(secondId).not.toBe(firstId);
  await pending.first().getByTestId("suggestion-list-accept").click();
  await expect(page.locator(`[data-testid="suggestion-item"][data-suggestion-id="${secondId}"]`)).toContainText("accepted");
  await expect(page.getByTestId("accept-judge-all")).toContainText(`(${total - 2})`);

  // The judge layer can be hidden and shown.
  await page.getByTestId("layer-toggle-judge").uncheck();
  await expect(page.getByTestId("suggestion-mark")).toHaveCount(0);
  await page.getByTestId("layer-toggle-judge").check();
  await expect(page.getByTestId("suggestion-mark").first()).toBeVisible();

  // The rest at once: every suggestion is now one of my spans.
  await page.getByTestId("accept-judge-all").click();
  await expect(page.getByTestId("accept-judge-all")).toContainText("(0)");
  await saved(page);
  const count = async () => new Set(await page.getByTestId("span-mark").evaluateAll((els) => els.map((e) => e.getAttribute("data-span-id")))).size;
  expect(await count()).toBe(total);
  await page.reload();
  await expect(page.getByTestId("span-mark").first()).toBeVisible();
  expect(await count()).toBe(total);
  await page.context().close();
});

test("the original page is shown in a sandboxed frame where its scripts do not run", async ({ browser }) => {
  const page = await newSignedInPage(browser, users.ann.email, PASSWORD);
  const leaks: string[] = [];
  page.on("request", (r) => r.url().includes("leak=1") && leaks.push(r.url()));
  await page.goto(`/pairs/${ids.original}`);
  await expect(page.getByTestId("doc-text").first()).toContainText("harbor ferry leaves every 30 minutes");
  const title = await page.title();

  await page.getByTestId("view-original-0").click();
  const frame = page.getByTestId("original-frame");
  await expect(frame).toBeVisible();
  const sandbox = await frame.getAttribute("sandbox");
  expect(sandbox).not.toBeNull();
  expect(sandbox).not.toContain("allow-scripts");
  const inner = page.frameLocator('[data-testid="original-frame"]');
  await expect(inner.locator("h1")).toHaveText("Harbor Ferry");
  await expect(inner.locator("#pwned")).toHaveCount(0);
  await expect(inner.locator("#pwned-inline")).toHaveCount(0);
  const child = page.frames().find((f) => f !== page.mainFrame());
  expect(child).toBeDefined();
  expect(await child!.title()).toBe("Harbor Ferry");
  expect(await page.title()).toBe(title);
  expect(leaks).toEqual([]);

  await page.getByTestId("view-canonical-0").click();
  await expect(page.getByTestId("original-frame")).toHaveCount(0);
  await expect(page.getByTestId("heatmap").first()).toBeVisible();
  await page.context().close();
});

test("gold kept and lost: the workspace counts and strikes the gold spans the threshold drops; the pair's status; HTML without a title named by its heading", async ({
  browser,
}, testInfo) => {
  // Gold saved through the API by the admin (a reviewer): three vital spans in three sentences, one ads span.
  const admin = await newSignedInPage(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  const { documents } = (await (await admin.request.get(`/api/v1/pairs/${ids.gold}/annotations`)).json()) as {
    documents: { id: string; text: string }[];
  };
  const { version } = (await (await admin.request.get(`/api/v1/pairs/${ids.gold}/gold`)).json()) as { version: number };
  const spanIn = (doc: { id: string; text: string }, needle: string, category = "vital") => {
    const start = doc.text.indexOf(needle);
    expect(start, needle).toBeGreaterThanOrEqual(0);
    return { documentId: doc.id, start, end: start + needle.length, text: needle, category };
  };
  const spans = [
    spanIn(documents[0]!, SENTENCE),
    spanIn(documents[0]!, "It was the longest suspension bridge main span in the world at the time."),
    spanIn(documents[1]!, ZH_SENTENCE),
    spanIn(documents[0]!, "Sponsored: cheap flights to California.", "ads"),
  ];
  const put = await admin.request.put(`/api/v1/pairs/${ids.gold}/gold`, { data: { spans, version }, headers: { Origin: E2E_ORIGIN } });
  expect(put.status(), await put.text()).toBe(200);
  await admin.context().close();

  // A researcher without an annotation of their own: the pair's status, no "mine".
  const page = await newSignedInPage(browser, users.researcher.email, PASSWORD);
  await openPair(page, ids.gold);
  await expect(page.getByTestId("pair-status")).toBeVisible();
  await expect(page.getByTestId("annotation-status")).toHaveCount(0);
  await expect(page.getByTestId("document-title").nth(1)).toHaveText("#2 金门大桥");
  await expect(page.getByTestId("legend-count-vital-gold")).toHaveText("3");
  await expect(page.getByTestId("legend-count-ads-gold")).toHaveText("1");

  const slider = page.getByTestId("threshold-slider");
  const count = page.getByTestId("gold-kept-count");
  // At threshold 0 every unit above the engine's floor is kept: all gold spans but those the model scores at the floor
  // (a budget is a cap, not a target), and whatever is dropped is listed and struck through.
  await slider.fill("0");
  await expect(count).toHaveText(/^[1-3] of 3 gold spans kept$/);
  const keptAtZero = Number((await count.innerText()).split(" ")[0]);
  await expect(page.getByTestId("gold-dropped")).toHaveCount(3 - keptAtZero);
  expect(await page.locator('[data-testid="gold-mark"][data-gold-kept="0"]').count()).toBe(3 - keptAtZero);

  // At threshold 1 only the best sentence is kept: the other gold spans are counted, listed and struck through.
  await slider.fill("1");
  await expect(count).toHaveText(/^[0-2] of 3 gold spans kept$/);
  const kept = Number((await count.innerText()).split(" ")[0]);
  expect(kept).toBeLessThanOrEqual(keptAtZero);
  await expect(page.getByTestId("gold-dropped")).toHaveCount(3 - kept);
  expect(await page.locator('[data-testid="gold-mark"][data-gold-kept="0"]').count()).toBeGreaterThanOrEqual(3 - kept);
  // The ads gold span is noise: never counted, never marked.
  await expect(page.locator('[data-testid="gold-mark"][data-category="ads"][data-gold-kept]')).toHaveCount(0);
  await keepScreenshot(page, testInfo, "workspace");

  await slider.fill("0");
  await expect(count).toHaveText(`${keptAtZero} of 3 gold spans kept`);
  await page.context().close();
});
