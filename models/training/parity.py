"""Writes parity fixtures: real dev windows and the PyTorch (fp32) probabilities for them, so the Node
test can check that the shipped ONNX model served by onnxruntime-node computes the same thing.

  /usr/bin/python3 models/training/parity.py --ckpt WORK/student/model.pt --dev WORK/data/dev --out models/NAME/parity.json
"""
import argparse
import json
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from data import WindowSet  # noqa: E402
from train import load  # noqa: E402


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--ckpt", required=True)
    p.add_argument("--dev", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--count", type=int, default=3)
    args = p.parse_args()
    torch.set_num_threads(2)
    model = load(args.ckpt).eval()
    ds = WindowSet(args.dev)
    # Short windows keep the fixture small; pick different lengths to exercise padding.
    order = sorted(range(ds.n), key=lambda i: ds.lengths[i])
    picks = [order[len(order) // 10], order[len(order) // 3], order[len(order) // 2]][: args.count]
    cases = []
    with torch.no_grad():
        for i in picks:
            a, b = int(ds.offsets[i]), int(ds.offsets[i + 1])
            ids = torch.tensor(ds.ids[a:b], dtype=torch.long)[None]
            types = torch.tensor(ds.types[a:b], dtype=torch.long)[None]
            probs = torch.sigmoid(model(ids, torch.ones_like(ids), types))[0]
            cases.append(dict(inputIds=ids[0].tolist(), typeIds=types[0].tolist(), probs=[round(float(x), 6) for x in probs]))
    json.dump(dict(source="pytorch fp32", cases=cases), open(args.out, "w"))
    print(f"wrote {len(cases)} parity cases to {args.out}")


if __name__ == "__main__":
    main()
