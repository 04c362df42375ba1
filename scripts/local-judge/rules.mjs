// The local judge's rules (scripts/local-judge-server.mjs): content words, the stage-2 rules over a page's blocks, and
// the answers to the intents, spans and extract prompts.
import { distort } from "./faults.mjs";

const STOPWORDS = new Set(
  (
    "the and for with what how why when where which who whom whose are was were is be been being does did do can " +
    "could should would will shall may might must this that these those there their them they you your from into " +
    "about than then also not but all any some such its it's our out over under per via vs versus much many more most " +
    "long " +
    // Italian
    "che chi come dove quando perché perche per con del della delle dei degli una uno gli nel nella sul sulla " +
    "sono cosa quale quali quanto quanta più piu anche " +
    // Ukrainian
    "що як де коли чому який яка які яке для від про при між або чи та під над без це цей ця ці його її їх " +
    // Chinese
    "什么 怎么 如何 为什么 哪里 哪个 多少 是否 可以 一个 这个 那个 我们 你们 他们"
  ).split(/\s+/),
);

const wordSegmenter = new Intl.Segmenter(undefined, { granularity: "word" });
const sentenceSegmenter = new Intl.Segmenter(undefined, { granularity: "sentence" });
const HAN = /\p{Script=Han}/u;

/** Lower-cased content words: Han words of 2+ characters, other words of 3+ letters or 2+ digits, no stopwords. */
function contentWords(text) {
  const out = new Set();
  for (const { segment, isWordLike } of wordSegmenter.segment(text.normalize("NFKC").toLowerCase())) {
    if (!isWordLike || STOPWORDS.has(segment)) continue;
    const chars = [...segment].length;
    if (HAN.test(segment) ? chars >= 2 : /^\d+$/.test(segment) ? chars >= 2 : chars >= 3) out.add(segment);
  }
  return out;
}

/** Words equal, one a prefix of the other (egg/eggs) or sharing 4+ first characters (bollire/bollitura): a crude stemmer. */
function related(a, b) {
  if (a === b) return true;
  if (HAN.test(a) || HAN.test(b)) return a.includes(b) || b.includes(a);
  if (Math.min(a.length, b.length) >= 3 && (a.startsWith(b) || b.startsWith(a))) return true;
  if (a.length < 4 || b.length < 4) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i >= 4;
}

function shared(words, queryWords) {
  return [...words].filter((w) => [...queryWords].some((q) => related(w, q)));
}

const ADS =
  /\b(subscribe|subscription|sponsored|advert\w*|newsletter|buy now|promo code)\b|iscriviti|sponsorizzat|pubblicit|підпиш|реклам|广告|订阅|赞助/iu;
const COOKIE = /cookie/i;
const BYLINE = /^(by|posted|published|updated|written by|di|autore|pubblicato|aggiornato|автор|опубліковано|оновлено|作者|发布)[\s:]/iu;
const DATE =
  /\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}[./]\d{1,2}[./]\d{2,4}\b|\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2},? \d{4}\b|\b\d{1,2} (jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|gen|mag|giu|lug|ago|set|ott|dic)[a-z]* \d{4}\b|\d{4}年\d{1,2}月/iu;
const NAV_WORDS = /^(home|menu|share|next|previous|back|log ?in|sign ?in|sign ?up|search|contact|about us|skip to)\b/i;
const NAV_SEPARATORS = /\s[|›»>\/·•]\s/;

