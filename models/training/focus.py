"""Writes a focused copy of a window set for a short fine-tune: every window of the sources that
`snippet-lab train-data` appended last (e.g. --search-passages adds nq:retrieved*), plus a seeded
random sample of the rest `--rest` times their size, so the fine-tune learns the new kind without
forgetting the others. Validation gets the same tail plus a sample up to `--val-size` windows.

  python3 models/training/focus.py DATA OUT --tail nq:retrieved-unanswerable,nq:retrieved --rest 3
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
    }
    new_offsets = [0]
    for i in idx:
        new_offsets.append(new_offsets[-1] + int(offsets[i + 1] - offsets[i]))
    for name, (dtype, width) in arrays.items():
        data = np.fromfile(os.path.join(src, name), dtype=dtype)
        parts = [data[offsets[i] * width : offsets[i + 1] * width] for i in idx]
        np.concatenate(parts).tofile(os.path.join(out, name))
    np.asarray(new_offsets, dtype=np.int64).tofile(os.path.join(out, "offsets.i64"))
    meta["windows"] = len(idx)
    meta["tokens"] = new_offsets[-1]
    meta["focus"] = note
    json.dump(meta, open(os.path.join(out, "meta.json"), "w"), indent=2)
    print(f"{out}: {len(idx)} windows, {new_offsets[-1]} tokens")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("data")
    ap.add_argument("out")
    ap.add_argument("--tail", required=True, help="comma-separated sources appended last")
    ap.add_argument("--rest", type=float, default=3.0)
    ap.add_argument("--val-size", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=41)
    args = ap.parse_args()
    names = args.tail.split(",")
    rng = np.random.default_rng(args.seed)
    for split in ("train", "val"):
        src = os.path.join(args.data, split)
        meta = json.load(open(os.path.join(src, "meta.json")))
        n = int(meta["windows"])
        k = tail_count(meta, names)
        tail = np.arange(n - k, n)
        extra = int(k * args.rest) if split == "train" else max(0, args.val_size - k)
        rest = np.sort(rng.choice(n - k, size=min(extra, n - k), replace=False))
        idx = np.concatenate([rest, tail])
        if split == "train":
            rng.shuffle(idx)
        note = dict(tail=names, tailWindows=int(k), restWindows=int(len(rest)), seed=args.seed)
        write_subset(src, os.path.join(args.out, split), idx, note)
    for extra_file in ("vocab.txt", "parity-examples.json"):
        p = os.path.join(args.data, extra_file)
        if os.path.exists(p):
            shutil.copy(p, os.path.join(args.out, extra_file))


if __name__ == "__main__":
    main()
