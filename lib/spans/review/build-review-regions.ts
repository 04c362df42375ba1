import { SPAN_CATEGORIES, type SpanCategory } from "../categories";
import { isPunctuationOnly, snapSpanToWords } from "../word-edges";

/** A span as a voter drew it (a stored span, an annotation's or the gold's). */
export type VoterSpan = {
  documentId: string;
  start: number;
  end: number;
  category: SpanCategory;
  /** A person placed these edges on purpose (Alt-selection): kept as drawn, never widened. */
  exact?: boolean | undefined;
};

/**
 * Who proposes spans for the gold: an annotation that votes (submitted or accepted), the current gold (its own voter:
 * what is gold stays gold unless the reviewer says otherwise), or a machine pre-annotation (model, judge) that offers
 * versions but never votes.
 */
export type ReviewVoter = {
  id: string;
  /** Shown to the reviewer (an email, "current gold", "LLM judge"). */
  label: string;
  kind: "annotation" | "gold" | "suggestion";
  spans: readonly VoterSpan[];
};

export type VersionSpan = { documentId: string; start: number; end: number; text: string; category: SpanCategory; exact?: true };

/** One voter's (or several identical voters') reading of a region: the spans they drew there. */
export type RegionVersion = {
  key: string;
  spans: VersionSpan[];
  /** Voter ids that drew exactly this, in the order voters were given. */
  voters: string[];
  /** How many annotations drew it (gold and suggestions do not count). */
  votes: number;
  /** votes / voting annotations (0 when none vote). */
  share: number;
  /** The current gold reads the region this way. */
  fromGold: boolean;
  /** Never pre-chosen unless it is the gold: agreement on "(" is no evidence. */
  held?: "punctuation";
};

/** A stretch of one document where spans of one category overlap: the reviewer picks one version or none. */
export type ReviewRegion = {
  key: string;
  documentId: string;
  category: SpanCategory;
  start: number;
  end: number;
  /** Gold's version first, then by votes (most first), then position. */
  versions: RegionVersion[];
  /** The pre-chosen version: the gold's where gold has one, else the one a majority of annotations drew; null = none. */
  defaultVersion: string | null;
  /** Every voting annotation drew the same single version (and gold, if any, agrees). */
  agreed: boolean;
};

export interface BuildReviewRegionsOptions {
  voters: readonly ReviewVoter[];
  /** Canonical text per document id, in document order. */
  texts: ReadonlyMap<string, string>;
  /** Annotations a version needs to be pre-chosen (default: a strict majority of the voting annotations). */
  minVotes?: number;
}

type Drawn = { start: number; end: number; exact: boolean };

/**
 * One voter's spans of one document and category as they would be stored: widened to whole words unless placed
 * exactly (gold is taken as stored: it was checked when written), then overlapping ones joined (a voter who nests
 * two spans of one category marked their union). Touching spans stay apart: each was drawn.
 */
function voterIntervals(voter: ReviewVoter, text: string, spans: readonly VoterSpan[]): Drawn[] {
  const list: Drawn[] = [];
  for (const s of spans) {
    if (!(s.start >= 0 && s.end <= text.length && s.start < s.end)) continue;
    const exact = !!s.exact;
    const w = exact || voter.kind === "gold" ? { start: s.start, end: s.end } : snapSpanToWords({ text, start: s.start, end: s.end });
    if (w.end > w.start) list.push({ start: w.start, end: w.end, exact });
  }
  list.sort((a, b) => a.start - b.start || a.end - b.end);
  const out: Drawn[] = [];
  for (const d of list) {
    const last = out[out.length - 1];
    if (last && d.start < last.end) {
      if (d.end > last.end) last.end = d.end;
      last.exact = last.exact && d.exact;
    } else out.push({ ...d });
  }
  return out;
}

/**
 * The reviewer's candidates as regions and versions: what people (and machines) actually drew, never runs of
 * characters that nobody drew. Spans of one document and category that overlap, whoever drew them, form a region;
 * each voter's spans inside it are one version; identical versions are merged with their voters listed. Saving the
 * default choice never removes a gold character: where gold reads a region, its version is pre-chosen.
 */
