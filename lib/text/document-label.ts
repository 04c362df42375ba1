import { collapseWhitespace } from "./collapse-whitespace";
import type { Block } from "./types";

export interface DocumentLabelInput {
  /** Stored or given title (a page's <title>); used as is when it has visible text. */
  title?: string | null;
  /** Canonical text. */
  text: string;
  /** Its blocks (headings are preferred over the first words); optional. */
  blocks?: readonly Pick<Block, "start" | "end" | "kind" | "role">[];
}

/** Longest label, in characters (longer ones are cut at a word edge and end with "…"). */
export const DOCUMENT_LABEL_MAX = 80;

/**
 * What to call a document in headings and tabs: its title, else its first heading (a main-content one first), else
 * its first words. Never an internal id; "Untitled" only for a document without any visible text.
 */
export function documentLabel({ title, text, blocks }: DocumentLabelInput, max = DOCUMENT_LABEL_MAX): string {
  const t = title ? collapseWhitespace(title) : "";
  if (t) return clip(t, max);
  const list = blocks ?? [];
  const heading =
    list.find((b) => b.kind === "heading" && b.role === "main" && visible(text, b)) ?? list.find((b) => b.kind === "heading" && visible(text, b));
  if (heading) return clip(collapseWhitespace(text.slice(heading.start, heading.end)), max);
  const first = list.find((b) => b.role === "main" && visible(text, b)) ?? list.find((b) => visible(text, b));
  // Only the first few hundred characters are looked at: labels of multi-megabyte pages stay cheap.
  const source = first ? text.slice(first.start, Math.min(first.end, first.start + 4 * max)) : text.slice(0, 4 * max);
  const words = collapseWhitespace(source);
  return words ? clip(words, max) : "Untitled";
}

const visible = (text: string, b: { start: number; end: number }) => /\S/.test(text.slice(b.start, Math.min(b.end, b.start + 400)));

/** Cuts at the last space before `max` (or at `max` for text without spaces, e.g. Chinese) and adds "…". */
function clip(s: string, max: number): string {
  if (s.length <= max) return s;
  const cut = s.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/u, "")}…`;
}
