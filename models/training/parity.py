"""Writes the parity fixture of a trained model: the validation examples picked by `snippet-lab train-data`
(parity-examples.json: query, canonical documents, and the windows training built for them) with the PyTorch
fp32 keep probabilities and categories of every window. lib/server/model/parity.test.ts rebuilds the windows
through the serving path (tokenizer and features must match exactly) and runs them through onnxruntime-node
(probabilities must match within the measured int8 error).

  /usr/bin/python3 models/training/parity.py --ckpt WORK/student/model.pt --examples WORK/data/parity-examples.json \
      --out models/NAME/parity.json [--temperature T]
"""
import argparse
import json
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import load  # noqa: E402


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--ckpt", required=True)
    p.add_argument("--examples", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--temperature", type=float, default=1.0)
    args = p.parse_args()
    torch.set_num_threads(2)
    model = load(args.ckpt).eval()
    nf = len(model.cfg["feature_sizes"])
    examples = json.load(open(args.examples))
    with torch.no_grad():
        for ex in examples:
            for w in ex["windows"]:
                ids = torch.tensor(w["inputIds"], dtype=torch.long)[None]
                feats = torch.tensor(w["features"], dtype=torch.long).view(1, -1, nf)
                keep, cats = model(ids, torch.ones_like(ids), feats)
                w["probs"] = [round(float(x), 6) for x in torch.sigmoid(keep[0] / args.temperature)]
                w["categories"] = [int(x) for x in cats[0].argmax(-1)]
    json.dump(dict(source="pytorch fp32", examples=examples), open(args.out, "w"))
    n = sum(len(ex["windows"]) for ex in examples)
    print(f"wrote {len(examples)} parity examples ({n} windows) to {args.out}")


if __name__ == "__main__":
    main()
