/**
 * An English question and an answer rewritten as one declarative claim, by rules in the manner of QA2D (Demszky et
 * al., 2018, "Transforming Question Answering Datasets Into Natural Language Inference Datasets"): the wh-phrase is
 * replaced by the answer and the inversion undone ("When did the Normans conquer England?" + "1066" → "The Normans
 * conquered England in 1066."). The claims stand in for claim → evidence data, which `../shared/data` lacks: the
 * evidence is the question's answer sentence. Questions no rule reads (why, how but "how many / much", yes/no, keyword
 * queries) give undefined.
 */

const BE = new Set(["is", "was", "are", "were"]);
const DO = new Set(["did", "does", "do"]);
const HAVE_OR_MODAL = new Set(["has", "have", "had", "can", "could", "will", "would", "should", "may", "might", "must"]);
const TIME_NOUNS = new Set(["year", "years", "day", "date", "month", "century", "decade", "time", "period", "season", "era"]);
const PLACE_NOUNS = new Set(["city", "country", "state", "place", "location", "region", "town", "area", "county", "continent"]);
const PREPOSITIONS = new Set(
  (
    "by in on at as for from into to with of about after before during over under towards toward across through " +
    "against within without near between among around behind beyond upon via"
  ).split(" "),
);

/** Irregular verbs: base → [past, past participle]. */
const IRREGULAR: Record<string, [string, string]> = {
  be: ["was", "been"],
  bear: ["bore", "born"],
  become: ["became", "become"],
  begin: ["began", "begun"],
  bring: ["brought", "brought"],
  build: ["built", "built"],
  buy: ["bought", "bought"],
  catch: ["caught", "caught"],
  choose: ["chose", "chosen"],
  come: ["came", "come"],
  cost: ["cost", "cost"],
  cut: ["cut", "cut"],
  do: ["did", "done"],
  draw: ["drew", "drawn"],
  drive: ["drove", "driven"],
  eat: ["ate", "eaten"],
  fall: ["fell", "fallen"],
  feel: ["felt", "felt"],
  fight: ["fought", "fought"],
  find: ["found", "found"],
  fly: ["flew", "flown"],
  forget: ["forgot", "forgotten"],
  get: ["got", "gotten"],
  give: ["gave", "given"],
  go: ["went", "gone"],
  grow: ["grew", "grown"],
  have: ["had", "had"],
  hear: ["heard", "heard"],
  hide: ["hid", "hidden"],
  hit: ["hit", "hit"],
  hold: ["held", "held"],
  keep: ["kept", "kept"],
  know: ["knew", "known"],
  lay: ["laid", "laid"],
  lead: ["led", "led"],
  leave: ["left", "left"],
  lend: ["lent", "lent"],
  let: ["let", "let"],
  lose: ["lost", "lost"],
  make: ["made", "made"],
  mean: ["meant", "meant"],
  meet: ["met", "met"],
  pay: ["paid", "paid"],
  put: ["put", "put"],
  read: ["read", "read"],
  ride: ["rode", "ridden"],
  ring: ["rang", "rung"],
  rise: ["rose", "risen"],
  run: ["ran", "run"],
  say: ["said", "said"],
  see: ["saw", "seen"],
  sell: ["sold", "sold"],
  send: ["sent", "sent"],
  set: ["set", "set"],
  shoot: ["shot", "shot"],
  show: ["showed", "shown"],
  sing: ["sang", "sung"],
  sink: ["sank", "sunk"],
  sit: ["sat", "sat"],
  sleep: ["slept", "slept"],
  speak: ["spoke", "spoken"],
  spend: ["spent", "spent"],
  split: ["split", "split"],
  spread: ["spread", "spread"],
  stand: ["stood", "stood"],
  steal: ["stole", "stolen"],
  strike: ["struck", "struck"],
  swear: ["swore", "sworn"],
  swim: ["swam", "swum"],
  take: ["took", "taken"],
  teach: ["taught", "taught"],
  tell: ["told", "told"],
  think: ["thought", "thought"],
  throw: ["threw", "thrown"],
  understand: ["understood", "understood"],
  wake: ["woke", "woken"],
  wear: ["wore", "worn"],
  win: ["won", "won"],
  write: ["wrote", "written"],
};
const PARTICIPLES = new Set(Object.values(IRREGULAR).map(([, p]) => p));
const PASTS = new Set(Object.values(IRREGULAR).map(([p]) => p));

