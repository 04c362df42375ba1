import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";

/**
 * Keeps one screenshot of a main page as a test artifact: attached to the test (the HTML report in CI shows it) and
 * written to test-results/screenshots/<name>.png (a stable path to look at). Viewport only, taken where a test already
 * has the page open, so it costs one capture (~100 ms), not a navigation.
 */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const body = await page.screenshot({ animations: "disabled", caret: "hide" });
  await testInfo.attach(`screenshot-${name}`, { body, contentType: "image/png" });
  const dir = path.join(testInfo.project.outputDir, "screenshots");
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.png`), body);
}
