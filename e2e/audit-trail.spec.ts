import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "./constants";
import { keepScreenshot } from "./screenshot";
import { createUser, E2E_ORIGIN } from "./sign-in";
import { createDataset, newSignedInPage } from "./test-data";

// Issue 63 item 5, the audit trail as people see it: the admin imports a pair with gold, a reviewer records "nothing
// here is vital"; the review page's "Gold history" names both changes and who made them, the gold JSONL export with
// audit=1 carries them, /admin/users lists the account changes, and no route edits or deletes the history.

test.describe.configure({ mode: "serial" });

const RUN = Date.now().toString(36);
const PASSWORD = "e2e-user-password";
const reviewer = { email: `audit-rev-${RUN}@e2e.local`, role: "reviewer" as const };
const TEXT = "The city museum opens at 10 am on weekends. Tickets cost 12 euros.";

let datasetId = "";
let pairId = "";

test("setup: a reviewer, and a dataset imported with gold by the admin", async ({ browser }) => {
  const admin = await newSignedInPage(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  await createUser(admin, { ...reviewer, password: PASSWORD });
  datasetId = await createDataset(admin, `audit-${RUN}`);
  const record = { id: "museum", query: "When does the museum open?", text: TEXT, evidence: [{ text: "opens at 10 am on weekends" }] };
  const res = await admin.request.post(`/api/v1/datasets/${encodeURIComponent(datasetId)}/import?format=jsonl`, {
    data: Buffer.from(JSON.stringify(record) + "\n"),
    headers: { Origin: E2E_ORIGIN, "Content-Type": "application/x-ndjson" },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { items } = (await (await admin.request.get(`/api/v1/pairs?datasetId=${datasetId}`)).json()) as { items: { id: string }[] };
  expect(items).toHaveLength(1);
  pairId = items[0]!.id;
  await admin.context().close();
});

test("the review page shows the gold history: the import, then the reviewer's 'nothing here is vital'", async ({ browser }, testInfo) => {
  const page = await newSignedInPage(browser, reviewer.email, PASSWORD);
  await page.goto(`/pairs/${pairId}/review`);
  const panel = page.getByTestId("gold-audit-panel");
  const events = panel.getByTestId("gold-audit-event");
  await expect(events).toHaveCount(1);
  await expect(events.first()).toHaveAttribute("data-kind", "import");
  await expect(events.first()).toContainText(E2E_ADMIN.email);
  await expect(events.first().getByTestId("gold-audit-added")).toContainText("opens at 10 am on weekends");

  await page.getByTestId("save-gold-no-vital").click();
  await expect(page.getByTestId("save-gold-done")).toBeVisible();
  await panel.getByTestId("gold-audit-reload").click();
  await expect(events).toHaveCount(2);
  await expect(events.first()).toHaveAttribute("data-kind", "no_vital");
  await expect(events.first()).toContainText(reviewer.email);
  await expect(events.first().getByTestId("gold-audit-no-vital")).toContainText("no → yes");
  await expect(events.first().getByTestId("gold-audit-removed")).toContainText("opens at 10 am on weekends");
  await keepScreenshot(page, testInfo, "gold-history");

  // Read only: no method edits or deletes the history.
  for (const method of ["delete", "put", "patch", "post"] as const) {
    const res = await page.request[method](`/api/v1/pairs/${pairId}/gold/history`, { headers: { Origin: E2E_ORIGIN } });
    expect(res.status(), method).toBe(405);
  }
  await page.context().close();
});

test("the gold JSONL export with audit=1 carries the history; /admin/users lists account changes", async ({ browser }) => {
  const admin = await newSignedInPage(browser, E2E_ADMIN.email, E2E_ADMIN.password);
  const res = await admin.request.get(`/api/v1/datasets/${datasetId}/export?format=gold-jsonl&audit=1`);
  expect(res.status(), await res.text()).toBe(200);
  const [record] = (await res.text())
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { noVital?: boolean; audit: { kind: string; actor: string | null }[] });
  expect(record!.noVital).toBe(true);
  expect(record!.audit.map((a) => [a.kind, a.actor])).toEqual([
    ["import", E2E_ADMIN.email],
    ["no_vital", reviewer.email],
  ]);

  await admin.goto("/admin/users");
  const created = admin.locator(`[data-testid="account-audit-row"][data-kind="create"][data-email="${reviewer.email}"]`);
  await expect(created).toHaveCount(1);
  await expect(created).toContainText(E2E_ADMIN.email);
  await admin.context().close();
});
