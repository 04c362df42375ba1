import { htmlToCanonical } from "../text/html-to-canonical";
import type { BlockRole } from "../text/types";

export interface BoilerplateBlock {
  text: string;
  role: BlockRole;
  kind: string;
}

/** Boilerplate of one real page, by where it sat relative to the article. */
export interface PageBoilerplate {
  name: string;
  top: BoilerplateBlock[];
  middle: BoilerplateBlock[];
  bottom: BoilerplateBlock[];
}

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, " ").trim();

/**
 * Separates a real page's article from its boilerplate using a reference extraction of the article
 * (e.g. Readability's expected.html): blocks of the page whose text is not in the article are
 * navigation, ads, bylines, related links, comments… — real noise for training pages.
 */
export function extractBoilerplate(opts: { name: string; sourceHtml: string; articleHtml: string }): PageBoilerplate {
  const page = htmlToCanonical(opts.sourceHtml);
  const article = norm(htmlToCanonical(opts.articleHtml).text.replace(/\n/g, " "));
  const inArticle = page.blocks.map((b) => {
    const t = norm(page.text.slice(b.start, b.end));
    return t.length > 0 && article.includes(t);
  });
  const first = inArticle.indexOf(true);
  const last = inArticle.lastIndexOf(true);
  const out: PageBoilerplate = { name: opts.name, top: [], middle: [], bottom: [] };
  page.blocks.forEach((b, i) => {
    if (inArticle[i]) return;
    const text = page.text.slice(b.start, b.end);
    if (text.length > 600) return; // long unmatched blocks are usually article text the reference dropped
    const block = { text, role: b.role, kind: b.kind };
    if (first < 0 || i < first) out.top.push(block);
    else if (i > last) out.bottom.push(block);
    else out.middle.push(block);
  });
  return out;
}
