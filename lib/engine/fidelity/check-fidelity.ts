// The fidelity check (docs/judge.md#fidelity-check): does a method's output say what the source says? Pure and
// client-safe; run on every method's output by `snippet-lab eval`, the compress API, the inspector and the research
// views.

export const FIDELITY_KINDS = ["number", "date", "name", "negation", "absent"] as const;
export type FidelityKind = (typeof FIDELITY_KINDS)[number];

export type FidelityViolation = {
  resultId: string;
  kind: FidelityKind;
  message: string;
  /** Where the output was matched in the source (absent when it could not be located). */
  start?: number;
  end?: number;
  /** The output's text (what the method returned), shortened. */
  output?: string;
};

/** One piece of a method's output: the text it returned and, when located, where in the source it stands. */
export type FidelityPiece = {
  resultId: string;
  /** What the method returned: a kept span's text, or an LLM's extract as it wrote it. */
  output: string;
  /** The source range it stands for (end-exclusive UTF-16 offsets); absent: it could not be located. */
  start?: number;
  end?: number;
};

export type FidelityReport = { checked: number; violations: FidelityViolation[] };

const MONTHS =
  "january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec " +
  "gennaio febbraio marzo aprile maggio giugno luglio agosto settembre ottobre novembre dicembre " +
  "січня лютого березня квітня травня червня липня серпня вересня жовтня листопада грудня " +
  "січень лютий березень квітень травень червень липень серпень вересень жовтень листопад грудень";
const WEEKDAYS =
  "monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays fridays saturdays sundays " +
  "lunedì martedì mercoledì giovedì venerdì sabato domenica понеділок вівторок середа четвер пʼятниця п'ятниця субота неділя";
const DATE_WORDS = new Set(`${MONTHS} ${WEEKDAYS}`.split(/\s+/));

/** Words that negate (English, Italian, Ukrainian); `n't` contractions count too. Han negators are single characters. */
const NEGATIONS = new Set(
  (
    "not no never none nobody nothing nowhere neither nor without cannot " +
    "non mai nessuno nessuna niente nulla senza né " +
    "не ні ніколи ніхто ніщо ніде без жоден жодна жодного немає нема"
  ).split(/\s+/),
);
const HAN_NEGATION = /[不没沒无無非别未]/gu;

