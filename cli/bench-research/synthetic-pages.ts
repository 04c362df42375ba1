// Synthetic pages for bench-research: navigation, an article of paragraphs (one of them vital), a footer, with the
// span of each part by category, drawn from a seeded generator (the same pages every run).

export const WORDS =
  "museum bridge harbour station garden library tower market river square opens closes tickets visitors summer winter evening morning guided tours children adults free entry weekend holiday exhibition collection history painting".split(
    " ",
  );
export const NAV = [
  "Home | News | Sport | Weather | Contact",
  "Sign in · Subscribe · Newsletter",
  "Cookies help us deliver our services. Accept all",
  "Share on social media · Print · Email",
];

export type PageCategory = "vital" | "off_topic" | "ui_navigation" | "metadata";
export type SyntheticPage = { text: string; spans: { start: number; end: number; category: PageCategory }[] };

function sentence(r: () => number, n: number): string {
  const words = Array.from({ length: n }, () => WORDS[Math.floor(r() * WORDS.length)]!);
  words[0] = words[0]!.charAt(0).toUpperCase() + words[0]!.slice(1);
  return `${words.join(" ")}.`;
}

/** One synthetic page: navigation, an article of paragraphs, a footer; the spans of each part by category. */
export function syntheticPage(r: () => number): SyntheticPage {
  const parts: { text: string; category: PageCategory }[] = [
    { text: NAV[Math.floor(r() * NAV.length)]!, category: "ui_navigation" },
    { text: `Published 4 May 2024 by the ${WORDS[Math.floor(r() * WORDS.length)]} desk`, category: "metadata" },
  ];
  const paragraphs = 3 + Math.floor(r() * 4);
  const vital = Math.floor(r() * paragraphs);
  for (let p = 0; p < paragraphs; p++) {
    parts.push({
      text: Array.from({ length: 2 + Math.floor(r() * 3) }, () => sentence(r, 8 + Math.floor(r() * 10))).join(" "),
      category: p === vital ? "vital" : "off_topic",
    });
  }
  parts.push({ text: NAV[Math.floor(r() * NAV.length)]!, category: "ui_navigation" });
  let text = "";
  const spans: SyntheticPage["spans"] = [];
  for (const part of parts) {
    if (text) text += "\n";
    spans.push({ start: text.length, end: text.length + part.text.length, category: part.category });
    text += part.text;
  }
  return { text, spans };
}

/** The vocabulary of every synthetic page, for a WordPiece tokenizer that splits them as the model's would. */
export function syntheticVocabulary(): string[] {
  const words = NAV.join(" ")
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  return [...new Set(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", ".", "|", "·", ...WORDS, ...words])].filter(Boolean);
}
