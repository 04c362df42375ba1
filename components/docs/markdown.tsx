import type { ReactNode } from "react";

/**
 * A small Markdown renderer for the project's own docs (docs/*.md): headings (with anchors), paragraphs, nested "-"
 * lists, fenced code, pipe tables, inline code, bold and links. It builds React elements (no HTML strings), so doc
 * text can never inject markup; links other than http(s), in-page (#) and site-absolute (/) ones render as text.
 */

type Block =
  | { kind: "heading"; level: number; text: string }
  | { kind: "paragraph"; text: string }
  | { kind: "code"; lang: string; text: string }
  | { kind: "list"; items: ListItem[] }
  | { kind: "table"; head: string[]; rows: string[][] };
type ListItem = { text: string; children: ListItem[] };

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/`/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, "")
    .split(/(?<!\\)\|/)
    .map((c) => c.trim().replace(/\\\|/g, "|"));

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const out: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      i++;
      continue;
    }
    const fence = /^```(\S*)/.exec(line);
    if (fence) {
      const body: string[] = [];
      for (i++; i < lines.length && !lines[i]!.startsWith("```"); i++) body.push(lines[i]!);
      i++;
      out.push({ kind: "code", lang: fence[1] ?? "", text: body.join("\n") });
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      out.push({ kind: "heading", level: heading[1]!.length, text: heading[2]!.trim() });
      i++;
      continue;
    }
    if (line.trimStart().startsWith("|") && /^\s*\|?\s*:?-{3,}/.test(lines[i + 1] ?? "")) {
      const head = cells(line);
      const rows: string[][] = [];
      for (i += 2; i < lines.length && lines[i]!.trimStart().startsWith("|"); i++) rows.push(cells(lines[i]!));
      out.push({ kind: "table", head, rows });
      continue;
    }
    if (/^\s*[-*]\s+/.test(line)) {
      // Items with their indentation; continuation lines (indented, not a new item) join the item before.
      const flat: { indent: number; text: string }[] = [];
      for (; i < lines.length && lines[i]!.trim(); i++) {
        const l = lines[i]!;
        const item = /^(\s*)[-*]\s+(.*)$/.exec(l);
        if (item) flat.push({ indent: item[1]!.length, text: item[2]! });
        else if (flat.length > 0) flat[flat.length - 1]!.text += ` ${l.trim()}`;
      }
      const root: ListItem[] = [];
      const stack: { indent: number; items: ListItem[] }[] = [{ indent: -1, items: root }];
      for (const f of flat) {
        while (stack.length > 1 && f.indent <= stack[stack.length - 1]!.indent) stack.pop();
        const node: ListItem = { text: f.text, children: [] };
        stack[stack.length - 1]!.items.push(node);
        stack.push({ indent: f.indent, items: node.children });
      }
      out.push({ kind: "list", items: root });
      continue;
    }
    const para: string[] = [];
    for (; i < lines.length && lines[i]!.trim() && !/^(#{1,6}\s|```|\s*[-*]\s+|\s*\|)/.test(lines[i]!); i++) para.push(lines[i]!.trim());
    if (para.length === 0) {
      out.push({ kind: "paragraph", text: line.trim() });
      i++;
    } else out.push({ kind: "paragraph", text: para.join(" ") });
  }
  return out;
}

const SAFE_HREF = /^(https?:\/\/|#|\/(?!\/))/;

/** Inline Markdown: `code`, **bold**, [text](href). */
export function renderInline(text: string, keyPrefix = "i"): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /`([^`]+)`|\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  let k = 0;
  for (const m of text.matchAll(re)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const key = `${keyPrefix}-${k++}`;
    if (m[1] !== undefined) {
      out.push(
        <code key={key} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] text-slate-800">
          {m[1]}
        </code>,
      );
    } else if (m[2] !== undefined) {
      out.push(<strong key={key}>{renderInline(m[2], key)}</strong>);
    } else if (SAFE_HREF.test(m[4]!)) {
      out.push(
        <a key={key} href={m[4]} className="text-blue-700 hover:underline">
          {renderInline(m[3]!, key)}
        </a>,
      );
    } else {
      out.push(<span key={key}>{renderInline(m[3]!, key)}</span>);
    }
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

function List({ items, depth }: { items: ListItem[]; depth: number }) {
  return (
    <ul className={`list-disc space-y-1 pl-6 ${depth > 0 ? "mt-1" : ""}`}>
      {items.map((it, i) => (
        <li key={i}>
          {renderInline(it.text, `l${depth}-${i}`)}
          {it.children.length > 0 && <List items={it.children} depth={depth + 1} />}
        </li>
      ))}
    </ul>
  );
}

const HEADING_CLASS = [
  "",
  "text-3xl font-bold tracking-tight",
  "mt-8 text-2xl font-semibold",
  "mt-6 text-xl font-semibold",
  "mt-4 text-lg font-semibold",
];

export function Markdown({ source }: { source: string }) {
  return (
    <div className="space-y-4 leading-relaxed text-slate-800">
      {parseMarkdown(source).map((b, i) => {
        switch (b.kind) {
          case "heading": {
            const Tag = `h${Math.min(b.level, 6)}` as "h1";
            const id = slugify(b.text);
            return (
              <Tag key={i} id={id} className={`scroll-mt-4 ${HEADING_CLASS[b.level] ?? "font-semibold"}`}>
                {renderInline(b.text, `h${i}`)}
              </Tag>
            );
          }
          case "paragraph":
            return <p key={i}>{renderInline(b.text, `p${i}`)}</p>;
          case "code":
            return (
              <pre key={i} className="overflow-x-auto rounded-md bg-slate-900 p-4 text-sm leading-6 text-slate-100" data-lang={b.lang || undefined}>
                {b.text}
              </pre>
            );
          case "list":
            return <List key={i} items={b.items} depth={0} />;
          case "table":
            return (
              <div key={i} className="overflow-x-auto">
                <table className="min-w-full divide-y divide-slate-200 text-sm">
                  <thead className="bg-slate-50 text-left">
                    <tr>
                      {b.head.map((h, j) => (
                        <th key={j} className="px-2 py-1 font-semibold">
                          {renderInline(h, `t${i}h${j}`)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {b.rows.map((r, ri) => (
                      <tr key={ri}>
                        {r.map((c, j) => (
                          <td key={j} className="px-2 py-1 align-top">
                            {renderInline(c, `t${i}r${ri}c${j}`)}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            );
        }
      })}
    </div>
  );
}
