import type { BoilerplateBlock, PageBoilerplate } from "./extract-boilerplate";

export interface Rng {
  (): number;
}

/** Deterministic PRNG (mulberry32) so training data is reproducible from a seed. */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SynthesizedPage {
  text: string;
  evidence: { start: number; end: number }[];
}

export interface SynthesizePageOptions {
  /** Canonical text of the passage holding the evidence. */
  passage: string;
  /** Evidence offsets into `passage`. */
  evidence: { start: number; end: number }[];
  title?: string;
  /** Off-topic passages (same article's other paragraphs, other articles). */
  distractors: string[];
  boilerplate?: PageBoilerplate;
  rng: Rng;
}

const pick = <T>(rng: Rng, xs: readonly T[]): T | undefined => xs[Math.floor(rng() * xs.length)];

function slice(rng: Rng, xs: readonly BoilerplateBlock[], max: number): string[] {
  if (xs.length === 0 || max === 0) return [];
  const n = 1 + Math.floor(rng() * Math.min(max, xs.length));
  const from = Math.floor(rng() * (xs.length - n + 1));
  return xs.slice(from, from + n).map((b) => b.text);
}

/**
 * Embeds a passage in a realistic page: a real site's header/navigation blocks, the title,
 * off-topic paragraphs around the passage, in-article boilerplate (ads, related links),
 * a duplicated block, and the site's footer. Evidence offsets follow the passage.
 */
export function synthesizePage(opts: SynthesizePageOptions): SynthesizedPage {
  const { rng } = opts;
  const bp = opts.boilerplate;
  const before: string[] = [];
  const after: string[] = [];
  if (bp) before.push(...slice(rng, bp.top, 12));
  if (opts.title && rng() < 0.8) before.push(opts.title);
  const nDistract = opts.distractors.length === 0 ? 0 : Math.floor(rng() * Math.min(4, opts.distractors.length + 1));
  const chosen = [...opts.distractors].sort(() => rng() - 0.5).slice(0, nDistract);
  const split = Math.floor(rng() * (chosen.length + 1));
  before.push(...chosen.slice(0, split));
  after.push(...chosen.slice(split));
  if (bp && rng() < 0.6) {
    const mid = slice(rng, bp.middle, 4);
    (rng() < 0.5 ? before : after).push(...mid);
  }
  // A duplicated block, as pages repeat teasers, captions and pull quotes.
  const dupSource = pick(rng, [...before.slice(-3), ...after.slice(0, 3)]);
  if (dupSource && rng() < 0.3) after.push(dupSource);
  if (bp) after.push(...slice(rng, bp.bottom, 12));
  const head = before.length > 0 ? before.join("\n") + "\n" : "";
  const offset = head.length;
  const text = head + opts.passage + (after.length > 0 ? "\n" + after.join("\n") : "");
  return { text, evidence: opts.evidence.map((e) => ({ start: e.start + offset, end: e.end + offset })) };
}
