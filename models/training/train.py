"""Trains the keep-token encoder: teacher, layer-pruned students distilled from it, ONNX export.

  /usr/bin/python3 models/training/train.py teacher --data WORK/train --dev WORK/dev --out WORK/teacher ...
  /usr/bin/python3 models/training/train.py student --teacher WORK/teacher/model.pt --keep 0,3 ...
  /usr/bin/python3 models/training/train.py export --ckpt WORK/student/model.pt --out models/NAME/model.onnx

Loss: token-level BCE on context tokens (query and special tokens are ignored, label -1); students add
a soft cross-entropy on the teacher's probabilities: (1 - alpha) * BCE(hard) + alpha * BCE(soft).
"""
import argparse
import json
import math
import os
import sys
import time

import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from data import WindowSet  # noqa: E402
from model import ExportWrapper, KeepModel, prune_layers  # noqa: E402


def log(*a):
    print(time.strftime("%H:%M:%S"), *a, flush=True)


def evaluate(model, ds, max_tokens=8192, limit=None):
    """Token-level precision/recall/F1 at 0.5 and mean BCE over context tokens of the dev windows."""
    model.eval()
    tp = fp = fn = 0
    loss_sum = 0.0
    count = 0
    with torch.no_grad():
        for idx in ds.batches(max_tokens, limit=limit):
            b = ds.collate(idx)
            logits = model(b["ids"], b["mask"], b["types"])
            m = b["labels"] >= 0
            y = b["labels"][m]
            z = logits[m]
            loss_sum += F.binary_cross_entropy_with_logits(z, y, reduction="sum").item()
            count += int(m.sum())
            p = z > 0
            tp += int((p & (y > 0.5)).sum())
            fp += int((p & (y < 0.5)).sum())
            fn += int((~p & (y > 0.5)).sum())
    model.train()
    prec = tp / max(1, tp + fp)
    rec = tp / max(1, tp + fn)
    return dict(loss=loss_sum / max(1, count), precision=prec, recall=rec, f1=2 * prec * rec / max(1e-9, prec + rec))


def train(model, ds, dev, args, teacher=None, tag="model"):
    rng = np.random.default_rng(args.seed)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    batches_per_epoch = len(ds.batches(args.max_tokens))
    total = max(1, int(batches_per_epoch * args.epochs))
    if args.max_minutes:
        log(f"{tag}: time cap {args.max_minutes} min")
    warm = max(1, int(0.08 * total))
    start = time.time()

    def progress(s):
        # Whichever ends first, the step count or the time cap, drives the cosine decay.
        p = s / total
        if args.max_minutes:
            p = max(p, (time.time() - start) / 60 / args.max_minutes)
        return min(1.0, p)

    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: min(1.0, (s + 1) / warm) * max(0.02, 0.5 * (1 + math.cos(math.pi * progress(s)))))
    step = 0
    best = None
    hist = []
    done = False
    pw = torch.tensor(args.pos_weight)
    recent = []
    while not done:
        for idx in ds.batches(args.max_tokens, rng=rng):
            b = ds.collate(idx)
            logits = model(b["ids"], b["mask"], b["types"])
            m = b["labels"] >= 0
            hard = F.binary_cross_entropy_with_logits(logits[m], b["labels"][m], pos_weight=pw)
            if teacher is not None:
                # Teacher probabilities computed for the batches the student actually sees: cheaper
                # than a pass over the whole set when the student trains under a time cap.
                with torch.no_grad():
                    soft = torch.sigmoid(teacher(b["ids"], b["mask"], b["types"]))
                s = F.binary_cross_entropy_with_logits(logits[m], soft[m])
                loss = (1 - args.alpha) * hard + args.alpha * s
            else:
                loss = hard
            opt.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            opt.step()
            sched.step()
            step += 1
            elapsed = (time.time() - start) / 60
            recent.append(loss.item())
            if step % 50 == 0:
                # Mean over the last 50 batches: single batches differ a lot (plain SQuAD vs noisy pages).
                log(f"{tag} step {step}/{total} loss {sum(recent) / len(recent):.4f} lr {sched.get_last_lr()[0]:.2e} {elapsed:.1f} min")
                recent = []
            if step % args.eval_every == 0 or step >= total or (args.max_minutes and elapsed > args.max_minutes):
                ev = evaluate(model, dev, limit=args.dev_limit)
                ev.update(step=step, minutes=round(elapsed, 2))
                hist.append(ev)
                log(f"{tag} eval {json.dumps(ev)}")
                if best is None or ev["loss"] < best[0]:
                    best = (ev["loss"], {k: v.clone() for k, v in model.state_dict().items()}, ev)
            if step >= total or (args.max_minutes and elapsed > args.max_minutes):
                done = True
                break
    model.load_state_dict(best[1])
    return dict(steps=step, minutes=round((time.time() - start) / 60, 2), best=best[2], history=hist)


