import path from "node:path";

/** Folder holding `models/<name>/`; SNIPPET_LAB_MODELS_DIR overrides (tests, deployments). */
export function modelsDir(): string {
  return process.env.SNIPPET_LAB_MODELS_DIR ?? path.join(/*turbopackIgnore: true*/ process.cwd(), "models");
}
