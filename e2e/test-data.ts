import { expect, type Browser, type Page } from "@playwright/test";
import { E2E_ORIGIN, signIn } from "./sign-in";

/** A fresh browser context signed in as `email` (its own cookies: one user per context). */
export async function newSignedInPage(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, { email, password });
  return page;
}

/** Creates a dataset through the API as the page's user (researcher or admin); returns its id. */
export async function createDataset(page: Page, name: string): Promise<string> {
  const res = await page.request.post("/api/v1/datasets", { data: { name }, headers: { Origin: E2E_ORIGIN } });
  expect(res.status(), await res.text()).toBe(201);
  const { dataset } = (await res.json()) as { dataset: { id: string } };
  return dataset.id;
}

export type ResultInput = { text: string; title?: string } | { html: string; title?: string };

/** Creates a pair through the API; returns its id. */
export async function createPair(page: Page, datasetId: string, query: string, results: ResultInput[]): Promise<string> {
  const res = await page.request.post(`/api/v1/datasets/${encodeURIComponent(datasetId)}/pairs`, {
    data: { query, results },
    headers: { Origin: E2E_ORIGIN },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return ((await res.json()) as { id: string }).id;
}