def save(model, out, info):
    os.makedirs(out, exist_ok=True)
    torch.save(dict(cfg=model.cfg, state=model.state_dict()), os.path.join(out, "model.pt"))
    json.dump(info, open(os.path.join(out, "train.json"), "w"), indent=2)


def load(path):
    ck = torch.load(path)
    m = KeepModel(**ck["cfg"])
    m.load_state_dict(ck["state"])
    return m


def export(model, out, int8_embedding=True, opset=17):
    model.eval()
    wrapper = ExportWrapper(model, int8_embedding).eval()
    ids = torch.randint(1000, 2000, (2, 40))
    mask = torch.ones_like(ids)
    types = torch.ones_like(ids)
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    torch.onnx.export(
        wrapper, (ids, mask, types), out, opset_version=opset,
        input_names=["input_ids", "attention_mask", "token_type_ids"], output_names=["probs"],
        dynamic_axes={"input_ids": {0: "batch", 1: "seq"}, "attention_mask": {0: "batch", 1: "seq"},
                      "token_type_ids": {0: "batch", 1: "seq"}, "probs": {0: "batch", 1: "seq"}},
        do_constant_folding=True)
    import onnx
    onnx.checker.check_model(onnx.load(out))
    with torch.no_grad():
        ref = torch.sigmoid(model(ids, mask, types))
        got = wrapper(ids, mask, types)
    log(f"exported {out} ({os.path.getsize(out) / 1e6:.1f} MB); int8-embedding deviation {float((ref - got).abs().max()):.2e}")


def main():
    p = argparse.ArgumentParser()
    p.add_argument("mode", choices=["teacher", "student", "export", "eval"])
    p.add_argument("--data")
    p.add_argument("--dev")
    p.add_argument("--out")
    p.add_argument("--ckpt")
    p.add_argument("--teacher")
    p.add_argument("--keep", default="0,3")
    p.add_argument("--layers", type=int, default=4)
    p.add_argument("--d", type=int, default=256)
    p.add_argument("--heads", type=int, default=4)
    p.add_argument("--ffn", type=int, default=1024)
    p.add_argument("--epochs", type=float, default=1.0)
    p.add_argument("--max-minutes", type=float, default=0)
    p.add_argument("--max-tokens", type=int, default=6144)
    p.add_argument("--lr", type=float, default=5e-4)
    p.add_argument("--alpha", type=float, default=0.5)
    p.add_argument("--pos-weight", type=float, default=1.0)
    p.add_argument("--eval-every", type=int, default=400)
    p.add_argument("--seed", type=int, default=13)
    p.add_argument("--dev-limit", type=int, default=800)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--no-int8-embedding", action="store_true")
    args = p.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)

    if args.mode == "export":
        export(load(args.ckpt), args.out, int8_embedding=not args.no_int8_embedding)
        return
    dev = WindowSet(args.dev)
    if args.mode == "eval":
        print(json.dumps(evaluate(load(args.ckpt), dev)))
        return
    ds = WindowSet(args.data)
    log(f"train windows {ds.n} tokens {len(ds.ids)}; dev windows {dev.n}; positives {(ds.labels == 1).mean():.3f}")
    if args.mode == "teacher":
        model = KeepModel(d=args.d, layers=args.layers, heads=args.heads, ffn=args.ffn)
        info = train(model, ds, dev, args, tag="teacher")
    else:
        teacher = load(args.teacher).eval()
        log("teacher dev", json.dumps(evaluate(teacher, dev, limit=args.dev_limit)))
        teacher.eval()  # evaluate() leaves models in train mode
        keep = [int(x) for x in args.keep.split(",")]
        model = prune_layers(teacher, keep)
        log("pruned (before distillation) dev", json.dumps(evaluate(model, dev, limit=args.dev_limit)))
        info = train(model, ds, dev, args, teacher=teacher, tag="student")
        info["keep"] = keep
        info["alpha"] = args.alpha
    info["args"] = vars(args)
    info["data"] = ds.meta
    save(model, args.out, info)
    log("saved", args.out, json.dumps(info["best"]))


if __name__ == "__main__":
    main()