/** Words (apostrophes kept inside); each Han character is a word of its own (no spaces between them). */
const WORD = /\p{Script=Han}|(?:(?!\p{Script=Han})[\p{L}\p{M}\p{N}'’ʼ])+/gu;
const NUMBER = /\p{N}+(?:[.,:/]\p{N}+)*/gu;

type Facts = Record<Exclude<FidelityKind, "absent">, string[]>;

/** Lower-cased word tokens (apostrophes kept inside words). */
function words(text: string): string[] {
  return (text.normalize("NFKC").match(WORD) ?? []).map((w) => w.toLowerCase().replace(/[’ʼ]/g, "'"));
}

function isNegation(word: string): boolean {
  return NEGATIONS.has(word) || /n't$/.test(word);
}

/** Capitalized words that do not start a sentence (or the text): a heuristic for proper names. */
function names(text: string): string[] {
  const out: string[] = [];
  const re = /[\p{L}\p{M}'’ʼ]+/gu;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const w = m[0];
    if (!/^\p{Lu}/u.test(w) || w.length < 2) continue;
    const before = text.slice(Math.max(0, m.index - 4), m.index);
    // Sentence or text start: nothing before, or an end mark / newline / opening quote with spaces.
    if (m.index === 0 || /(^|[.!?…:;\n]["'«“]?\s*|\n\s*)$/u.test(before) || /^\s*$/.test(text.slice(0, m.index))) continue;
    if (DATE_WORDS.has(w.toLowerCase())) continue; // months and weekdays are checked as dates
    out.push(w);
  }
  return out;
}

function factsOf(text: string): Facts {
  const ws = words(text);
  const negation = ws.filter(isNegation);
  for (const m of text.matchAll(HAN_NEGATION)) negation.push(m[0]);
  return {
    number: text.normalize("NFKC").match(NUMBER) ?? [],
    date: ws.filter((w) => DATE_WORDS.has(w)),
    name: names(text.normalize("NFC")),
    negation,
  };
}

/** Items of `a` not matched one-for-one in `b`. */
function minus(a: readonly string[], b: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const x of b) counts.set(x, (counts.get(x) ?? 0) + 1);
  const out: string[] = [];
  for (const x of a) {
    const n = counts.get(x) ?? 0;
    if (n > 0) counts.set(x, n - 1);
    else out.push(x);
  }
  return out;
}

const quoteList = (xs: readonly string[]) => xs.map((x) => `"${x}"`).join(", ");
const short = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

const KIND_WORDS: Record<Exclude<FidelityKind, "absent">, [string, string]> = {
  number: ["number", "numbers"],
  date: ["date word", "date words"],
  name: ["name", "names"],
  negation: ["negation", "negations"],
};

/** What differs between an output and the source text it stands for. */
function compare(piece: FidelityPiece & { start: number; end: number }, source: string): FidelityViolation[] {
  const out: FidelityViolation[] = [];
  const where = { resultId: piece.resultId, start: piece.start, end: piece.end, output: short(piece.output) };
  if (piece.output === source) return out;
  const a = factsOf(source);
  const b = factsOf(piece.output);
  const explained: string[] = [];
  for (const kind of ["number", "date", "name", "negation"] as const) {
    const dropped = minus(a[kind], b[kind]);
    const added = minus(b[kind], a[kind]);
    if (dropped.length === 0 && added.length === 0) continue;
    explained.push(...added.map((x) => x.toLowerCase()));
    const [one, many] = KIND_WORDS[kind];
    let message: string;
    if (dropped.length > 0 && added.length > 0) message = `${many}: the source says ${quoteList(dropped)}, the output ${quoteList(added)}`;
    else if (dropped.length > 0) message = `${dropped.length === 1 ? one : many} ${quoteList(dropped)} of the source missing from the output`;
    else message = `${added.length === 1 ? one : many} ${quoteList(added)} in the output but not in the source`;
    out.push({ ...where, kind, message });
  }
  // Anything else the output says that the source does not (a changed word), beyond the facts already reported.
  const extra = minus(minus(words(piece.output), words(source)), explained.flatMap(words));
  if (extra.length > 0) out.push({ ...where, kind: "absent", message: `${quoteList(extra.slice(0, 8))} not in the source` });
  return out;
}

/** Negations and numbers the span boundaries cut off: "not" just before the kept text, a number split in two. */
function boundary(piece: FidelityPiece & { start: number; end: number }, text: string): FidelityViolation[] {
  const out: FidelityViolation[] = [];
  const where = { resultId: piece.resultId, start: piece.start, end: piece.end, output: short(piece.output) };
  // The same sentence's last three words before the span.
  const before = text.slice(Math.max(0, piece.start - 80), piece.start);
  const sentence = before.split(/[.!?…。！？\n]/u).pop() ?? "";
  const lastWords = words(sentence).slice(-3);
  const cut = lastWords.filter(isNegation);
  const han = sentence.slice(-2).match(HAN_NEGATION) ?? [];
  if (cut.length + han.length > 0) {
    out.push({ ...where, kind: "negation", message: `negation ${quoteList([...cut, ...han])} right before the kept text is cut off` });
  }
  const digit = /\p{N}/u;
  if (
    (digit.test(text[piece.start - 1] ?? "") && digit.test(text[piece.start] ?? "")) ||
    (digit.test(text[piece.end - 1] ?? "") && digit.test(text[piece.end] ?? ""))
  ) {
    out.push({ ...where, kind: "number", message: "a number is cut at the kept text's edge" });
  }
  return out;
}

/**
 * The fidelity check of a method's output against the source texts (`texts`: result id → canonical text):
 * - every number, date word (months, weekdays), proper name (a capitalized word inside a sentence) and negation of
 *   the source text an output piece stands for appears identically in the output, and the output adds none;
 * - nothing in the output is absent from the source: words the source lacks, and pieces that could not be located;
 * - near the kept text: a negation among the three words before a piece (same sentence) or a number split by its
 *   edge is reported, since cutting it changes what the kept text says.
 * Extractive methods return source slices, so only the last rule can fire for them; LLM methods are checked on what
 * the model wrote (before matching), which is where changed numbers and dropped negations show up.
 */
export function checkFidelity({ texts, pieces }: { texts: ReadonlyMap<string, string>; pieces: readonly FidelityPiece[] }): FidelityReport {
  const violations: FidelityViolation[] = [];
  for (const piece of pieces) {
    const text = texts.get(piece.resultId);
    if (piece.start === undefined || piece.end === undefined || text === undefined) {
      violations.push({
        resultId: piece.resultId,
        kind: "absent",
        message: "not found in the source (the output was not located)",
        output: short(piece.output),
      });
      continue;
    }
    const located = { ...piece, start: piece.start, end: piece.end };
    violations.push(...compare(located, text.slice(piece.start, piece.end)), ...boundary(located, text));
  }
  return { checked: pieces.length, violations };
}

/** Violations per kind. */
export function countViolations(violations: readonly Pick<FidelityViolation, "kind">[]): Record<FidelityKind, number> {
  const out = Object.fromEntries(FIDELITY_KINDS.map((k) => [k, 0])) as Record<FidelityKind, number>;
  for (const v of violations) out[v.kind]++;
  return out;
}
