import { readFileSync } from "node:fs";
import path from "node:path";
import { entryTitle } from "../features/entry-title";
import { requireSharedFiles } from "./load-shared-data";

/** Unlabelled Ukrainian running text beside the project (`uk-text/`: one paragraph per line, no article marks). */
export const UKRAINIAN_TEXT_FILES = ["uk-text/ukwiki-sample.txt", "uk-text/ua-gec.txt"] as const;

export interface TextArticle {
  /** `uk:<file>:<n>`: splits never separate one article. */
  group: string;
  title: string;
  paragraphs: string[];
}

const MAX_PARAGRAPHS = 12;

/**
 * The files cut back into articles: a Wikipedia entry starts at a paragraph that opens with a name ("Київ — …"), an
 * essay at a short line that ends no sentence (its title). Runs longer than 12 paragraphs are cut, so no pseudo
 * article grows without bound where the marks are missing.
 */
export function splitTextArticles(text: string, file: string): TextArticle[] {
  const out: TextArticle[] = [];
  let current: TextArticle | undefined;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    const heading = line.length <= 100 && !/[.!?…:;,]$/u.test(line);
    const entry = !heading && entryTitle(line);
    if (!current || heading || entry || current.paragraphs.length >= MAX_PARAGRAPHS) {
      current = { group: `uk:${file}:${out.length}`, title: heading ? line : entry || line.split(/\s+/).slice(0, 6).join(" "), paragraphs: [] };
      out.push(current);
      if (heading) continue;
    }
    current.paragraphs.push(line);
  }
  return out.filter((a) => a.paragraphs.length > 0);
}

export function loadUkrainianText(dir: string, limit?: number): TextArticle[] {
  const out: TextArticle[] = [];
  requireSharedFiles(dir, UKRAINIAN_TEXT_FILES);
  for (const f of UKRAINIAN_TEXT_FILES) {
    const file = path.join(dir, f);
    const articles = splitTextArticles(readFileSync(file, "utf8"), path.basename(f, ".txt"));
    out.push(...(limit ? articles.slice(0, limit) : articles));
  }
  return out;
}
