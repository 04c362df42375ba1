import { questionToClaim } from "../../data/question-to-claim";
import type { Rng } from "../../data/synthesize-page";
import type { EvalExample } from "../../data/types";
import { shuffle } from "./set-helpers";
import type { DevSet } from "./types";

/** What a wrong answer must look like to stand for a right one: a number for a number, a name for a name. */
function answerShape(a: string): string {
  return /\d/.test(a) ? "number" : /^\p{Lu}/u.test(a) ? "name" : "other";
}

/**
 * Claims → evidence sentences (no claim data in `../shared/data`): each source's questions rewritten as claims by
 * `questionToClaim`, half of them with the right answer (supported) and half with another question's answer of the
 * same shape that the passage does not hold (refuted, as a claim checker's mutated claims are). Either way the
 * evidence is the answer sentence: it is what a reader needs to judge the claim. Equal shares of each source, scored
 * at 40% of the tokens.
 */
export function buildClaimSet(sources: readonly (readonly EvalExample[])[], rng: Rng, max: number | undefined): DevSet {
  const per = Math.ceil((max ?? 300) / sources.length);
  const examples: EvalExample[] = [];
  for (const source of sources) {
    // Short answers only: a claim holds an entity, a date or a number, not a quoted sentence.
    const usable = source.filter((e) => e.evidence.length > 0 && (e.answers?.[0]?.split(/\s+/).length ?? 99) <= 6);
    const pool = new Map<string, string[]>();
    for (const e of usable) {
      const a = e.answers![0]!;
      const shape = answerShape(a);
      const list = pool.get(shape);
      if (list) list.push(a);
      else pool.set(shape, [a]);
    }
    let taken = 0;
    // Shuffled, so the claims come from the whole split, not its first articles.
    for (const e of shuffle(rng, usable)) {
      if (taken >= per) break;
      const right = e.answers![0]!;
      const refuted = rng() < 0.5;
      let answer = right;
      if (refuted) {
        const text = e.results
          .map((r) => r.doc?.text ?? r.text ?? r.html ?? "")
          .join("\n")
          .toLowerCase();
        // Up to 20 draws from the answers of the same shape (drawn by index: the pool is the whole source's).
        const candidates = pool.get(answerShape(right)) ?? [];
        let wrong: string | undefined;
        for (let k = 0; k < 20 && wrong === undefined && candidates.length > 0; k++) {
          const c = candidates[Math.floor(rng() * candidates.length)]!;
          if (!text.includes(c.toLowerCase())) wrong = c;
        }
        if (wrong === undefined) continue;
        answer = wrong;
      }
      const claim = questionToClaim(e.query, answer);
      if (claim === undefined) continue;
      examples.push({ ...e, id: `${e.id}:claim-${refuted ? "refuted" : "supported"}`, query: claim, answers: [right] });
      taken++;
    }
  }
  return {
    name: "claims",
    kind: "claims → evidence sentences: SQuAD-en and Natural Questions questions rewritten as claims by rule, half with a wrong answer (refuted); one paragraph, recall at 40% of tokens",
    examples: examples.slice(0, max ?? examples.length),
    setting: { ratio: 0.4 },
    measure: "evidenceRecall",
  };
}
