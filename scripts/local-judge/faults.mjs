// The local judge's failure modes (scripts/local-judge-server.mjs): the flags, which of them a request switches on, and
// the ways a quote is copied wrong.

export const KNOWN_FLAGS = new Set([
  "malformed",
  "flaky",
  "slow",
  "slow-once",
  "error",
  "error-once",
  "rate-limit",
  "no-json-mode",
  "no-json-schema",
  "fuzzy",
  "punct",
  "one-word",
  "paraphrase",
  "prose",
  "phantom",
  "change-number",
  "drop-not",
  "mixed",
]);

function alter(text) {
  const swap = { '"': "\u201c", "\u201c": '"', "\u201d": '"', "'": "\u2019", "\u2019": "'", "\u2014": "-", "\u2013": "-", "\u2026": "..." };
  return text.replace(/\s+/g, "  ").replace(/["\u201c\u201d'\u2019\u2014\u2013\u2026]/g, (c) => swap[c] ?? c);
}

/** Commas, colons and semicolons dropped: only the regex step (words in order) finds it. */
const dropPunctuation = (text) => text.replace(/[,;:]/g, "");

const SYNONYMS = {
  boil: "cook",
  boiled: "cooked",
  eggs: "egg",
  minutes: "mins",
  water: "liquid",
  cold: "chilly",
  take: "need",
  about: "around",
  opens: "starts",
  open: "start",
  museum: "gallery",
  costs: "is",
  tickets: "passes",
  under: "beneath",
  hot: "warm",
  long: "lengthy",
};

/** One word of six or more changed (a synonym, else a letter dropped): the fuzzy step finds it. */
function changeOneWord(text) {
  const words = text.split(/(\s+)/);
  const real = words.filter((w) => /\p{L}{4,}/u.test(w));
  if (real.length < 6) return text;
  const target = real[Math.min(2, real.length - 1)];
  const bare = target.replace(/[^\p{L}]/gu, "");
  const replacement = SYNONYMS[bare.toLowerCase()] ?? bare.slice(0, -1);
  const i = words.indexOf(target);
  words[i] = target.replace(bare, replacement);
  return words.join("");
}

/** Reworded and reordered: the second half first, articles dropped, a lead-in added. No step should match it. */
function paraphrase(text) {
  const words = text
    .replace(/[.!?。！？]+$/u, "")
    .split(/\s+/)
    .filter((w) => !/^(the|a|an|il|la|lo)$/i.test(w))
    .map((w) => SYNONYMS[w.toLowerCase()] ?? w);
  const half = Math.ceil(words.length / 2);
  return `In short, ${[...words.slice(half), ...words.slice(0, half)].join(" ").toLowerCase()}.`;
}

/** The first number changed (9 → 12): what a careless compressor does, and the fidelity check catches. */
const changeNumber = (text) => text.replace(/\d+/, (d) => String(Number(d) + 3));
/** The first negation dropped ("is not open" → "is open"). */
const dropNot = (text) =>
  text
    .replace(/\s+(not|never|no)\b/i, "")
    .replace(/n't\b/, "")
    .replace(/\s+non\b/i, "")
    .replace(/\s+не\b/i, "");

/** A stable number in [0, 1) from a string (FNV-1a), for the mixed mode's per-quote draw. */
function draw(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h / 2 ** 32;
}

/** The mixed mode's fault for one quote: about 88% none. */
function mixedFault(text) {
  const x = draw(text);
  if (x < 0.88) return null;
  if (x < 0.92) return "fuzzy";
  if (x < 0.94) return "punct";
  if (x < 0.96) return "one-word";
  if (x < 0.98) return "paraphrase";
  return "absent";
}

/** A quote as a model with these faults would copy it. */
export function distort(text, flags) {
  let out = text;
  if (flags.has("fuzzy")) out = alter(out);
  if (flags.has("punct")) out = dropPunctuation(out);
  if (flags.has("one-word")) out = changeOneWord(out);
  if (flags.has("paraphrase")) out = paraphrase(out);
  if (flags.has("change-number")) out = changeNumber(out);
  if (flags.has("drop-not")) out = dropNot(out);
  if (flags.has("mixed")) {
    const fault = mixedFault(text);
    if (fault === "fuzzy") out = alter(out);
    else if (fault === "punct") out = dropPunctuation(out);
    else if (fault === "one-word") out = changeOneWord(out);
    else if (fault === "paraphrase") out = paraphrase(out);
    else if (fault === "absent") out = `The page also says this about ${text.split(/\s+/).slice(0, 3).join(" ")} although it does not.`;
  }
  return out;
}

/** The flags of a request: the server's, words of the model name, and "[[judge:…]]" markers in the messages. */
export function flagsOf(model, messages, base) {
  const flags = new Set(base);
  for (const w of String(model)
    .toLowerCase()
    .split(/[+,:/\s]+/))
    if (KNOWN_FLAGS.has(w)) flags.add(w);
  for (const m of messages) {
    for (const hit of String(m.content ?? "").matchAll(/\[\[judge:([a-z0-9+,-]+)\]\]/gi)) {
      for (const w of hit[1].toLowerCase().split(/[+,]/)) if (KNOWN_FLAGS.has(w)) flags.add(w);
    }
  }
  return flags;
}
