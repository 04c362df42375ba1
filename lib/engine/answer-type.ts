// Client-safe and pure. One feature of the search-query reranker (search-rerank.ts); alone, blended into the unit
// scores, it did not earn a place (models/snippet-lab/MODEL_CARD.md, "Answer-sentence probes").

/**
 * What kind of answer a question asks for, read off its wording: a date (when, what year), a number (how many, how
 * much), a person (who) or a place (where). Questions that ask for something else (what, why, how) have no type.
 * The words are those of the languages the project reads: English, Italian, French, German, Spanish, Ukrainian,
 * Russian and Chinese (both scripts).
 */
export type AnswerType = "date" | "number" | "person" | "place";

// Order matters: "what year" is a date before "what" is anything; "how many years" is a number.
const QUESTION_PATTERNS: ReadonlyArray<readonly [AnswerType, RegExp]> = [
  [
    "number",
    /\b(how (many|much|old|long|far|big|large|tall|high|deep|wide|often|fast|heavy)|what (percentage|percent|proportion|number|amount|fraction)|quant[aieo]|combien|wie (viele?|alt|lang|hoch|weit|gro[ßs])|cu[aá]nt[ao]s?)\b|(^|[^\p{L}])(скільки|сколько)([^\p{L}]|$)|多少|几|幾|多大|多长|多長|多高|多久|多远|多遠|多重|百分之几/iu,
  ],
  [
    "date",
    /\b(when|what (year|date|day|month|century|decade|time)|which (year|date|century|decade)|in what (year|century)|quando|in (che|quale) anno|quand|en quelle ann[ée]e|wann|in welchem jahr|cu[aá]ndo|en qu[eé] a[nñ]o)\b|(^|[^\p{L}])(коли|когда|в якому році|у якому році|якого року|в каком году|какого года)([^\p{L}]|$)|什么时候|什麼時候|何时|何時|哪一年|哪年|何年|哪个年代|哪個年代|哪天|几月|幾月|日期/iu,
  ],
  [
    "person",
    /\b(who|whom|whose|which (person|man|woman|author|president|king|queen|player|actor|artist|writer|scientist)|chi|di chi|qui|wer|wem|wen|wessen|qui[eé]n(es)?)\b|(^|[^\p{L}])(хто|кого|кому|чий|чия|чиє|чиї|кто|чей|чья)([^\p{L}]|$)|谁|誰|哪位|何人/iu,
  ],
  [
    "place",
    /\b(where|what (country|city|state|place|region|continent|town|province|island)|which (country|city|state|place|region|continent|town|province|island)|dove|in quale (paese|citt[aà]|regione)|où|wo|wohin|woher|d[oó]nde)\b|(^|[^\p{L}])(де|куди|звідки|где|куда|откуда)([^\p{L}]|$)|哪里|哪裡|哪儿|哪兒|何处|何處|在哪|哪个国家|哪個國家|哪个城市|哪個城市|哪国|哪國/iu,
  ],
];

/** The expected answer type of a question, or undefined (not a question of a type this reads). */
export function expectedAnswerType(query: string): AnswerType | undefined {
  const q = query.normalize("NFKC");
  for (const [type, pattern] of QUESTION_PATTERNS) if (pattern.test(q)) return type;
  return undefined;
}

const MONTHS =
  /\b(january|february|march|april|june|july|august|september|october|november|december|jan|feb|apr|jun|jul|aug|sep|sept|oct|nov|dec|gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre|janvier|f[ée]vrier|mars|avril|juin|juillet|ao[uû]t|septembre|octobre|d[ée]cembre|januar|februar|m[äa]rz|juni|juli|oktober|dezember|enero|febrero|abril|mayo|junio|julio|septiembre|octubre|noviembre|diciembre)\b|(^|[^\p{L}])(січ|лют|берез|квіт|трав|черв|лип|серп|верес|жовт|листопад|груд|январ|феврал|март|апрел|ма[йя]|июн|июл|август|сентябр|октябр|ноябр|декабр)\p{L}*|\b(may|mai)\s+\d{1,2}\b|\b\d{1,2}\.?\s+(may|mai)\b/iu;
const YEAR =
  /(^|[^\d])(1\d{3}|20\d{2})([^\d]|$)|\b\d{1,2}(st|nd|rd|th)? (century|centuries)\b|(^|[^\d])\d{1,2}(\.|\/)\d{1,2}(\.|\/)\d{2,4}([^\d]|$)/u;
const CJK_DATE = /[\d〇零一二三四五六七八九十百千]+\s*[年月日]|世纪|世紀|年代|朝|王朝/u;
const DIGIT = /\p{Nd}/u;
const NUMBER_WORD =
  /\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|dozen|half|uno|due|tre|quattro|cinque|sei|sette|otto|nove|dieci|cento|mille|milioni|deux|trois|quatre|cinq|sept|huit|neuf|dix|cent|zwei|drei|vier|f[üu]nf|sechs|sieben|acht|neun|zehn|hundert|tausend|dos|tres|cuatro|seis|siete|ocho|nueve|diez|mil)\b|(^|[^\p{L}])(один|одна|два|дві|три|чотири|п'ять|шість|сім|вісім|дев'ять|десять|сто|тисяч\p{L}*|мільйон\p{L}*|четыре|пять|шесть|семь|восемь|девять|тысяч\p{L}*|миллион\p{L}*)([^\p{L}]|$)|[一二两兩三四五六七八九十百千万萬亿億]/iu;
// A capitalised word (Latin or Cyrillic) that is not at the start of the unit or of a sentence inside it.
const NAME = /(?<![.!?]\s)(?<!^)(?<=[\s(«"“'])(\p{Lu}[\p{Ll}'’-]+)/gu;

/** Does this text hold something of the type? Person and place: a capitalised word the question does not use. */
export function textHasAnswerType(text: string, type: AnswerType, queryWords: ReadonlySet<string>): boolean {
  if (type === "date") return YEAR.test(text) || MONTHS.test(text) || CJK_DATE.test(text);
  if (type === "number") return DIGIT.test(text) || NUMBER_WORD.test(text);
  for (const m of text.normalize("NFKC").matchAll(NAME)) if (!queryWords.has(m[1]!.toLowerCase())) return true;
  return false;
}

/** The question's words, lowercased (names the question already uses are not its answer). */
export function questionWords(query: string): Set<string> {
  return new Set(
    query
      .normalize("NFKC")
      .toLowerCase()
      .split(/[^\p{L}\p{N}'’-]+/u)
      .filter(Boolean),
  );
}

/**
 * For each unit, 1 when it holds what the question asks for, else 0; undefined when the question has no type, or no
 * unit or every unit holds one (then the type says nothing about which unit answers).
 */
export function answerTypeMatches(query: string, text: string, units: ReadonlyArray<{ start: number; end: number }>): number[] | undefined {
  const type = expectedAnswerType(query);
  if (!type) return undefined;
  const words = questionWords(query);
  const out: number[] = units.map((u) => (textHasAnswerType(text.slice(u.start, u.end), type, words) ? 1 : 0));
  const hits = out.reduce((a, b) => a + b, 0);
  return hits === 0 || hits === out.length ? undefined : out;
}
