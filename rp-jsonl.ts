import { readFileSync, writeFileSync } from "node:fs";
import { buildDevSets } from "./lib/eval/dev-sets";
import { htmlToCanonical } from "./lib/text/html-to-canonical";
const [s] = await buildDevSets({ dataDir: "../shared/data", split: "val", names: ["real-pages"], maxQueries: 400 });
const lines: string[] = [];
let plainSec = 0;
for (const e of s!.examples) {
  const html = readFileSync(`../shared/data/readability-pages/${e.id}/expected.html`, "utf8");
  const doc = htmlToCanonical(html);
  if (!doc.text.length) continue;
  const heads = doc.blocks.filter((b) => b.kind === "heading").length;
  if (heads >= 2 && doc.blocks.every((b) => b.role === "main" && (b.linkDensity ?? 0) < 0.5)) plainSec++;
  lines.push(JSON.stringify({ id: e.id, query: e.query, html, evidence: [{ start: 0, end: doc.text.length }] }));
}
writeFileSync("/tmp/rp-articles.jsonl", lines.join("\n") + "\n");
console.log(lines.length, "articles;", plainSec, "plain with ≥2 headings");
