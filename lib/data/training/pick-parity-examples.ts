import type { WordPieceTokenizer } from "../../tokenizer/wordpiece";
import type { SectionMode } from "../../features/compute-token-features";
import { labelExampleWindows } from "./label-example-windows";
import type { TrainingExample } from "./types";

export interface ParityExample {
  query: string;
  source: string;
  results: { doc: TrainingExample["docs"][number]["doc"]; title?: string }[];
  windows: { inputIds: number[]; features: number[] }[];
}

export interface PickParityExamplesOptions {
  examples: readonly TrainingExample[];
  tokenizer: WordPieceTokenizer;
  window: number;
  /** Section-mode features, as the windows of the model being trained. */
  sections?: SectionMode;
}

/**
 * A few small validation examples of different kinds (a page with structure and boilerplate, a multi-result set,
 * a Chinese paragraph) with the windows training built for them: the parity test rebuilds them through the serving
 * path and checks that the tokenizer and features have not drifted from what the model was trained on.
 */
export function pickParityExamples({ examples, tokenizer, window, sections = false }: PickParityExamplesOptions) {
  const size = (ex: TrainingExample) => ex.docs.reduce((n, d) => n + d.doc.text.length, 0);
  const kinds: Array<(ex: TrainingExample) => boolean> = [
    (ex) => ex.source === "real:title" && size(ex) < 20_000,
    (ex) => ex.source === "hotpot",
    (ex) => ex.source.startsWith("cmrc") && ex.docs.length >= 2,
    (ex) => ex.source.endsWith(":page") && ex.docs.some((d) => d.doc.blocks.some((b) => b.role !== "main")),
    (ex) => ex.source === "gold",
  ];
  const out: ParityExample[] = [];
  const pick = (ex: TrainingExample, windows: ReturnType<typeof labelExampleWindows>) =>
    out.push({
      query: ex.query,
      source: ex.source,
      results: ex.docs.map((d) => ({ doc: d.doc, ...(d.title ? { title: d.title } : {}) })),
      windows: windows.map((w) => ({ inputIds: Array.from(w.inputIds), features: Array.from(w.features) })),
    });
  for (const match of kinds) {
    const ex = examples.filter(match).sort((a, b) => size(a) - size(b))[0];
    if (ex) pick(ex, labelExampleWindows({ example: ex, tokenizer, maxLength: window, sections }));
  }
  // The smallest page that fills a whole window: full-length windows (positions up to the last) must be checked too.
  const pages = examples.filter((ex) => ex.source.endsWith(":page") && size(ex) > 1500).sort((a, b) => size(a) - size(b));
  for (const ex of pages.slice(0, 50)) {
    const windows = labelExampleWindows({ example: ex, tokenizer, maxLength: window, sections });
    if (windows.some((w) => w.inputIds.length === window)) {
      pick(ex, windows);
      break;
    }
  }
  return out;
}
