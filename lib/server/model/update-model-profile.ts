import "server-only";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { AppError } from "../../errors";
import { fromFlatLayout } from "../../model/flat-config";
import { modelConfigSchema, type ModelConfig } from "../../model/model-config";
import { applyProfilePatch, orderConfigKeys, profilePatchSchema, type ProfilePatch } from "../../model/profile-patch";
import { formatZodError } from "../../schemas/format-zod-issues";
import { forgetListedModels, readModelConfig } from "./list-models";

// The one writer of a model's config.json: a new model's whole config (train) and every later change of its profile
// (calibrate, fit-answer-gate, fit-search-rerank, a fine-tune's inherited settings), each validated before it is
// written, in the `reader` + `profile` layout.

/**
 * Writes `dir/config.json` after validating it (modelConfigSchema): the file as given, its keys in config.json's
 * order, written whole or not at all (a temporary file renamed over it).
 */
export function writeModelConfig(dir: string, config: Record<string, unknown>): ModelConfig {
  const parsed = modelConfigSchema.safeParse(config);
  if (!parsed.success)
    throw new AppError("UNPROCESSABLE", `refusing to write ${path.join(dir, "config.json")}: ${formatZodError(parsed.error, { input: config })}`);
  const file = path.join(dir, "config.json");
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(orderConfigKeys(config), null, 2)}\n`);
  renameSync(temporary, file);
  forgetListedModels();
  return parsed.data;
}

/**
 * Applies a profile patch to `models/<name>/config.json` (a config in the older flat layout is rewritten in the new
 * one, with the same values): the patch is checked (profilePatchSchema: no unknown setting), then the merged config
 * (every setting in range, a tier whole). Returns the config now served.
 */
export function updateModelProfile(name: string, patch: ProfilePatch): { file: string; config: ModelConfig } {
  const checked = profilePatchSchema.safeParse(patch);
  if (!checked.success) throw new AppError("BAD_REQUEST", `invalid profile patch for ${name}: ${formatZodError(checked.error, { input: patch })}`);
  const { dir } = readModelConfig(name);
  const file = path.join(dir, "config.json");
  const current = fromFlatLayout(JSON.parse(readFileSync(file, "utf8"))) as Record<string, unknown>;
  const config = writeModelConfig(dir, applyProfilePatch(current, checked.data));
  return { file, config };
}
