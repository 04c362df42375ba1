import { requireSharedData } from "../data/load-shared-data";
import { createDevSetContext } from "./dev-sets/context";
import { DEV_SET_NAMES, type DevSetName } from "./dev-sets/names";
import { DEV_SET_BUILDERS } from "./dev-sets/registry";
import type { BuildDevSetsOptions, DevSet } from "./dev-sets/types";

// The project's own evaluation sets (lib/eval/dev-sets/: one builder per set or family, registry.ts their order).
export { DEV_SET_NAMES, type DevSetName } from "./dev-sets/names";
export type { BuildDevSetsOptions, DevSet } from "./dev-sets/types";
export { buildClaimSet } from "./dev-sets/rule-claims";
export { buildTopicalUnanswerableSet } from "./dev-sets/prose-sets";
export { asWholeDocuments } from "./dev-sets/whole-documents";
export { asLines, asPlainText, inCyrillic, joinAsSections, splitIntoParagraphs, toCyrillic, withoutTitles } from "./dev-sets/transforms";

/**
 * The wanted sets (default all) of one split, in the registry's order: a builder runs when any of its sets is wanted,
 * and one seeded generator samples them in turn (eval-all builds every set and keeps the listed ones, so a subset
 * gets exactly the queries of the full run).
 */
export async function buildDevSets(opts: BuildDevSetsOptions): Promise<DevSet[]> {
  requireSharedData(opts.dataDir);
  const names = new Set<DevSetName>(opts.names ?? DEV_SET_NAMES);
  const ctx = createDevSetContext(opts, names);
  const sets: DevSet[] = [];
  for (const builder of DEV_SET_BUILDERS) if (builder.names.some((n) => names.has(n))) sets.push(...(await builder.build(ctx)));
  return sets;
}
