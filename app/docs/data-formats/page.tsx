import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Metadata } from "next";
import { Markdown } from "@/components/docs/markdown";

export const metadata: Metadata = { title: "Data formats · Snippet Lab" };
// Rendered from the repository's docs/data-formats.md (one source for the repo and the app).

export default async function DataFormatsPage() {
  const source = await readFile(path.join(process.cwd(), "docs", "data-formats.md"), "utf8");
  return (
    <article className="max-w-4xl" data-testid="data-formats-doc">
      <Markdown source={source} />
    </article>
  );
}
