import "server-only";
import { getEnv } from "../env";

/** Folder holding `models/<name>/`; SNIPPET_LAB_MODELS_DIR overrides (tests, deployments). */
export function modelsDir(): string {
  return getEnv().modelsDir;
}
