import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { WordPieceTokenizer } from "@/lib/tokenizer/wordpiece";
import { wordPieceOptions } from "@/lib/model/model-config";
import { defaultModelName, readModelConfig } from "../model/list-models";

const cache = new Map<string, WordPieceTokenizer>();

/** The WordPiece tokenizer of a model (default: the default model), without loading its ONNX session. */
export function loadExportTokenizer({ model }: { model?: string } = {}): { name: string; tokenizer: WordPieceTokenizer } {
  const name = model ?? defaultModelName();
  let tokenizer = cache.get(name);
  if (!tokenizer) {
    const { dir, config } = readModelConfig(name);
    // The model's own options: token offsets and keep labels must be the tokens the model reads.
    tokenizer = WordPieceTokenizer.fromVocabText(
      readFileSync(path.join(dir, config.reader.files.vocab), "utf8"),
      wordPieceOptions(config.reader.tokenizer),
    );
    cache.set(name, tokenizer);
  }
  return { name, tokenizer };
}
