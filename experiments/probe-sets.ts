// What the dev-set probes share: the options of eval-all they take, and the sets and methods those options name (every
// set is built, so a probe's queries are eval-all's).
import { resolveDevSetMethods } from "../cli/commands/resolve-dev-set-methods";
import { buildDevSets } from "../lib/eval/dev-sets";

export const probeOptions = {
  data: { type: "string", default: "../shared/data" },
  split: { type: "string", default: "val" },
  "max-queries": { type: "string", default: "300" },
  methods: { type: "string", default: "model:snippet-lab,bm25,lead,oracle" },
} as const;

export async function loadProbeSets(values: { data: string; split: string; "max-queries": string; methods: string }) {
  const { split } = values;
  if (split !== "val" && split !== "report") throw new Error("--split must be val or report");
  const methods = await resolveDevSetMethods(values.methods);
  const sets = await buildDevSets({ dataDir: values.data, split, maxQueries: Number(values["max-queries"]) });
  return { methods, sets };
}
