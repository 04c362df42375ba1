import "server-only";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { AppError } from "../../errors";
import { modelConfigFileSchema, type ModelConfig, type ModelInfo } from "../../model/model-config";
import { getEnv } from "../env";
import { modelsDir } from "./models-dir";

/** Name of the default model: `models/default.txt`, or SNIPPET_LAB_DEFAULT_MODEL. */
export function defaultModelName(): string {
  const configured = getEnv().defaultModel;
  if (configured) return configured;
  const file = path.join(modelsDir(), "default.txt");
  if (!existsSync(file)) throw new AppError("UNAVAILABLE", `no default model: ${file} is missing`);
  return readFileSync(file, "utf8").trim();
}

/** Reads and validates `models/<name>/config.json` (a config in the older flat layout converted: modelConfigFileSchema). */
export function readModelConfig(name: string): { dir: string; config: ModelConfig } {
  if (!/^[A-Za-z0-9._-]+$/.test(name)) throw new AppError("BAD_REQUEST", `invalid model name "${name}"`);
  const dir = path.join(modelsDir(), name);
  const file = path.join(dir, "config.json");
  if (!existsSync(file)) {
    const known = listModelNames();
    throw new AppError("NOT_FOUND", `unknown model "${name}"; available: ${known.join(", ") || "none"}`);
  }
  const parsed = modelConfigFileSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) throw new AppError("UNPROCESSABLE", `models/${name}/config.json is invalid: ${parsed.error.message}`);
  return { dir, config: parsed.data };
}

function listModelNames(): string[] {
  const root = modelsDir();
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(root, d.name, "config.json")))
    .map((d) => d.name)
    .sort();
}

// The models folder rarely changes; re-reading it on every request costs file-system calls under load.
let listed: { at: number; models: ModelInfo[] } | undefined;
const LIST_TTL_MS = 10_000;

/** Forgets the listed models (updateModelProfile: the next listModels reads the configs again). */
export function forgetListedModels(): void {
  listed = undefined;
}

export async function listModels(): Promise<ModelInfo[]> {
  if (listed && Date.now() - listed.at < LIST_TTL_MS) return listed.models;
  const models = readModels();
  listed = { at: Date.now(), models };
  return models;
}

function readModels(): ModelInfo[] {
  let def = "";
  try {
    def = defaultModelName();
  } catch {
    // No default configured: list what is there.
  }
  return listModelNames().map((name) => {
    const { config } = readModelConfig(name);
    const layers = config.architecture?.layers;
    return {
      name,
      default: name === def,
      description: config.description,
      window: config.reader.window,
      profile: config.profile,
      layers: typeof layers === "number" ? layers : null,
    };
  });
}
