import { sentencesToExample } from "./sentences-to-example";
import { hash } from "./split-by-group";
import { createRng, type Rng } from "./synthesize-page";
import { detokenizeFever, type FeverPair } from "./read-fever-pairs";
import type { EvalExample } from "./types";

// Leading words that name no subject ("There is a …", "In 2004 …"): such claims join no subject group by their words.
const NO_SUBJECT = new Set(
  "there in it he she they one some on at this that only no not as all for by to from after before during with his her its".split(" "),
);
const STOP = new Set(
  "the a an and or of in on at to for by with from as is was are were be been has have had its his her their this that which who not no there".split(
    " ",
  ),
);

const CONNECTORS = new Set(["of", "de", "the", "and", "von", "van", "la", "le", "del", "da", "di", "du", "&"]);

/**
 * A claim's subject, roughly its Wikipedia page: the run of capitalised words (or numbers) it opens with, connectors
 * such as "of" or "de" inside it ("2016 Tour de France", "The Beatles" → "beatles"), lowercased. Undefined when the
 * claim opens with no name ("There is …", "In 2004 …").
 */
export function claimSubject(claim: string): string | undefined {
  const words = claim.split(/\s+/).filter(Boolean);
  if (words.length === 0 || NO_SUBJECT.has(words[0]!.toLowerCase())) return undefined;
  let i = /^(the|a|an)$/i.test(words[0]!) ? 1 : 0;
  const run: string[] = [];
  const named = (w: string) => /^[\p{Lu}\p{N}]/u.test(w);
  for (; i < words.length; i++) {
    const w = words[i]!.replace(/[.,;:!?'"’]+$/u, "").replace(/'s$|’s$/u, "");
    if (named(w)) run.push(w);
    else if (run.length > 0 && CONNECTORS.has(w) && i + 1 < words.length && named(words[i + 1]!)) run.push(w);
    else break;
    if (w !== words[i]) break; // punctuation ended the name ("Telemundo's", "Paris,")
  }
  return run.length > 0 ? run.join(" ").toLowerCase() : undefined;
}

function contentWords(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []).filter((w) => !STOP.has(w)));
}

/**
 * The group of each pair (by id): pairs about one subject, or sharing an evidence sentence, are one group (union
 * of both relations), named by their first pair's id. Splitting by it keeps a Wikipedia page's sentences, and
 * every copy of one sentence, on one side.
 */
export function groupFeverPairs(pairs: readonly FeverPair[]): Map<string, string> {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let r = x;
    while (parent.get(r) !== undefined && parent.get(r) !== r) r = parent.get(r)!;
    parent.set(x, r);
    return r;
  };
  const union = (a: string, b: string) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent.set(rb, ra);
  };
  for (const p of pairs) {
    const node = `p:${p.id}`;
    parent.set(node, find(node));
    const subject = claimSubject(p.claim);
    if (subject) union(node, `c:${subject}`);
    for (const s of p.sentences) union(node, `s:${s}`);
  }
  const name = new Map<string, string>();
  const out = new Map<string, string>();
  for (const p of pairs) {
    const root = find(`p:${p.id}`);
    if (!name.has(root)) name.set(root, `fever:${p.id}`);
    out.set(p.id, name.get(root)!);
  }
  return out;
}

export interface BuildFeverPassagesOptions {
  pairs: readonly FeverPair[];
  /** Group of each pair (groupFeverPairs). */
  groups: ReadonlyMap<string, string>;
  /** Which groups to build examples for; distractors come from these groups only (no text crosses a split). */
  keep: (group: string) => boolean;
  /** Distractor sentences from other subjects (default 4). */
  distractors?: number;
  /** Distractor sentences about the same subject that share no other word with the claim (default 2, fewer when none). */
  topical?: number;
  seed?: number;
}

function pick<T>(rng: Rng, xs: readonly T[], n: number): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a.slice(0, n);
}

/**
 * Each entailed claim over one passage: its evidence sentences among distractors, in a random order, detokenized.
 * Distractors are other pairs' evidence sentences: a few about the same subject that share no word with the claim
 * beyond its subject (sentences of the same page that do not bear on it), the rest from other subjects. Sentences
 * of any pair with the very same claim are never distractors (they may support or refute it). Deterministic: each
 * passage's generator is seeded by its pair id.
 */
export function buildFeverPassages(opts: BuildFeverPassagesOptions): EvalExample[] {
  const nRandom = opts.distractors ?? 4;
  const nTopical = opts.topical ?? 2;
  const seed = opts.seed ?? 7;
  const kept = opts.pairs.filter((p) => opts.keep(opts.groups.get(p.id)!));
  const byGroup = new Map<string, FeverPair[]>();
  const byClaim = new Map<string, Set<string>>();
  const pool: { sentence: string; group: string }[] = [];
  const seen = new Set<string>();
  for (const p of kept) {
    const g = opts.groups.get(p.id)!;
    const list = byGroup.get(g);
    if (list) list.push(p);
    else byGroup.set(g, [p]);
    const key = p.claim.toLowerCase();
    const same = byClaim.get(key) ?? new Set<string>();
    for (const s of p.sentences) same.add(s);
    byClaim.set(key, same);
    for (const s of p.sentences) {
      if (seen.has(s)) continue;
      seen.add(s);
      pool.push({ sentence: s, group: g });
    }
  }
  const examples: EvalExample[] = [];
  for (const p of kept) {
    if (!p.entailed || p.sentences.length === 0) continue;
    const group = opts.groups.get(p.id)!;
    const rng = createRng(hash(p.id, seed));
    const evidence = [...new Set(p.sentences)];
    const taken = new Set([...evidence, ...byClaim.get(p.claim.toLowerCase())!]);
    const subject = contentWords(claimSubject(p.claim) ?? "");
    const claimWords = [...contentWords(p.claim)].filter((w) => !subject.has(w));
    const topical = [
      ...new Set(
        byGroup
          .get(group)!
          .flatMap((o) => o.sentences)
          .filter((s) => !taken.has(s)),
      ),
    ].filter((s) => {
      const words = contentWords(s);
      return claimWords.every((w) => !words.has(w));
    });
    const distractors = pick(rng, topical, nTopical);
    for (const d of distractors) taken.add(d);
    for (let tries = 0; distractors.length < nTopical + nRandom && tries < 50 && pool.length > 0; tries++) {
      const c = pool[Math.floor(rng() * pool.length)]!;
      if (c.group === group || taken.has(c.sentence)) continue;
      taken.add(c.sentence);
      distractors.push(c.sentence);
    }
    const order = pick(rng, [...evidence.map((s) => ({ s, ev: true })), ...distractors.map((s) => ({ s, ev: false }))], Infinity);
    const ex = sentencesToExample({
      id: `fever:${p.id}`,
      query: p.claim,
      sentences: order.map((o) => detokenizeFever(o.s)),
      answerSentences: order.flatMap((o, i) => (o.ev ? [i] : [])),
      group,
      resultId: `fever:${p.id}`,
    });
    if (ex) examples.push({ ...ex, results: ex.results.map((r) => ({ ...r, locale: "en" })) });
  }
  return examples;
}
