import type { CompressResponse } from "../lib/schemas/compress";

/**
 * A token-level compress response for a long page, built without a model: lets the e2e tests
 * exercise the token heatmap and the in-browser selection at 10,000+ tokens.
 */
export function syntheticResponse(opts: { words: number; seed?: number }): CompressResponse {
  let seed = opts.seed ?? 7;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const vocab = ["bridge", "opened", "span", "fog", "harbor", "cable", "tower", "the", "of", "in", "and", "city", "traffic"];
  let text = "";
  const blocks: CompressResponse["results"][number]["blocks"] = [];
  const units: NonNullable<CompressResponse["results"][number]["units"]> = [];
  const starts: number[] = [];
  const ends: number[] = [];
  const probs: number[] = [];
  let w = 0;
  while (w < opts.words) {
    if (text) text += "\n";
    const bStart = text.length;
    const heading = blocks.length % 8 === 0;
    const sentences = heading ? 1 : 4;
    for (let s = 0; s < sentences && w < opts.words; s++) {
      if (s > 0) text += " ";
      const uStart = text.length;
      const hot = rand() < 0.15;
      const len = heading ? 4 : 10 + Math.floor(rand() * 15);
      for (let i = 0; i < len && w < opts.words; i++, w++) {
        if (i > 0) text += " ";
        const word = vocab[Math.floor(rand() * vocab.length)]!;
        starts.push(text.length);
        text += word;
        ends.push(text.length);
        probs.push(Math.round((hot ? 0.5 + rand() * 0.5 : rand() * 0.4) * 1e4) / 1e4);
      }
      if (!heading) {
        starts.push(text.length);
        text += ".";
        ends.push(text.length);
        probs.push(0.1);
      }
      units.push({ start: uStart, end: text.length, block: blocks.length, score: 0, tokens: Math.ceil((text.length - uStart) / 4) });
    }
    blocks.push({
      start: bStart,
      end: text.length,
      kind: heading ? "heading" : "paragraph",
      role: blocks.length === 1 ? "navigation" : "main",
      ...(heading ? { level: 2 } : {}),
    });
  }
  const tokensIn = units.reduce((a, u) => a + u.tokens, 0);
  return {
    results: [
      {
        id: "long",
        snippet: "",
        spans: [],
        tokensIn,
        tokensOut: 0,
        text,
        title: "Synthetic long page",
        blocks,
        units,
        tokenScores: { starts, ends, probs },
      },
    ],
    tokensIn,
    tokensOut: 0,
    model: "model:synthetic",
    threshold: 0.5,
    profile: { aggregation: "mean", threshold: 0.5 },
    budget: 4000,
    aggregation: "mean",
    offsets: "utf16-canonical",
    timings: { prepareMs: 0, scoreMs: 0, selectMs: 0, totalMs: 0 },
  };
}
