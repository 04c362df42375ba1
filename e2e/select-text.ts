import { expect, type Page } from "@playwright/test";

export interface SelectTextOptions {
  /** Which document of the workspace (index of its `doc-text` container); default the first. */
  doc?: number;
  /** Select only `text.slice(from, to)` of the occurrence found (e.g. to start in the middle of a word). */
  from?: number;
  to?: number;
}

/**
 * Selects `text` inside a document's canonical text the way a user's drag would: a DOM selection across the
 * rendered text nodes (the workspace reads it on keydown and on selectionchange), without moving the mouse.
 */
export async function selectText(page: Page, text: string, opts: SelectTextOptions = {}): Promise<void> {
  const from = opts.from ?? 0;
  const to = opts.to ?? text.length;
  const found = await page
    .getByTestId("doc-text")
    .nth(opts.doc ?? 0)
    .evaluate(
      (root, { needle, from, to }) => {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        const nodes: Text[] = [];
        let all = "";
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          nodes.push(n as Text);
          all += (n as Text).data;
        }
        const at = all.indexOf(needle);
        if (at < 0) return false;
        const locate = (offset: number, preferNext: boolean) => {
          let pos = 0;
          for (const node of nodes) {
            const len = node.data.length;
            if (offset < pos + len || (!preferNext && offset === pos + len)) return { node, offset: offset - pos };
            pos += len;
          }
          const last = nodes[nodes.length - 1]!;
          return { node: last, offset: last.data.length };
        };
        const a = locate(at + from, true);
        const b = locate(at + to, false);
        window.getSelection()!.setBaseAndExtent(a.node, a.offset, b.node, b.offset);
        return true;
      },
      { needle: text, from, to },
    );
  expect(found, `"${text}" is in the rendered document`).toBe(true);
}

/**
 * Selects `text.slice(from, to)` with a real mouse drag (from the left edge of its first character to the right edge
 * of its last), optionally with Alt held through the drag: the workspace reads Alt on mouseup.
 */
export async function dragSelect(page: Page, text: string, opts: SelectTextOptions & { alt?: boolean } = {}): Promise<void> {
  const from = opts.from ?? 0;
  const to = opts.to ?? text.length;
  const points = await page
    .getByTestId("doc-text")
    .nth(opts.doc ?? 0)
    .evaluate(
      (root, { needle, from, to }) => {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        const nodes: Text[] = [];
        let all = "";
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          nodes.push(n as Text);
          all += (n as Text).data;
        }
        const at = all.indexOf(needle);
        if (at < 0) return null;
        const charRect = (offset: number, scroll = false) => {
          let pos = 0;
          for (const node of nodes) {
            if (offset < pos + node.data.length) {
              if (scroll) node.parentElement?.scrollIntoView({ block: "center" });
              const r = document.createRange();
              r.setStart(node, offset - pos);
              r.setEnd(node, offset - pos + 1);
              return r.getBoundingClientRect();
            }
            pos += node.data.length;
          }
          return null;
        };
        charRect(at + from, true);
        const a = charRect(at + from);
        const b = charRect(at + to - 1);
        if (!a || !b) return null;
        return { x1: a.left + 1, y1: a.top + a.height / 2, x2: b.right - 1, y2: b.top + b.height / 2 };
      },
      { needle: text, from, to },
    );
  expect(points, `"${text}" is in the rendered document`).not.toBeNull();
  const { x1, y1, x2, y2 } = points!;
  if (opts.alt) await page.keyboard.down("Alt");
  await page.mouse.move(x1, y1);
  await page.mouse.down();
  await page.mouse.move((x1 + x2) / 2, (y1 + y2) / 2);
  await page.mouse.move(x2, y2);
  await page.mouse.up();
  if (opts.alt) await page.keyboard.up("Alt");
}
