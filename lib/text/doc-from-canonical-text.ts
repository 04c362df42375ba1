import type { CanonicalDoc } from "./types";

/** Canonical text is blocks joined by "\n": rebuild the blocks to segment it like the engine does. */
export function docFromCanonicalText(text: string): CanonicalDoc {
  const blocks: CanonicalDoc["blocks"] = [];
  let start = 0;
  for (const line of text.split("\n")) {
    if (line.trim().length > 0) blocks.push({ start, end: start + line.length, kind: "paragraph", role: "main" });
    start += line.length + 1;
  }
  return { text, blocks };
}