/** Common regular verbs, so that "did … X" finds X without a tagger (irregular ones are in IRREGULAR). */
const REGULAR = new Set(
  (
    "accept achieve act add affect flow cross border exist feature consist conquer settle visit name elect defend attend earn agree allow announce appear apply argue arrive ask attack attempt award base " +
    "believe belong call cause change claim close compete complete consider contain continue control create " +
    "decide declare defeat describe design destroy develop die discover end enter establish expand explain face " +
    "fail finish follow form found gain happen help hire host include increase introduce invade invent involve " +
    "join kill last launch learn like limit list live locate look love manage marry move name need note occur offer " +
    "open order own pass perform place plan play prefer prepare present prevent produce propose prove provide " +
    "publish purchase receive record reduce refer refuse reject release remain replace report represent require " +
    "rule reach return score serve share sign start stay stop study suffer suggest support survive suppose travel " +
    "try turn use vote want wish work"
  ).split(" "),
);

function isBaseVerb(w: string): boolean {
  const l = w.toLowerCase();
  return l in IRREGULAR || REGULAR.has(l);
}

function regularPast(w: string): string {
  if (w.endsWith("e")) return `${w}d`;
  if (/[^aeiou]y$/.test(w)) return `${w.slice(0, -1)}ied`;
  if (/^(stop|plan|prefer|refer|control|admit|commit|occur|travel)$/.test(w)) return w === "travel" ? "traveled" : `${w}${w.at(-1)}ed`;
  return `${w}ed`;
}

function past(w: string): string {
  return IRREGULAR[w.toLowerCase()]?.[0] ?? regularPast(w);
}

function participle(w: string): string {
  return IRREGULAR[w.toLowerCase()]?.[1] ?? regularPast(w);
}

function thirdPerson(w: string): string {
  const l = w.toLowerCase();
  if (l === "have") return "has";
  if (l === "do" || l === "go") return `${w}es`;
  if (/(s|sh|ch|x|z)$/.test(l)) return `${w}es`;
  if (/[^aeiou]y$/.test(l)) return `${w.slice(0, -1)}ies`;
  return `${w}s`;
}

/** A passive or perfect participle: "-ed" or an irregular participle that is not also a base form. */
function isParticiple(w: string): boolean {
  const l = w.toLowerCase();
  return (l.endsWith("ed") && l.length > 4) || (PARTICIPLES.has(l) && !(l in IRREGULAR));
}

/** A participle that cannot be a simple past ("born", "known", "-ed"; not "won" or "made"): mid-question, only these
 * mark a passive. */
function isPassiveParticiple(w: string): boolean {
  const l = w.toLowerCase();
  return (l.endsWith("ed") && l.length > 4) || (PARTICIPLES.has(l) && !PASTS.has(l) && !(l in IRREGULAR));
}

/** A finite or participle verb form: "won", "owns", "caused", "causes". */
function looksLikeVerb(w: string): boolean {
  const l = w.toLowerCase();
  if (PASTS.has(l) || PARTICIPLES.has(l) || isParticiple(l)) return true;
  return (
    (l.endsWith("es") && isBaseVerb(l.slice(0, -2))) ||
    (l.endsWith("s") && isBaseVerb(l.slice(0, -1))) ||
    (l.endsWith("ies") && isBaseVerb(`${l.slice(0, -3)}y`))
  );
}

function sentence(words: readonly string[]): string {
  const s = words.filter((w) => w.length > 0).join(" ");
  return `${s.charAt(0).toUpperCase()}${s.slice(1)}.`;
}

type Slot = "time" | "place" | "thing";

/** "in 1066" for a time or place, the answer alone otherwise or after a preposition. */
function slot(answer: string, kind: Slot, after: string | undefined): string {
  if (kind === "thing" || (after !== undefined && PREPOSITIONS.has(after.toLowerCase()))) return answer;
  return `in ${answer}`;
}

