import { closeSync, openSync, rmSync, statSync, writeSync } from "node:fs";
import path from "node:path";
import { createRng } from "../../lib/data/synthesize-page";
import { LANGS, type Lang, POOLS } from "./word-pools";

// The synthetic JSONL file bench-import imports: English, Italian, Ukrainian and Chinese documents as text, HTML and
// result sets, with evidence as offsets and as quotes.

export type GeneratedFileStats = { records: number; documents: number; evidence: number; htmlDocuments: number; paragraphsPerDocument: number };

type Doc = { title: string; paragraphs: string[][]; evidence: { paragraph: number; sentence: number }; lang: Lang };

function makeDoc(next: () => number, lang: Lang, paragraphs: number, tag: string): Doc {
  const p = POOLS[lang];
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  const sentence = () => {
    const words = [pick(p.subjects), pick(p.verbs), pick(p.objects), pick(p.tails)];
    // A number makes sentences (and so evidence quotes) rarely repeat within a document.
    return `${words.join(p.sep)}${p.sep}${tag}-${Math.floor(next() * 1e6)}${p.end}`;
  };
  const paras = Array.from({ length: paragraphs }, () => Array.from({ length: 3 + Math.floor(next() * 4) }, sentence));
  const evidenceParagraph = Math.floor(next() * paras.length);
  return {
    title: pick(p.titles),
    paragraphs: paras,
    evidence: { paragraph: evidenceParagraph, sentence: Math.floor(next() * paras[evidenceParagraph]!.length) },
    lang,
  };
}

/** Markdown-ish text (heading, paragraphs, one bullet list) and the raw UTF-16 offsets of the evidence sentence. */
function docToText(d: Doc): { text: string; start: number; end: number } {
  const sep = POOLS[d.lang].sep || "";
  let text = `# ${d.title}\n\n`;
  let start = -1;
  let end = -1;
  d.paragraphs.forEach((para, i) => {
    if (i > 0) text += "\n\n";
    // Every third paragraph is a bullet list: the importer must map offsets past dropped "- " markers.
    const asList = i % 3 === 2;
    para.forEach((s, j) => {
      if (j > 0) text += asList ? "\n" : sep || "";
      if (asList) text += "- ";
      if (i === d.evidence.paragraph && j === d.evidence.sentence) start = text.length;
      text += s;
      if (i === d.evidence.paragraph && j === d.evidence.sentence) end = text.length;
    });
  });
  return { text, start, end };
}

/** A page with boilerplate around the article; evidence is given as a quote (HTML offsets are canonical-only). */
function docToHtml(d: Doc): { html: string; quote: string } {
  const body = d.paragraphs.map((p) => `<p>${p.join(POOLS[d.lang].sep)}</p>`).join("\n");
  const html =
    `<!doctype html><html lang="${d.lang}"><head><meta charset="utf-8"><title>${d.title}</title><style>p{margin:0}</style></head>` +
    `<body><nav><a href="/">Home</a> <a href="/visit">Visit</a></nav><main><article><h1>${d.title}</h1>\n${body}\n</article></main>` +
    `<footer>© Example</footer><script>void 0</script></body></html>`;
  return { html, quote: d.paragraphs[d.evidence.paragraph]![d.evidence.sentence]! };
}

function queryFor(next: () => number, d: Doc): string {
  const p = POOLS[d.lang];
  const subject = d.paragraphs[d.evidence.paragraph]![d.evidence.sentence]!;
  const head = p.subjects.find((s) => subject.startsWith(s)) ?? p.subjects[0]!;
  const q = p.questions[Math.floor(next() * p.questions.length)]!;
  return d.lang === "zh" ? `${head}${q}？` : `${q} ${head.charAt(0).toLowerCase()}${head.slice(1)}?`;
}

export type GenerateJsonlOptions = { path: string; pairs: number; seed: number; paragraphsPerDocument: number };

/**
 * Writes the synthetic JSONL file line by line (never the whole file in memory, so generation does not inflate the
 * peak RSS being measured). Record mix per 10: 6 text, 2 HTML, 2 result sets (text + HTML, evidence in both).
 */
export function generateJsonl({ path: file, pairs, seed, paragraphsPerDocument }: GenerateJsonlOptions): GeneratedFileStats {
  const next = createRng(seed);
  const fd = openSync(file, "w");
  const stats: GeneratedFileStats = { records: 0, documents: 0, evidence: 0, htmlDocuments: 0, paragraphsPerDocument };
  const paragraphs = () => Math.max(1, paragraphsPerDocument + Math.floor(next() * 3) - 1);
  try {
    let buffer = "";
    for (let i = 0; i < pairs; i++) {
      const lang = LANGS[i % LANGS.length]!;
      const kind = i % 10;
      const id = `bench-${seed}-${i}`;
      let record: Record<string, unknown>;
      if (kind < 6) {
        const d = makeDoc(next, lang, paragraphs(), `t${i}`);
        const { text, start, end } = docToText(d);
        record = {
          id,
          query: queryFor(next, d),
          title: d.title,
          url: `https://example.org/${lang}/${i}`,
          text,
          evidence: [{ start, end }],
          group: `g${i % 97}`,
        };
        stats.documents += 1;
        stats.evidence += 1;
      } else if (kind < 8) {
        const d = makeDoc(next, lang, paragraphs(), `h${i}`);
        const { html, quote } = docToHtml(d);
        record = { id, query: queryFor(next, d), url: `https://example.org/${lang}/${i}.html`, html, evidence: [{ text: quote }] };
        stats.documents += 1;
        stats.htmlDocuments += 1;
        stats.evidence += 1;
      } else {
        const a = makeDoc(next, lang, paragraphs(), `a${i}`);
        const b = makeDoc(next, LANGS[(i + 1) % LANGS.length]!, paragraphs(), `b${i}`);
        const { html, quote } = docToHtml(a);
        const t = docToText(b);
        record = {
          id,
          query: queryFor(next, a),
          results: [
            { id: "page", url: `https://example.org/${lang}/${i}/page.html`, html, evidence: [{ text: quote }] },
            { id: "note", title: b.title, text: t.text, evidence: [{ start: t.start, end: t.end }] },
          ],
        };
        stats.documents += 2;
        stats.htmlDocuments += 1;
        stats.evidence += 2;
      }
      buffer += JSON.stringify(record) + "\n";
      stats.records += 1;
      if (buffer.length > 1 << 20) {
        writeSync(fd, buffer);
        buffer = "";
      }
    }
    writeSync(fd, buffer);
  } finally {
    closeSync(fd);
  }
  return stats;
}

/** Paragraphs per document so that `pairs` records come to about `targetBytes`: two samples give a linear fit. */
export function paragraphsForSize({ dir, pairs, seed, targetBytes }: { dir: string; pairs: number; seed: number; targetBytes: number }): number {
  const sampleRecords = Math.min(pairs, 200);
  const perRecord = (paragraphsPerDocument: number) => {
    const sample = path.join(dir, "sample.jsonl");
    generateJsonl({ path: sample, pairs: sampleRecords, seed, paragraphsPerDocument });
    const size = statSync(sample).size / sampleRecords;
    rmSync(sample);
    return size;
  };
  // A record is a fixed part (ids, query, page boilerplate) plus a per-paragraph part; scaling by paragraphs alone
  // would undershoot large targets.
  const [lo, hi] = [2, 8];
  const sLo = perRecord(lo);
  const perParagraph = (perRecord(hi) - sLo) / (hi - lo);
  const fixed = sLo - lo * perParagraph;
  return Math.max(1, Math.round((targetBytes / pairs - fixed) / perParagraph));
}
