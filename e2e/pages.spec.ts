import { expect, test } from "@playwright/test";
import { E2E_ADMIN, E2E_PORT } from "./constants";
import { keepScreenshot } from "./screenshot";
import { signIn } from "./sign-in";

// The pages around the workflow: one screenshot per main page the other specs do not already keep (login, datasets,
// admin users), the compact navigation menu on a phone, the favicon, the home page's curl origin and the data formats
// page the import form links to.

test("login, datasets and user administration render (screenshots kept)", async ({ page }, testInfo) => {
  await page.goto("/login");
  await expect(page.getByTestId("login-email")).toBeVisible();
  await keepScreenshot(page, testInfo, "login");

  await signIn(page, E2E_ADMIN);
  await page.goto("/datasets");
  await expect(page.getByTestId("dataset-row").first()).toBeVisible();
  await keepScreenshot(page, testInfo, "datasets");

  await page.goto("/admin/users");
  await expect(page.getByTestId("users-table")).toBeVisible();
  await keepScreenshot(page, testInfo, "admin-users");

  // /agreement without a choice opens on a dataset with annotations (or says there is none), not on an empty one.
  await page.goto("/agreement");
  const select = page.getByTestId("agreement-dataset");
  const options = await select.locator("option").allInnerTexts();
  const selected = await select.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent ?? "");
  if (options.some((o) => !o.includes("no annotations"))) expect(selected).not.toContain("no annotations");
  else await expect(page.getByTestId("agreement-none")).toBeVisible();
});

test("at 390 px the navigation collapses into a menu that opens, navigates and closes; nothing overflows", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signIn(page, E2E_ADMIN);
  await page.goto("/pairs");
  const toggle = page.getByTestId("nav-menu-toggle");
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByTestId("nav-datasets")).toBeHidden();
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);

  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  for (const id of ["nav-inspector", "nav-pairs", "nav-agreement", "nav-datasets", "nav-api-docs", "nav-users", "nav-sign-out"]) {
    await expect(page.getByTestId(id)).toBeVisible();
  }
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.getByTestId("nav-datasets").click();
  await page.waitForURL(/\/datasets$/);
  await expect(page.getByTestId("nav-datasets")).toBeHidden();
  await context.close();

  // On a desktop the links are inline and there is no menu button.
  const desk = await browser.newPage();
  await desk.goto("/");
  await expect(desk.getByTestId("nav-menu-toggle")).toBeHidden();
  await expect(desk.getByTestId("nav-inspector")).toBeVisible();
  await desk.close();
});

test("/favicon.ico and /icon.svg are served", async ({ request }) => {
  const ico = await request.get("/favicon.ico");
  expect(ico.status()).toBe(200);
  expect(ico.headers()["content-type"]).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
  expect((await ico.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
  const svg = await request.get("/icon.svg");
  expect(svg.status()).toBe(200);
});

test("the home page's curl example uses the origin the app is served at; the import form links the data formats page", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("home-curl")).toContainText(`curl -s http://127.0.0.1:${E2E_PORT}/api/v1/compress`);
  // The e2e server requires API keys: the example says where the key goes.
  await expect(page.getByTestId("home-curl")).toContainText("authorization: Bearer $SNIPPET_LAB_API_KEY");

  await signIn(page, E2E_ADMIN);
  await page.goto("/datasets");
  await page.getByTestId("dataset-row").first().getByRole("link").first().click();
  await page.getByTestId("import-formats-link").click();
  await page.waitForURL(/\/docs\/data-formats$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Data formats");
  await expect(page.locator("#jsonl-readjsonl-path-parsejsonl-content")).toBeVisible();
});