export function buildReviewRegions({ voters, texts, minVotes }: BuildReviewRegionsOptions): ReviewRegion[] {
  const annotations = voters.filter((v) => v.kind === "annotation").length;
  const need = minVotes ?? Math.floor(annotations / 2) + 1;
  const docOrder = [...texts.keys()];
  const regions: ReviewRegion[] = [];
  for (const documentId of docOrder) {
    const text = texts.get(documentId)!;
    for (const category of SPAN_CATEGORIES) {
      const items: { voter: number; iv: Drawn }[] = [];
      for (const [i, v] of voters.entries()) {
        const mine = v.spans.filter((s) => s.documentId === documentId && s.category === category);
        if (mine.length === 0) continue;
        for (const iv of voterIntervals(v, text, mine)) items.push({ voter: i, iv });
      }
      if (items.length === 0) continue;
      items.sort((a, b) => a.iv.start - b.iv.start || a.iv.end - b.iv.end);
      // Connected components of overlap (sharing at least one character).
      let group: typeof items = [];
      let groupEnd = -1;
      const flush = () => {
        if (group.length > 0) regions.push(regionOf({ group, voters, text, documentId, category, annotations, need }));
        group = [];
      };
      for (const it of items) {
        if (group.length > 0 && it.iv.start >= groupEnd) flush();
        if (group.length === 0) groupEnd = it.iv.end;
        group.push(it);
        groupEnd = Math.max(groupEnd, it.iv.end);
      }
      flush();
    }
  }
  const docIndex = new Map(docOrder.map((d, i) => [d, i]));
  return regions.sort(
    (a, b) =>
      docIndex.get(a.documentId)! - docIndex.get(b.documentId)! ||
      a.start - b.start ||
      a.end - b.end ||
      SPAN_CATEGORIES.indexOf(a.category) - SPAN_CATEGORIES.indexOf(b.category),
  );
}

function regionOf(o: {
  group: { voter: number; iv: Drawn }[];
  voters: readonly ReviewVoter[];
  text: string;
  documentId: string;
  category: SpanCategory;
  annotations: number;
  need: number;
}): ReviewRegion {
  const { group, voters, text, documentId, category, annotations, need } = o;
  const start = Math.min(...group.map((g) => g.iv.start));
  const end = Math.max(...group.map((g) => g.iv.end));
  const key = `${documentId}\u0000${category}\u0000${start}\u0000${end}`;
  const byVoter = new Map<number, Drawn[]>();
  for (const g of group) {
    let l = byVoter.get(g.voter);
    if (!l) byVoter.set(g.voter, (l = []));
    l.push(g.iv);
  }
  const versions = new Map<string, RegionVersion>();
  for (const [vi, ivs] of [...byVoter].sort((a, b) => a[0] - b[0])) {
    const voter = voters[vi]!;
    const sig = ivs.map((d) => `${d.start}-${d.end}`).join(",");
    const vkey = `${key}\u0000${sig}`;
    let version = versions.get(vkey);
    if (!version) {
      const spans = ivs.map((d): VersionSpan => {
        const s: VersionSpan = { documentId, start: d.start, end: d.end, text: text.slice(d.start, d.end), category };
        if (d.exact) s.exact = true;
        return s;
      });
      version = { key: vkey, spans, voters: [], votes: 0, share: 0, fromGold: false };
      if (spans.every((s) => isPunctuationOnly(s.text))) version.held = "punctuation";
      versions.set(vkey, version);
    }
    version.voters.push(voter.id);
    if (voter.kind === "annotation") version.votes++;
    if (voter.kind === "gold") version.fromGold = true;
    // A version stays exact only if every voter drew it exactly (an annotator's Alt edge survives; snapped ones do not).
    for (const [i, s] of version.spans.entries()) if (s.exact && !ivs[i]!.exact) delete s.exact;
  }
  const list = [...versions.values()];
  for (const v of list) v.share = annotations > 0 ? v.votes / annotations : 0;
  list.sort((a, b) => Number(b.fromGold) - Number(a.fromGold) || b.votes - a.votes || a.spans[0]!.start - b.spans[0]!.start);
  const gold = list.find((v) => v.fromGold);
  const majority = list.find((v) => !v.held && v.votes >= need && v.votes > 0);
  const defaultVersion = (gold ?? majority)?.key ?? null;
  const only = list.length === 1 ? list[0]! : undefined;
  const agreed = !!only && annotations > 0 && only.votes === annotations;
  return { key, documentId, category, start, end, versions: list, defaultVersion, agreed };
}

/** The reviewer's choice per region key (a version key, or null for none); regions absent take their default. */
export type RegionChoices = ReadonlyMap<string, string | null>;

/** The gold list a choice writes: the chosen version's spans of every region, in region order. */
export function chosenGoldSpans(regions: readonly ReviewRegion[], choices: RegionChoices = new Map()): VersionSpan[] {
  const out: VersionSpan[] = [];
  for (const r of regions) {
    const pick = choices.has(r.key) ? choices.get(r.key)! : r.defaultVersion;
    if (pick === null) continue;
    // A version that no longer exists (its voter was rejected) falls back to the region's default.
    const v = r.versions.find((x) => x.key === pick) ?? r.versions.find((x) => x.key === r.defaultVersion);
    if (v) out.push(...v.spans);
  }
  return out;
}