const DETERMINERS = new Set(["the", "a", "an", "his", "her", "its", "their", "this", "that", "these", "those", "our", "my"]);
const RELATIVES = new Set(["that", "which", "who", "whose", "where", "when", "whom"]);
const NOT_VERBS = new Set([...DETERMINERS, ...PREPOSITIONS, ...RELATIVES, "and", "or", "not", "also", "first", "last"]);

/** Where the verb is after do-support: the first known verb, else the first inflected-looking word, else the word
 * after the subject (a determiner and one word, a run of capitalized words, or one word). -1: none found. */
function verbIndex(rest: readonly string[]): number {
  const known = rest.findIndex((w, i) => i > 0 && isBaseVerb(w));
  if (known > 0) return known;
  const inflected = rest.findIndex((w, i) => i > 0 && looksLikeVerb(w));
  if (inflected > 0) return inflected;
  let i = 0;
  if (DETERMINERS.has(rest[0]!.toLowerCase())) i = 1;
  if (/^\p{Lu}/u.test(rest[i] ?? "")) while (i + 1 < rest.length && /^\p{Lu}/u.test(rest[i + 1]!)) i++;
  const v = i + 1;
  return v < rest.length && !NOT_VERBS.has(rest[v]!.toLowerCase()) ? v : -1;
}

/** Where the answer goes after the verb: after a preposition left dangling mid-question ("work for in Paris"),
 * before an adjunct for an object ("invent in 1888"), else at the end ("in 1066" for times and places). */
function placeAnswer(tail: readonly string[], answer: string, kind: Slot): string[] {
  const prep = (w: string | undefined) => w !== undefined && PREPOSITIONS.has(w.toLowerCase());
  if (prep(tail[0]) && prep(tail[1])) return [tail[0]!, answer, ...tail.slice(1)];
  if (kind === "thing" && prep(tail[0]) && tail.length > 1) return [answer, ...tail];
  return [...tail, slot(answer, kind, tail.at(-1))];
}

/** Undo a do-support inversion: the verb takes the tense of the auxiliary, the answer fills its slot. */
function undoDo(aux: string, rest: string[], answer: string, kind: Slot): string[] | undefined {
  const v = verbIndex(rest);
  // "What did X do …": the answer is a clause, not a slot.
  if (v < 0 || rest[v]!.toLowerCase() === "do") return undefined;
  const base = isBaseVerb(rest[v]!);
  const verb = !base ? rest[v]! : aux === "did" ? past(rest[v]!) : aux === "does" ? thirdPerson(rest[v]!) : rest[v]!;
  return [...rest.slice(0, v), verb, ...placeAnswer(rest.slice(v + 1), answer, kind)];
}

/** Be, have or a modal after the wh-phrase: a subject question ("Who is …", "What might have caused …") or an
 * inverted one ("When was X founded", "What has X won"). */
function undoAux(aux: string, rest: string[], answer: string, kind: Slot): string[] {
  const first = rest[0]!.toLowerCase();
  const be = BE.has(aux);
  // Nothing between the auxiliary and its verb: the wh-phrase was the subject.
  if (kind === "thing" && (/^(be|been|being|have)$/.test(first) || isParticiple(first) || (!be && (isBaseVerb(first) || PARTICIPLES.has(first)))))
    return [answer, aux, ...rest];
  const relative = rest.findIndex((w) => RELATIVES.has(w.toLowerCase()));
  const end = relative < 0 ? rest.length : relative;
  const p = rest.findIndex(
    (w, i) => i > 0 && i < end && (be ? isPassiveParticiple(w) : isBaseVerb(w) || isParticiple(w) || PARTICIPLES.has(w.toLowerCase())),
  );
  if (p > 0) {
    const verb = !be && aux.startsWith("ha") && isBaseVerb(rest[p]!) ? participle(rest[p]!) : rest[p]!;
    return [...rest.slice(0, p), aux, verb, ...placeAnswer(rest.slice(p + 1), answer, kind)];
  }
  if (kind === "thing") return [answer, aux, ...rest];
  // "When was the last time …" → "… was 2010"; "Where is X" → "X is in Paris".
  return [...rest, aux, kind === "time" ? answer : slot(answer, kind, undefined)];
}

const isAux = (w: string) => BE.has(w.toLowerCase()) || DO.has(w.toLowerCase()) || HAVE_OR_MODAL.has(w.toLowerCase());

