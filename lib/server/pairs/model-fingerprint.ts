import "server-only";
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { canonicalJson } from "../../engine/profile-key";
import { readModelConfig } from "../model/list-models";

// Hashing a model file costs a read of a few MB: once per file version (path, size, mtime) per process.
const memo = new Map<string, string>();

/**
 * A version id of a model's token probabilities: sha256 of its validated reader (config.json's `reader`: tokenizer,
 * inputs, features, windows) and of its weights and vocabulary files. A retrained, re-quantised or re-read model gets
 * a new fingerprint, so cached probabilities keyed on it go stale; its profile (a threshold `calibrate` writes, a
 * gate, a reranker) is not in it: the probabilities do not depend on it (unitScoresKey keys what does).
 */
export function modelFingerprint(name: string): string {
  const { dir, config } = readModelConfig(name);
  const { reader } = config;
  const files = [reader.files.model, reader.files.vocab].map((f) => path.join(dir, f));
  const key = files.map((f) => {
    const st = statSync(f);
    return `${f}:${st.size}:${st.mtimeMs}`;
  });
  const memoKey = `${name}|${canonicalJson(reader)}|${key.join("|")}`;
  let hash = memo.get(memoKey);
  if (!hash) {
    const h = createHash("sha256").update(name).update("\0").update(canonicalJson(reader));
    for (const f of files) h.update("\0").update(readFileSync(f));
    hash = h.digest("hex");
    memo.set(memoKey, hash);
  }
  return hash;
}
