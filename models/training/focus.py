"""Writes a focused copy of a window set for a short fine-tune: the focus windows plus a seeded random
sample of the rest `--rest` times their number, so the fine-tune learns the focus without forgetting the
others. Validation gets the focus plus a sample up to `--val-size` windows. The focus is either
- `--tail`: every window of the sources that `snippet-lab train-data` appended last (e.g. --search-passages
  adds nq:retrieved*), or
- `--sources` with `--per-source N`: a seeded sample of up to N windows of each named source (read from
  sources.u16, which sets written since units.i16 have; validation takes N / 5 of each).

  python3 models/training/focus.py DATA OUT --tail nq:retrieved-unanswerable,nq:retrieved --rest 3
  python3 models/training/focus.py DATA OUT --sources nq:plain,selqa:plain --per-source 1500 --rest 1
"""
import argparse
import json
import os
import shutil
import numpy as np


def tail_count(meta, names):
    by = meta["stats"]["bySource"]
    last = list(by)[-len(names):]
    assert sorted(last) == sorted(names), f"the last sources are {last}, not {names}"
    return sum(by[n] for n in names)


def source_sample(src, meta, names, per_source, rng):
    """Up to `per_source` windows of each named source, seeded, in file order."""
    path = os.path.join(src, "sources.u16")
    assert os.path.exists(path), f"{src} has no sources.u16 (written by train-data since units.i16): use --tail"
    sources = np.fromfile(path, dtype=np.uint16)
    known = meta["sourceNames"]
    picked = []
    for name in names:
        assert name in known, f"{name} is not a source of {src} ({', '.join(known)})"
        rows = np.flatnonzero(sources == known.index(name))
        picked.append(rng.choice(rows, size=min(per_source, len(rows)), replace=False))
    return np.sort(np.concatenate(picked))


def write_subset(src, out, idx, note):
    os.makedirs(out, exist_ok=True)
    meta = json.load(open(os.path.join(src, "meta.json")))
    F = int(meta["featureCount"])
    offsets = np.fromfile(os.path.join(src, "offsets.i64"), dtype=np.int64)
    arrays = {
        "ids.i32": (np.int32, 1),
        "feats.u8": (np.uint8, F),
        "keep.i8": (np.int8, 1),
        "cats.i8": (np.int8, 1),
        "units.i16": (np.int16, 1),
    }
    new_offsets = [0]
    for i in idx:
        new_offsets.append(new_offsets[-1] + int(offsets[i + 1] - offsets[i]))
    for name, (dtype, width) in arrays.items():
        if not os.path.exists(os.path.join(src, name)):
            continue  # units.i16 is absent from sets written before it
        data = np.fromfile(os.path.join(src, name), dtype=dtype)
        parts = [data[offsets[i] * width : offsets[i + 1] * width] for i in idx]
        np.concatenate(parts).tofile(os.path.join(out, name))
    np.asarray(new_offsets, dtype=np.int64).tofile(os.path.join(out, "offsets.i64"))
    if os.path.exists(os.path.join(src, "sources.u16")):
        np.fromfile(os.path.join(src, "sources.u16"), dtype=np.uint16)[idx].tofile(os.path.join(out, "sources.u16"))
    meta["windows"] = len(idx)
    meta["tokens"] = new_offsets[-1]
    meta["focus"] = note
    json.dump(meta, open(os.path.join(out, "meta.json"), "w"), indent=2)
    print(f"{out}: {len(idx)} windows, {new_offsets[-1]} tokens")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("data")
    ap.add_argument("out")
    ap.add_argument("--tail", help="comma-separated sources appended last")
    ap.add_argument("--sources", help="comma-separated sources to sample --per-source windows of")
    ap.add_argument("--per-source", type=int, default=1000)
    ap.add_argument("--rest", type=float, default=3.0)
    ap.add_argument("--val-size", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=41)
    args = ap.parse_args()
    if bool(args.tail) == bool(args.sources):
        ap.error("give either --tail or --sources")
    names = (args.tail or args.sources).split(",")
    rng = np.random.default_rng(args.seed)
    for split in ("train", "val"):
        src = os.path.join(args.data, split)
        meta = json.load(open(os.path.join(src, "meta.json")))
        n = int(meta["windows"])
        if args.tail:
            k = tail_count(meta, names)
            focus = np.arange(n - k, n)
        else:
            focus = source_sample(src, meta, names, args.per_source if split == "train" else args.per_source // 5, rng)
        k = len(focus)
        others = np.setdiff1d(np.arange(n), focus)
        extra = int(k * args.rest) if split == "train" else max(0, args.val_size - k)
        rest = np.sort(rng.choice(others, size=min(extra, len(others)), replace=False))
        idx = np.concatenate([rest, focus])
        if split == "train":
            rng.shuffle(idx)
        note = dict(focus=names, focusWindows=int(k), restWindows=int(len(rest)), seed=args.seed)
        if args.sources:
            note["perSource"] = args.per_source
        write_subset(src, os.path.join(args.out, split), idx, note)
    for extra_file in ("vocab.txt", "parity-examples.json"):
        p = os.path.join(args.data, extra_file)
        if os.path.exists(p):
            shutil.copy(p, os.path.join(args.out, extra_file))


if __name__ == "__main__":
    main()
