// What the soak (scripts/soak.mjs) writes: generated pairs (JSONL import records), the spans annotators and reviewers
// save, and the compress request bodies. Pure and deterministic (a seed), so tests/soak.test.ts checks it without a
// server.

const PLACES = ["Harbour", "Northgate", "Riverside", "Old Town", "Hillcrest", "Eastbank", "Millbrook", "Seaview", "Oakfield", "Westport"];
const THINGS = ["bridge", "library", "museum", "station", "tower", "market hall", "ferry pier", "observatory", "aqueduct", "theatre"];
const BUILDERS = ["the city council", "a steel company", "a private trust", "the railway board", "local engineers", "a shipping firm"];
const FILLER = [
  "Visitors often remark on the colour of the stone, which changes with the light of the afternoon.",
  "The surrounding parkland offers trails, viewpoints and benches that fill up on summer weekends.",
  "Traffic counts have varied over the decades with tolls, transit service and changing commute patterns.",
  "Local historians describe the period as one of rapid growth for the whole region.",
  "Parking near the entrance fills early, so most guides suggest arriving by tram.",
  "A small café on the ground floor serves soup, sandwiches and a famous apple cake.",
  "Guided tours run twice a day and last about forty minutes.",
  "The annual festival brings music, food stalls and fireworks to the square outside.",
  "Subscribe to our newsletter for weekly updates on events and exhibitions.",
  "Photographs from the opening ceremony hang in the entrance hall.",
  "Maintenance crews repaint the railings every few years to protect them from the salt air.",
  "Several films have used the building as a backdrop for chase scenes.",
];

/** A small seeded PRNG (mulberry32): the same seed gives the same corpus. */
export function createRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (rand, list) => list[Math.floor(rand() * list.length)];

/**
 * `count` JSONL records (result-set form, docs/data-formats.md) numbered from `first`: a query and three short pages,
 * the first holding the answer. External ids are `<prefix>-<n>`, so importing a batch twice adds nothing.
 */
export function makePairRecords({ prefix, first, count, seed }) {
  const records = [];
  for (let n = first; n < first + count; n++) {
    const rand = createRandom(seed * 100_003 + n);
    const place = `${pick(rand, PLACES)} ${n}`;
    const thing = pick(rand, THINGS);
    const year = 1850 + Math.floor(rand() * 160);
    const builder = pick(rand, BUILDERS);
    const answer = `The ${thing} of ${place} opened in ${year} and was built by ${builder}.`;
    const page = (i, lead) => {
      const sentences = [...lead];
      while (sentences.length < 6) sentences.push(pick(rand, FILLER));
      return { id: `p${i}`, title: `${place} ${thing} (${i + 1})`, text: sentences.join(" ") };
    };
    const results = [
      {
        ...page(0, [`The ${thing} of ${place} is one of the best known sights of the district.`, answer]),
        evidence: [{ text: answer }],
      },
      page(1, [`Opening hours of the ${thing} change with the season.`]),
      page(2, [`Tickets for the ${thing} can be bought online or at the door.`]),
    ];
    records.push({ id: `${prefix}-${n}`, query: `When did the ${thing} of ${place} open and who built it?`, results });
  }
  return records;
}

/** The records as a JSONL file body. */
export function toJsonl(records) {
  return records.map((r) => JSON.stringify(r)).join("\n") + "\n";
}

/** The sentences of a canonical text as end-exclusive UTF-16 ranges: whole words at both edges, no surrounding space. */
export function findSentences(text) {
  const out = [];
  for (const m of text.matchAll(/[^.!?\n]+[.!?]+/g)) {
    const lead = m[0].length - m[0].trimStart().length;
    const start = m.index + lead;
    const end = m.index + m[0].length;
    if (end - start >= 8) out.push({ start, end, text: text.slice(start, end) });
  }
  return out;
}

const CATEGORIES = ["vital", "off_topic", "ads", "metadata", "ui_navigation", "duplicate"];

/** Every sentence of a pair's documents (`[{id, text}]`, canonical text) with its document id, in document order. */
export function pairSentences(documents) {
  return documents.flatMap((d) => findSentences(d.text).map((s) => ({ documentId: d.id, ...s })));
}

/**
 * The spans an annotator holds after `step` saves (1, 2 or 3) of a pair: one more sentence per save, and on the third
 * save the second span changes category. `slot` (0 or 1, the annotator's place among the pair's two) picks different
 * sentences for the two annotators. Stored spans keep their ids (`ids`: "documentId:start:end" → server id).
 */
export function annotatorSpans({ sentences, slot, step, ids = new Map() }) {
  if (sentences.length === 0) return [];
  const chosen = [];
  for (let k = 0; k < Math.min(step, 3); k++) {
    const s = sentences[(slot * 3 + k * 2) % sentences.length];
    if (chosen.some((c) => c.documentId === s.documentId && c.start === s.start)) continue;
    let category = k === 0 ? "vital" : CATEGORIES[(slot + k) % CATEGORIES.length];
    if (step >= 3 && k === 1) category = category === "vital" ? "off_topic" : "vital";
    chosen.push({ documentId: s.documentId, start: s.start, end: s.end, text: s.text, category });
  }
  return chosen.map((s) => {
    const id = ids.get(spanKey(s));
    return id ? { id, ...s } : s;
  });
}

/** "documentId:start:end" of a span. */
export function spanKey(s) {
  return `${s.documentId}:${s.start}:${s.end}`;
}

/** Whether two span lists hold the same spans (document, offsets and category; ids and order ignored). */
export function sameSpans(a, b) {
  const key = (s) => `${spanKey(s)}:${s.category}`;
  const left = a.map(key).sort();
  const right = b.map(key).sort();
  return left.length === right.length && left.every((k, i) => k === right[i]);
}

/** Gold from an annotation's stored spans: the same places and categories, as new gold spans (no ids). */
export function goldFromAnnotation(spans) {
  return spans.map(({ documentId, start, end, text, category }) => ({ documentId, start, end, text, category }));
}

/** `count` compress request bodies (JSON strings): a query and three short pages each. */
export function compressBodies({ count, seed }) {
  return makePairRecords({ prefix: "compress", first: 0, count, seed }).map((r) =>
    JSON.stringify({ query: r.query, results: r.results.map(({ id, title, text }) => ({ id, title, text })), preset: "low" }),
  );
}
