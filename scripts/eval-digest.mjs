#!/usr/bin/env node
// Digest of an eval-all output folder: the figures only (no provenance, dates or timings), so a refactor can show
// that the report split's figures are unchanged:
//   node scripts/eval-digest.mjs DIR                 one digest
//   node scripts/eval-digest.mjs BEFORE AFTER        both, and which sets differ
//   node scripts/eval-digest.mjs --common BEFORE AFTER
// --common compares what both hold: sets in both folders and, inside them, keys in both (a set or a measure added
// since BEFORE is listed, not counted as a change; a figure that moved is).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const VOLATILE = /^(provenance|date|elapsed.*|.*Ms|.*Seconds|seconds|ms|timing.*|durations?)$/;

function strip(value) {
  if (Array.isArray(value)) return value.map(strip);
  if (value && typeof value === "object") {
    const out = {};
    for (const key of Object.keys(value).sort()) if (!VOLATILE.test(key)) out[key] = strip(value[key]);
    return out;
  }
  return value;
}

/** `a` with only the keys `b` has too, at every depth (arrays element by element); the keys dropped go to `added`. */
function common(a, b, added, at = "") {
  if (Array.isArray(a) && Array.isArray(b)) return a.map((x, i) => common(x, b[i], added, `${at}[${i}]`));
  if (a && b && typeof a === "object" && typeof b === "object" && !Array.isArray(a) && !Array.isArray(b)) {
    const out = {};
    for (const key of Object.keys(a))
      if (key in b) out[key] = common(a[key], b[key], added, `${at}.${key}`);
      else added.add(`${at}.${key}`.replace(/\[\d+\]/g, "[]"));
    return out;
  }
  return a;
}

function read(dir) {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort();
  return Object.fromEntries(files.map((f) => [f, strip(JSON.parse(readFileSync(path.join(dir, f), "utf8")))]));
}

function digest(sets) {
  const hash = createHash("sha256");
  const perFile = {};
  for (const [f, value] of Object.entries(sets)) {
    const body = JSON.stringify(value);
    perFile[f] = createHash("sha256").update(body).digest("hex").slice(0, 12);
    hash.update(f + "\0" + body + "\0");
  }
  return { all: hash.digest("hex").slice(0, 16), perFile };
}

const args = process.argv.slice(2);
const onlyCommon = args[0] === "--common";
const dirs = onlyCommon ? args.slice(1) : args;
if (dirs.length === 0 || (onlyCommon && dirs.length !== 2)) {
  console.error("usage: node scripts/eval-digest.mjs [--common] DIR [DIR2]");
  process.exit(2);
}
let contents = dirs.map(read);
if (onlyCommon) {
  const [a, b] = contents;
  const added = new Set();
  const newSets = Object.keys(b).filter((f) => !(f in a));
  const both = Object.keys(a).filter((f) => f in b);
  contents = [
    Object.fromEntries(both.map((f) => [f, common(a[f], b[f], new Set())])),
    Object.fromEntries(both.map((f) => [f, common(b[f], a[f], added)])),
  ];
  if (newSets.length > 0) console.log(`sets only in ${dirs[1]}: ${newSets.join(", ")}`);
  if (added.size > 0) console.log(`keys only in ${dirs[1]}: ${[...added].sort().join(", ")}`);
}
const results = contents.map(digest);
for (const [i, r] of results.entries()) console.log(`${dirs[i]}: ${r.all} (${Object.keys(r.perFile).length} sets)`);
if (results.length === 2) {
  const [a, b] = results;
  const names = new Set([...Object.keys(a.perFile), ...Object.keys(b.perFile)]);
  let diff = 0;
  for (const n of [...names].sort())
    if (a.perFile[n] !== b.perFile[n]) {
      diff++;
      console.log(`  differs: ${n}`);
    }
  const same = diff === 0 && a.all === b.all;
  console.log(same ? "same digest" : `DIFFERENT (${diff} sets)`);
  process.exit(same ? 0 : 1);
}