/** Stage-2 rules over one block; returns spans in document order. */
function judgeBlock(block, queryWords, intentWords, seen) {
  const trimmed = block.trim();
  if (!trimmed) return [];
  const words = contentWords(trimmed);
  const overlap = shared(words, queryWords);
  if (ADS.test(trimmed)) return [{ text: trimmed, category: "ads", rationale: "promotional wording" }];
  if (COOKIE.test(trimmed) && trimmed.length <= 300) return [{ text: trimmed, category: "ui_navigation", rationale: "cookie banner" }];
  if (trimmed.length <= 120 && (BYLINE.test(trimmed) || (DATE.test(trimmed) && trimmed.split(/\s+/).length <= 8))) {
    return [{ text: trimmed, category: "metadata", rationale: "byline or date" }];
  }
  const wordCount = trimmed.split(/\s+/).length;
  // Menus and breadcrumbs count as navigation even when they name the topic; other short unpunctuated lines only
  // when they do not (a short heading about the query is left alone).
  const menu = trimmed.length <= 120 && (NAV_SEPARATORS.test(trimmed) || NAV_WORDS.test(trimmed));
  const linkLike = trimmed.length <= 40 && wordCount <= 5 && !/[.!?。！？:]$/.test(trimmed) && overlap.length === 0;
  if (menu || linkLike) return [{ text: trimmed, category: "ui_navigation", rationale: menu ? "menu or breadcrumb" : "short link-like line" }];
  const spans = [];
  for (const { segment } of sentenceSegmenter.segment(block)) {
    const sentence = segment.trim();
    if (!sentence) continue;
    const repeated = seen.has(sentence);
    seen.add(sentence);
    if (repeated && sentence.length >= 20) {
      spans.push({ text: sentence, category: "duplicate", rationale: "repeats an earlier sentence" });
      continue;
    }
    const hits = shared(contentWords(sentence), queryWords);
    if (hits.length > 0) {
      const span = { text: sentence, category: "vital", rationale: `shares ${hits.slice(0, 4).join(", ")} with the query` };
      let best = 0;
      let bestScore = 0;
      intentWords.forEach((iw, i) => {
        const score = shared(contentWords(sentence), iw).length;
        if (score > bestScore) [best, bestScore] = [i + 1, score];
      });
      if (best > 0) span.intent = best;
      spans.push(span);
    } else if (sentence.length >= 60) {
      spans.push({ text: sentence, category: "off_topic", rationale: "no query words" });
    }
  }
  return spans;
}

function between(text, open, close) {
  const a = text.indexOf(open);
  if (a < 0) return null;
  const b = text.indexOf(close, a + open.length);
  return b < 0 ? null : text.slice(a + open.length, b);
}

/** "[n] text" lines → block texts (a line without a marker continues the previous block). */
function parseBlocks(documentSection) {
  const blocks = [];
  for (const line of documentSection.replace(/^\n|\n$/g, "").split("\n")) {
    const m = line.match(/^\[(\d+)\] ?(.*)$/s);
    if (m) blocks.push(m[2]);
    else if (blocks.length > 0) blocks[blocks.length - 1] += `\n${line}`;
  }
  return blocks;
}

function splitIntents(query) {
  const parts = query
    .split(/\s*(?:[,;?？，；]|\s(?:and|or|vs\.?|versus|e|ed|o|oppure|і|й|та|або|чи|и)\s)\s*/iu)
    .map((p) => p.trim())
    .filter((p) => contentWords(p).size > 0);
  return parts.length > 0 ? parts : [query.trim()];
}

export function stageOne(userText) {
  const query = (between(userText, "<query>\n", "\n</query>") ?? userText).trim();
  return { intents: splitIntents(query) };
}

export function stageTwo(userText, flags) {
  const query = (between(userText, "<query>\n", "\n</query>") ?? "").trim();
  const intents = (between(userText, "<intents>\n", "\n</intents>") ?? "")
    .split("\n")
    .map((l) => l.replace(/^\d+\.\s*/, "").trim())
    .filter(Boolean);
  const blocks = parseBlocks(between(userText, "<document>\n", "\n</document>") ?? "");
  const queryWords = contentWords([query, ...intents].join(" "));
  const intentWords = intents.map((i) => contentWords(i));
  const seen = new Set();
  const spans = blocks.flatMap((b) => judgeBlock(b, queryWords, intentWords, seen));
  for (const s of spans) s.text = distort(s.text, flags);
  // The one-stage variant has no intents: its spans name none.
  if (intents.length === 0) for (const s of spans) delete s.intent;
  if (flags.has("phantom")) spans.push({ text: "This sentence was invented by the judge.", category: "off_topic", rationale: "phantom" });
  return { spans };
}

/** llm-extract: the vital sentences, verbatim (unless a fault flag says otherwise), in document order. */
export function extract(userText, flags) {
  const query = (between(userText, "<question>\n", "\n</question>") ?? "").trim();
  const blocks = parseBlocks(between(userText, "<document>\n", "\n</document>") ?? "");
  const queryWords = contentWords(query);
  const seen = new Set();
  const extracts = blocks
    .flatMap((b) => judgeBlock(b, queryWords, [], seen))
    .filter((s) => s.category === "vital")
    .map((s) => distort(s.text, flags));
  if (flags.has("phantom")) extracts.push("This sentence was invented by the extractor.");
  return { extracts };
}
