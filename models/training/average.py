"""Weight averaging of checkpoints fine-tuned from one init."""
import json
import os

import torch

from common import load, log, save
from fit import evaluate, val_sample
from model import KeepModel


def average(paths, weights, val, out, val_limit, seed, cat_weight=0.5):
    """Weight averaging ("model soup") of checkpoints fine-tuned from one init: same architecture, same basin, so
    the mean of the weights is a model. Prints each input's and the average's metrics on the val sample."""
    cks = [torch.load(p) for p in paths]
    if any(ck["cfg"] != cks[0]["cfg"] for ck in cks):
        raise SystemExit("average: the checkpoints have different architectures")
    if len(weights) != len(cks) or abs(sum(weights) - 1) > 1e-6:
        raise SystemExit("average: --weights needs one weight per checkpoint, summing to 1")
    first = cks[0]["state"]
    state = {k: sum(w * ck["state"][k].float() for w, ck in zip(weights, cks)).to(first[k].dtype) for k in first}
    model = KeepModel(**cks[0]["cfg"])
    model.load_state_dict(state)
    subset = val_sample(val, seed, val_limit)
    inputs = []
    for p in paths:
        ev = evaluate(load(p), val, subset, cat_weight=cat_weight)
        log(f"average: {p} {json.dumps(ev)}")
        inputs.append(dict(ckpt=p, eval=ev))
    ev = evaluate(model, val, subset, cat_weight=cat_weight)
    log(f"average: weights {weights} {json.dumps(ev)}")
    # The last input's run record (data, kept layers, steps) describes the averaged model's lineage.
    last = os.path.join(os.path.dirname(paths[-1]), "train.json")
    info = json.load(open(last)) if os.path.exists(last) else {}
    info.pop("history", None)
    info.update(averaged=dict(inputs=[dict(ckpt=i["ckpt"], f1=i["eval"]["f1"], loss=i["eval"]["loss"]) for i in inputs],
                              weights=weights), best=ev, cfg=model.cfg)
    save(model, out, info)
