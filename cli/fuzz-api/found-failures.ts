import type { FuzzServer, WireRequest } from "./fuzz-server";
import type { FuzzSeed } from "./seed-fuzz-data";

// The requests the fuzzer found failing, each fixed since (in the handler or schema at fault, or by documenting what
// the operation really answers). Every run sends them first, so a fix that comes undone fails at once.

export type FoundFailure = { what: string; request: (ctx: { server: FuzzServer; seed: FuzzSeed }) => WireRequest };

export const FOUND_FAILURES: readonly FoundFailure[] = [
  {
    what: "categories: a date that matches YYYY-MM-DD but is no day (month 71) reached the database query: 500, now 400",
    request: ({ seed }) => ({ operationId: "getCategoryBreakdown", caller: "admin", search: `datasetId=${seed.demoDatasetId}&to=0007-71-04` }),
  },
  {
    what: "category pairs: the same with `from` (month 00): 500, now 400",
    request: ({ seed }) => ({
      operationId: "getCategoryPairs",
      caller: "admin",
      search: `datasetId=${seed.demoDatasetId}&category=ads&from=6907-00-03`,
    }),
  },
  {
    what: "login: a wrong password answers 401, which the operation did not document",
    request: () => ({
      operationId: "login",
      caller: "anonymous",
      contentType: "application/json",
      body: JSON.stringify({ email: "admin@fuzz.test", password: "wrong password" }),
    }),
  },
  {
    what: "the queue: a cursor that is not one of its own answers 422, which the operation did not document",
    request: ({ seed }) => ({
      operationId: "listPairs",
      caller: "admin",
      search: `datasetId=${seed.datasetId}&cursor=${encodeURIComponent('z&|"')}`,
    }),
  },
  {
    what: "span history: an unknown cursor answers 422, which the operation did not document",
    request: ({ seed }) => ({ operationId: "listSpanHistory", caller: "admin", pathId: seed.pairIds[0]!, search: "cursor=no-such-event" }),
  },
  {
    what: "frontier pairs of an LLM method judge the pairs live: a failing judge answers 503, which the operation did not document",
    request: ({ seed }) => ({
      operationId: "getFrontierPairs",
      caller: "admin",
      search: `datasetId=${seed.demoDatasetId}&method=llm-extract&threshold=0.5`,
    }),
  },
];
