import { expect, type Page } from "@playwright/test";
import { isPunctuationOnly, isWordFragment } from "../lib/spans/word-edges";
import { E2E_ORIGIN } from "./sign-in";

type SpanLike = { documentId: string; start: number; end: number; text: string };

/** The canonical text of each document of a pair (the scores route returns them; any signed-in role may call it). */
export async function documentTexts(page: Page, pairId: string): Promise<Map<string, string>> {
  const res = await page.request.post(`/api/v1/pairs/${encodeURIComponent(pairId)}/scores`, { data: {}, headers: { Origin: E2E_ORIGIN } });
  expect(res.status(), await res.text()).toBe(200);
  const { results } = (await res.json()) as { results: { id: string; text: string }[] };
  return new Map(results.map((r) => [r.id, r.text]));
}

/** Every span covers its text verbatim, starts and ends on a word boundary, and is more than punctuation (issue 32). */
export function expectWholeWords(spans: readonly SpanLike[], texts: ReadonlyMap<string, string>): void {
  for (const s of spans) {
    const text = texts.get(s.documentId);
    expect(text, `document ${s.documentId}`).toBeDefined();
    expect(text!.slice(s.start, s.end)).toBe(s.text);
    expect(isWordFragment({ text: text!, start: s.start, end: s.end }), `a word is cut: ${JSON.stringify(s.text)}`).toBe(false);
    expect(isPunctuationOnly(s.text), `only punctuation: ${JSON.stringify(s.text)}`).toBe(false);
  }
}
