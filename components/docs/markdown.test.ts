import { readFileSync } from "node:fs";
import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Markdown, parseMarkdown, slugify } from "./markdown";

describe("Markdown", () => {
  it("parses docs/data-formats.md into headings, code, nested lists and a table", () => {
    const blocks = parseMarkdown(readFileSync(path.join(import.meta.dirname, "../../docs/data-formats.md"), "utf8"));
    const kinds = new Set(blocks.map((b) => b.kind));
    expect([...kinds].sort()).toEqual(["code", "heading", "list", "paragraph", "table"]);
    expect(blocks[0]).toMatchObject({ kind: "heading", level: 1 });
    const table = blocks.find((b) => b.kind === "table");
    expect(table && table.kind === "table" && table.rows[0]?.[0]).toBe("`GET /api/v1/datasets`");
    const nested = blocks.some((b) => b.kind === "list" && b.items.some((it) => it.children.length > 0));
    expect(nested).toBe(true);
  });

  it("renders elements, never raw HTML; unsafe links become text; headings get anchors", () => {
    const html = renderToStaticMarkup(
      createElement(Markdown, {
        source:
          "## JSONL — `readJsonl`\n\nSee <script>alert(1)</script> and [this](javascript:alert(1)) or [that](https://example.org) **now**.\n\n| a | b |\n| --- | --- |\n| `x \\| y` | 2 |",
      }),
    );
    expect(html).toContain(`<h2 id="${slugify("JSONL — `readJsonl`")}"`);
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toContain("javascript:");
    expect(html).toContain('<a href="https://example.org"');
    expect(html).toContain("<strong>now</strong>");
    expect(html).toContain("<code");
    expect(html).toContain("x | y");
  });
});
