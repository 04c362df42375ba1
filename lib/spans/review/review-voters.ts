import type { ReviewVoter, VoterSpan } from "./build-review-regions";

export type VoterAnnotation = { id: string; label: string; status: string; spans: readonly VoterSpan[] };

/** Statuses whose spans vote for the gold: work the annotator handed in and nobody rejected. */
const VOTING = new Set(["submitted", "accepted"]);

/**
 * The annotations that vote: submitted or accepted ones; while none is, the unfinished ones (a reviewer looking
 * early). A rejected annotation never votes: rejecting one removes its versions at once.
 */
export function votingAnnotations<T extends { status: string }>(annotations: readonly T[]): T[] {
  const handedIn = annotations.filter((a) => VOTING.has(a.status));
  return handedIn.length > 0 ? handedIn : annotations.filter((a) => a.status !== "rejected");
}

/** The voters of a review: the voting annotations, the current gold (its own voter) and machine layers (offers only). */
export function reviewVoters(o: {
  annotations: readonly VoterAnnotation[];
  gold: readonly VoterSpan[];
  suggestions?: readonly { id: string; label: string; spans: readonly VoterSpan[] }[];
}): ReviewVoter[] {
  return [
    ...(o.gold.length > 0 ? [{ id: "gold", label: "current gold", kind: "gold" as const, spans: o.gold }] : []),
    ...votingAnnotations(o.annotations).map((a) => ({ id: a.id, label: a.label, kind: "annotation" as const, spans: a.spans })),
    ...(o.suggestions ?? []).map((s) => ({ id: s.id, label: s.label, kind: "suggestion" as const, spans: s.spans })),
  ];
}
