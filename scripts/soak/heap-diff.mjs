#!/usr/bin/env node
// What grew between two V8 heap snapshots (.heapsnapshot, e.g. from scripts/soak/memory-check.mjs --snapshots): live
// objects grouped by constructor (objects, closures, native objects) or by kind (strings, arrays, code…), the groups
// whose count or size grew most. A leak shows as a group that grows with the work done; warm-up does not.
//   node --max-old-space-size=4096 scripts/soak/heap-diff.mjs BEFORE.heapsnapshot AFTER.heapsnapshot [--top 25]
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: "string", default: "25" } } });
if (positionals.length !== 2) {
  console.error("usage: node --max-old-space-size=4096 scripts/soak/heap-diff.mjs BEFORE.heapsnapshot AFTER.heapsnapshot [--top 25]");
  process.exit(2);
}

/** Count and self size (bytes) per group of one snapshot. */
function groups(file) {
  const snap = JSON.parse(readFileSync(file, "utf8"));
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ["type", "name", "self_size"].map((f) => fields.indexOf(f));
  const out = new Map();
  const { nodes, strings } = snap;
  for (let i = 0; i < nodes.length; i += fields.length) {
    const type = types[nodes[i + typeAt]];
    const named = type === "object" || type === "closure" || type === "native";
    const key = named ? `${type} ${strings[nodes[i + nameAt]].slice(0, 80)}` : `(${type})`;
    const g = out.get(key) ?? { count: 0, bytes: 0 };
    g.count++;
    g.bytes += nodes[i + sizeAt];
    out.set(key, g);
  }
  return out;
}

const before = groups(positionals[0]);
const after = groups(positionals[1]);
const total = (m) => [...m.values()].reduce((n, g) => n + g.bytes, 0);
const rows = [...new Set([...before.keys(), ...after.keys()])].map((key) => {
  const b = before.get(key) ?? { count: 0, bytes: 0 };
  const a = after.get(key) ?? { count: 0, bytes: 0 };
  return { key, count: a.count - b.count, bytes: a.bytes - b.bytes, countAfter: a.count, bytesAfter: a.bytes };
});
const top = Number(values.top);
const kb = (b) => `${(b / 1024).toFixed(0)} kB`;
console.log(`self size of all live objects: ${kb(total(before))} → ${kb(total(after))} (${kb(total(after) - total(before))})`);
console.log("grew most by size:");
for (const r of rows.sort((x, y) => y.bytes - x.bytes).slice(0, top))
  console.log(`  ${kb(r.bytes).padStart(9)} ${String(r.count).padStart(8)} objects  ${r.key} (now ${r.countAfter}, ${kb(r.bytesAfter)})`);
console.log("grew most by count:");
for (const r of rows.sort((x, y) => y.count - x.count).slice(0, top))
  console.log(`  ${String(r.count).padStart(8)} objects ${kb(r.bytes).padStart(9)}  ${r.key} (now ${r.countAfter}, ${kb(r.bytesAfter)})`);
