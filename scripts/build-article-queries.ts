// Builds the title-guard check's JSONL (model card, "Section mode for plain documents"): each real page of a split,
// as its Readability article alone (no page chrome), with the page title as query and the whole article as evidence.
//   node --import tsx scripts/build-article-queries.ts --data ../shared/data --split val --out ARTICLES.jsonl [--with-title]
// then: npx snippet-lab eval --input ARTICLES.jsonl --methods model:snippet-lab --thresholds 0.22
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildDevSets } from "@/lib/eval/dev-sets";
import { htmlToCanonical } from "@/lib/text/html-to-canonical";

const { values } = parseArgs({
  options: {
    data: { type: "string" },
    split: { type: "string", default: "val" },
    out: { type: "string" },
    // Give the page title with the result too, as the real-page set gives the page's <title>.
    "with-title": { type: "boolean", default: false },
  },
});
if (!values.data || !values.out || (values.split !== "val" && values.split !== "report")) {
  console.error("usage: build-article-queries.ts --data DIR --split val|report --out FILE [--with-title]");
  process.exit(2);
}
const [pages] = await buildDevSets({ dataDir: values.data, split: values.split, names: ["real-pages"], maxQueries: 1000 });
const lines: string[] = [];
for (const page of pages!.examples) {
  const html = readFileSync(path.join(values.data, "readability-pages", page.id, "expected.html"), "utf8");
  const length = htmlToCanonical(html).text.length;
  if (length === 0) continue;
  const line = { id: page.id, query: page.query, html, evidence: [{ start: 0, end: length }] };
  lines.push(JSON.stringify(values["with-title"] ? { ...line, title: page.query } : line));
}
writeFileSync(values.out, `${lines.join("\n")}\n`);
console.log(`${lines.length} articles → ${values.out}`);
