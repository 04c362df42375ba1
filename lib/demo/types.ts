/** One result of a demo pair: exactly one of `html` or `text`. */
export type DemoResult = {
  title?: string;
  url?: string;
  /** BCP 47 language tag. */
  lang?: string;
  html?: string;
  text?: string;
};

/** A hand-written demo query with its (noisy) results, seeded into the "demo" dataset. */
export type DemoFixture = {
  /** Stable id, stored as Pair.externalId; fixtures are listed in this order. */
  id: string;
  query: string;
  lang: string;
  results: DemoResult[];
};
