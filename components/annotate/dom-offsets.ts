// Browser-only helpers: DOM selection ↔ canonical text offsets. Every text node of a document's rendering sits
// alone in an element carrying data-o (its offset in the canonical text); labels are CSS pseudo-elements, so
// they are not text nodes at all.

export const DOC_TEXT_SELECTOR = "[data-doc-text]";

function ownerOffset(t: Node): number | null {
  const el = t.parentElement;
  const o = el?.dataset.o;
  return o === undefined ? null : Number(o);
}

/** Canonical offset of a DOM boundary point inside `root` (a document's text container). */
export function domPointToOffset(root: Element, node: Node, offset: number): number {
  if (node.nodeType === Node.TEXT_NODE) {
    const o = ownerOffset(node);
    if (o !== null) return o + Math.min(offset, (node as Text).data.length);
  }
  // An element boundary (or a text node without an offset): the first text node at or after the point.
  const point = document.createRange();
  point.setStart(node, offset);
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let last: { o: number; len: number } | null = null;
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    const o = ownerOffset(t);
    if (o === null) continue;
    if (point.comparePoint(t, 0) >= 0) return o;
    last = { o, len: (t as Text).data.length };
  }
  return last ? last.o + last.len : 0;
}

export interface DocSelection {
  documentId: string;
  start: number;
  end: number;
  range: Range;
}

/** The current non-collapsed selection when both ends lie in the same document text, else null. */
export function readDocSelection(): DocSelection | null {
  const sel = typeof window === "undefined" ? null : window.getSelection();
  if (!sel || sel.rangeCount === 0 || sel.isCollapsed) return null;
  const range = sel.getRangeAt(0);
  const rootOf = (n: Node) => (n.nodeType === Node.ELEMENT_NODE ? (n as Element) : n.parentElement)?.closest(DOC_TEXT_SELECTOR) ?? null;
  const root = rootOf(range.startContainer);
  if (!root || root !== rootOf(range.endContainer)) return null;
  const documentId = (root as HTMLElement).dataset.documentId;
  if (!documentId) return null;
  const a = domPointToOffset(root, range.startContainer, range.startOffset);
  const b = domPointToOffset(root, range.endContainer, range.endOffset);
  if (a === b) return null;
  return { documentId, start: Math.min(a, b), end: Math.max(a, b), range };
}
