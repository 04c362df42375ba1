// Client-safe and pure. Until 2026-12-07 a model's config.json held its reader and its selection profile side by side
// at the top level (`window`, `threshold`, `similarityPassage`, …). Every config in that layout still loads: it is
// converted here, on reading, to `reader` + `profile` with the same values (users' older models included).
import type { z } from "zod";
import { selectionStageSchema, similarityStageSchema, unitsStageSchema } from "../engine/profile";
import type { SelectionProfile } from "../engine/profile";

/** The flat layout's reader fields, as they are. */
const READER_FIELDS = ["files", "tokenizer", "io", "typeIds", "features", "window", "overlap", "maxQueryTokens"] as const;

/** A similarity setting's flat name: `similarity` and its name capitalized (weight → similarityWeight). */
export type FlatSimilarityName<K extends string> = `similarity${Capitalize<K>}`;
export const flatSimilarityName = <K extends string>(key: K) => `similarity${key[0]!.toUpperCase()}${key.slice(1)}` as FlatSimilarityName<K>;

/**
 * Every profile setting's flat name, stage by stage in the profile's order, derived from the stage schemas (so a new
 * setting needs no edit here): units and selection settings keep their names, similarity ones are prefixed.
 */
export const FLAT_PROFILE_FIELDS: readonly { stage: keyof SelectionProfile; name: string; flat: string }[] = [
  ...Object.keys(unitsStageSchema.shape).map((name) => ({ stage: "units" as const, name, flat: name })),
  ...Object.keys(similarityStageSchema.shape).map((name) => ({ stage: "similarity" as const, name, flat: flatSimilarityName(name) })),
  ...Object.keys(selectionStageSchema.shape).map((name) => ({ stage: "selection" as const, name, flat: name })),
];

/** A stage's flat fields, flat name → the stage's name. */
const fieldsOf = (stage: keyof SelectionProfile) =>
  Object.fromEntries(FLAT_PROFILE_FIELDS.filter((f) => f.stage === stage).map((f) => [f.flat, f.name]));
const UNITS_FIELDS = fieldsOf("units");
const SIMILARITY_FIELDS = fieldsOf("similarity");
const SELECTION_FIELDS = fieldsOf("selection");

type Raw = Record<string, unknown>;
const isObject = (x: unknown): x is Raw => typeof x === "object" && x !== null && !Array.isArray(x);

/**
 * Settings measured and removed from the served code (MODEL_CARD.md of snippet-lab, "Settings removed from the served
 * code"): a config that still sets one is refused with its name rather than served differently than it says.
 */
function removedSettings(flat: Raw): string[] {
  const found: string[] = [];
  if (flat.similarityEncoder !== undefined) found.push("similarityEncoder (a tier's `encoder` names its encoder)");
  if (flat.similarityBlend === "geometric") found.push('similarityBlend "geometric"');
  for (const tier of ["similarityPassage", "similarityDocument"] as const) {
    const t = flat[tier];
    if (!isObject(t)) continue;
    if (t.feedback !== undefined) found.push(`${tier}.feedback`);
    if (t.contextUnits !== undefined && t.contextUnits !== "all") found.push(`${tier}.contextUnits "${String(t.contextUnits)}"`);
    if (t.blend === "geometric") found.push(`${tier}.blend "geometric"`);
    if (isObject(t.gate) && t.gate.paragraphs !== undefined) found.push(`${tier}.gate.paragraphs`);
  }
  return found;
}

/** A flat tier without the settings that were the engine's defaults (`contextUnits: "all"`). */
function tierOf(t: unknown): unknown {
  if (!isObject(t)) return t;
  const { contextUnits: _all, ...rest } = t;
  return rest;
}

function pick(flat: Raw, names: Readonly<Record<string, string>>, map: (key: string, value: unknown) => unknown = (_, v) => v): Raw {
  const out: Raw = {};
  for (const [old, name] of Object.entries(names)) if (flat[old] !== undefined) out[name] = map(old, flat[old]);
  return out;
}

/**
 * A config.json in the layout of `modelConfigSchema` (`reader` + `profile`): a flat one converted, any other value as
 * it is. Issues (a removed setting, layouts mixed) go to `ctx` when given (z.preprocess), else throw.
 */
export function fromFlatLayout(raw: unknown, ctx?: z.RefinementCtx): unknown {
  if (!isObject(raw)) return raw;
  const report = (message: string) => {
    if (!ctx) throw new Error(message);
    ctx.addIssue({ code: "custom", message });
  };
  const flatKeys = [
    ...READER_FIELDS,
    ...Object.keys(UNITS_FIELDS),
    ...Object.keys(SIMILARITY_FIELDS),
    ...Object.keys(SELECTION_FIELDS),
    "similarityEncoder",
  ];
  const present = flatKeys.filter((k) => raw[k] !== undefined);
  if ("reader" in raw || "profile" in raw) {
    if (present.length > 0) report(`mixes the flat layout (${present.join(", ")}) with \`reader\`/\`profile\`: move them into those`);
    return raw;
  }
  const removed = removedSettings(raw);
  if (removed.length > 0)
    report(`sets settings that were measured and removed from the served code: ${removed.join(", ")} (see the model card); remove them`);
  const rest: Raw = {};
  for (const [k, v] of Object.entries(raw)) if (!flatKeys.includes(k)) rest[k] = v;
  const reader = pick(raw, Object.fromEntries(READER_FIELDS.map((k) => [k, k])));
  const similarity =
    raw.similarityWeight !== undefined
      ? pick(raw, SIMILARITY_FIELDS, (old, v) => (old.endsWith("Passage") || old.endsWith("Document") ? tierOf(v) : v))
      : undefined;
  const profile: Raw = { units: pick(raw, UNITS_FIELDS), ...(similarity ? { similarity } : {}), selection: pick(raw, SELECTION_FIELDS) };
  const { name, description, ...others } = rest;
  return { ...(name !== undefined ? { name } : {}), ...(description !== undefined ? { description } : {}), reader, profile, ...others };
}
