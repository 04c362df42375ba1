import { formatModelMethod } from "../engine/methods";

/**
 * The methods `eval` and `eval-all` compare when none are named: the default model (when one is installed), with
 * `teacher` also its teacher (`<default>-teacher`, when installed), then BM25, lead and the oracle.
 */
export function defaultEvalMethods(models: readonly { name: string; default: boolean }[], opts: { teacher?: boolean } = {}): string[] {
  const def = models.find((m) => m.default)?.name;
  const teacher = def && opts.teacher && models.some((m) => m.name === `${def}-teacher`) ? `${def}-teacher` : undefined;
  return [...(def ? [formatModelMethod(def)] : []), ...(teacher ? [formatModelMethod(teacher)] : []), "bm25", "lead", "oracle"];
}
