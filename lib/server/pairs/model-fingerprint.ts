import "server-only";
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { readModelConfig } from "../model/list-models";

// Hashing a model file costs a read of a few MB: once per file version (path, size, mtime) per process.
const memo = new Map<string, string>();

/**
 * A version id of a model: sha256 of its validated config and of its weights and vocabulary files. Any retrained,
 * re-quantised or reconfigured model gets a new fingerprint, so cached probabilities keyed on it go stale.
 */
export function modelFingerprint(name: string): string {
  const { dir, config } = readModelConfig(name);
  const files = [config.files.model, config.files.vocab].map((f) => path.join(dir, f));
  const key = files.map((f) => {
    const st = statSync(f);
    return `${f}:${st.size}:${st.mtimeMs}`;
  });
  const memoKey = `${JSON.stringify(config)}|${key.join("|")}`;
  let hash = memo.get(memoKey);
  if (!hash) {
    const h = createHash("sha256").update(name).update("\0").update(JSON.stringify(config));
    for (const f of files) h.update("\0").update(readFileSync(f));
    hash = h.digest("hex");
    memo.set(memoKey, hash);
  }
  return hash;
}