/**
 * "16,000" + "species of trees" → "16,000 species of trees"; "nine nations" + "nations" stays; "182 million tons" +
 * "tons of dust" → "182 million tons of dust" (the words the answer ends with are not repeated).
 */
function withNoun(answer: string, noun: readonly string[]): string {
  const last = noun.at(-1)?.toLowerCase();
  const words = answer.split(/\s+/);
  const lower = words.map((w) => w.toLowerCase());
  if (last === undefined || lower.includes(last)) return answer;
  let overlap = Math.min(words.length, noun.length);
  while (overlap > 0 && lower.slice(-overlap).join(" ") !== noun.slice(0, overlap).join(" ").toLowerCase()) overlap--;
  return [answer, ...noun.slice(overlap)].join(" ");
}

/** The claim of `question` with `answer` in its wh-phrase's place, ending with a period; undefined: no rule reads it. */
export function questionToClaim(question: string, answer: string): string | undefined {
  const ans = answer.trim().replace(/[.?!]+$/, "");
  const words = question
    .trim()
    .replace(/[?.!]+$/, "")
    .split(/\s+/)
    .filter((w) => w.length > 0);
  if (words.length < 3 || ans.length === 0) return undefined;
  const w0 = words[0]!.toLowerCase();
  let kind: "time" | "place" | "thing";
  let rest: string[];
  if (w0 === "when") [kind, rest] = ["time", words.slice(1)];
  else if (w0 === "where") [kind, rest] = ["place", words.slice(1)];
  else if (w0 === "who" || w0 === "whom") [kind, rest] = ["thing", words.slice(1)];
  else if (w0 === "what" || w0 === "which") {
    // The wh-phrase runs to the first auxiliary within four words ("What year did …"), else it is the word alone.
    const a = words.findIndex((w, i) => i > 0 && i <= 4 && isAux(w));
    const nouns = a > 0 ? words.slice(1, a).map((w) => w.toLowerCase()) : [];
    kind = nouns.some((n) => TIME_NOUNS.has(n)) ? "time" : nouns.some((n) => PLACE_NOUNS.has(n)) ? "place" : "thing";
    rest = words.slice(a > 0 ? a : 1);
    // No auxiliary: the answer is the subject, of a verb right after the wh-word ("What causes …") or after its
    // noun ("Which team won …").
    if (a < 0 && !looksLikeVerb(words[1]!)) {
      const v = words.findIndex((w, i) => i > 1 && i <= 4 && looksLikeVerb(w));
      if (v < 0) return undefined;
      rest = words.slice(v);
    }
  } else if (w0 === "how" && /^(many|much)$/i.test(words[1] ?? "")) {
    const a = words.findIndex((w, i) => i > 1 && isAux(w));
    const noun = words.slice(2, a > 0 ? a : undefined);
    if (a < 0) {
      // "How many people live in X": the count is the subject.
      const v = words.findIndex((w, i) => i > 2 && (isBaseVerb(w) || looksLikeVerb(w)));
      if (v < 0) return undefined;
      return sentence([withNoun(ans, words.slice(2, v)), ...words.slice(v)]);
    }
    const aux = words[a]!.toLowerCase();
    const after = words.slice(a + 1);
    const phrase = withNoun(ans, noun);
    if (after.length === 0) return undefined;
    if (DO.has(aux)) {
      const out = undoDo(aux, after, phrase, "thing");
      return out ? sentence(out) : undefined;
    }
    return sentence(undoAux(aux, after, phrase, "thing"));
  } else return undefined;

  if (rest.length === 0) return undefined;
  const aux = rest[0]!.toLowerCase();
  const after = rest.slice(1);
  if (DO.has(aux)) {
    if (after.length < 2) return undefined;
    const out = undoDo(aux, after, ans, kind);
    return out ? sentence(out) : undefined;
  }
  if (BE.has(aux) || HAVE_OR_MODAL.has(aux)) {
    if (after.length === 0) return undefined;
    return sentence(undoAux(aux, after, ans, kind));
  }
  // No auxiliary: a subject question ("Who invented the telephone", "What causes tides").
  if (kind !== "thing") return undefined;
  return sentence([ans, ...rest]);
}
