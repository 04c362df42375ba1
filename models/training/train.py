"""Trains the token encoder: a teacher, layer-pruned students distilled from it, ONNX export.

  /usr/bin/python3 models/training/train.py teacher --data WORK/data/train --val WORK/data/val --out WORK/teacher ...
  /usr/bin/python3 models/training/train.py student --teacher WORK/teacher/model.pt --keep 0,3 ...
  /usr/bin/python3 models/training/train.py export --ckpt WORK/student/model.pt --out WORK/student.onnx
  /usr/bin/python3 models/training/train.py predict --ckpt ... --data WORK/data/val --out probs.f32
  /usr/bin/python3 models/training/train.py average --ckpt A/model.pt,B/model.pt --val WORK/data/val --out WORK/avg

Loss: token-level BCE on keep (vital) labels + cat_weight x cross-entropy on the category labels (tokens
without a label are ignored). Students add the teacher's soft targets: (1 - alpha) * hard + alpha * soft.

Runs are step-based and resumable: the batch order of every epoch is drawn from the seed, a checkpoint
(weights, optimizer, step) is written every --save-every steps, and `--resume` continues from it, so the same
command gives the same model twice on one machine.
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


def release_free_memory():
    """Batches of varying shapes fragment glibc's heap: resident memory grew by gigabytes per hour. malloc_trim
    hands the free pages back (cheap; every 50 steps)."""
    try:
        import ctypes
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except OSError:
        pass


def losses(keep_logits, cat_logits, b):
    km = b["keep"] >= 0
    keep = F.binary_cross_entropy_with_logits(keep_logits[km], b["keep"][km]) if km.any() else keep_logits.sum() * 0
    cm = b["cats"] >= 0
    cat = F.cross_entropy(cat_logits[cm], b["cats"][cm]) if cm.any() else cat_logits.sum() * 0
    return keep, cat


def evaluate(model, ds, subset, max_tokens=8192, cat_weight=0.5):
    """Keep BCE, keep precision/recall/F1 at 0.5 and category accuracy over the labeled tokens of a val sample. The
    loss weighs the category loss as training does (--cat-weight), so the checkpoint choice follows the flag."""
    model.eval()
    tp = fp = fn = 0
    kl = cl = 0.0
    kn = cn = 0
    correct = 0
    with torch.no_grad():
        for idx in ds.batches(max_tokens, subset=subset):
            b = ds.collate(idx)
            keep_logits, cat_logits = model(b["ids"], b["mask"], b["feats"])
            km = b["keep"] >= 0
            y = b["keep"][km]
            z = keep_logits[km]
            kl += F.binary_cross_entropy_with_logits(z, y, reduction="sum").item()
            kn += int(km.sum())
            p = z > 0
            tp += int((p & (y > 0.5)).sum())
            fp += int((p & (y < 0.5)).sum())
            fn += int((~p & (y > 0.5)).sum())
            cm = b["cats"] >= 0
            cl += F.cross_entropy(cat_logits[cm], b["cats"][cm], reduction="sum").item()
            cn += int(cm.sum())
            correct += int((cat_logits[cm].argmax(-1) == b["cats"][cm]).sum())
    model.train()
    prec = tp / max(1, tp + fp)
    rec = tp / max(1, tp + fn)
    keep_loss = kl / max(1, kn)
    cat_loss = cl / max(1, cn)
    return dict(loss=keep_loss + cat_weight * cat_loss, keepLoss=keep_loss, catLoss=cat_loss, precision=prec, recall=rec,
                f1=2 * prec * rec / max(1e-9, prec + rec), catAccuracy=correct / max(1, cn))


def grow_vocab(model, vocab):
    """A model whose vocabulary was extended (train-data --extend-cyrillic: new pieces appended, old ids kept) gets
    embedding rows for the new pieces, each the mean of the old rows plus noise of their spread: a neutral start that
    the training windows then move. A model already that large is returned as it is."""
    old = model.cfg["vocab"]
    if vocab <= old:
        return model
    w = model.tok.weight.data
    grown = torch.nn.Embedding(vocab, w.shape[1])
    g = torch.Generator().manual_seed(vocab)
    rows = w.mean(0, keepdim=True) + torch.randn(vocab - old, w.shape[1], generator=g) * w.std(0, keepdim=True) * 0.5
    grown.weight.data = torch.cat([w, rows], 0)
    model.tok = grown
    model.cfg["vocab"] = vocab
    log(f"vocabulary grown from {old} to {vocab} pieces")
    return model


def val_sample(val, seed, limit):
    """The fixed validation sample every run is evaluated on (checkpoint choice, averaging)."""
    return np.random.default_rng(seed + 7).permutation(val.n)[:limit]


def epoch_batches(ds, args, epoch):
    return ds.batches(args.max_tokens, rng=np.random.default_rng(args.seed * 1000 + epoch))


def train(model, ds, val, args, teacher=None, tag="model", teacher_ds=None):
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    total = args.steps
    warm = max(1, int(0.06 * total))
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: min(1.0, (s + 1) / warm) * max(0.03, 0.5 * (1 + math.cos(math.pi * min(1.0, s / total)))))
    val_subset = val_sample(val, args.seed, args.val_limit)
    state_path = os.path.join(args.out, "state.pt")
    step, epoch, pos = 0, 0, 0
    best = None
    hist = []
    spent = 0.0
    if args.resume and os.path.exists(state_path):
        st = torch.load(state_path)
        model.load_state_dict(st["model"])
        opt.load_state_dict(st["opt"])
        sched.load_state_dict(st["sched"])
        step, epoch, pos, hist, spent = st["step"], st["epoch"], st["pos"], st["hist"], st["spent"]
        if "rng" in st:
            torch.set_rng_state(st["rng"])  # dropout masks continue as if never interrupted
        best = st["best"]
        log(f"{tag}: resumed at step {step} (epoch {epoch}, batch {pos})")
    elif args.skip_batches:
        # Continuing a finished model (--init) on the batches it has not seen yet: the same epoch order, later on.
        pos = args.skip_batches
        log(f"{tag}: starting at batch {pos} of epoch 0")
    os.makedirs(args.out, exist_ok=True)
    start = time.time() - spent * 60
    recent = []
    plan = epoch_batches(ds, args, epoch)
    while step < total:
        if pos >= len(plan):
            epoch += 1
            pos = 0
            plan = epoch_batches(ds, args, epoch)
        b = ds.collate(plan[pos])
        # --teacher-data: the same windows with the features the teacher was trained on (a feature change).
        tb = teacher_ds.collate(plan[pos]) if teacher_ds is not None else b
        pos += 1
        keep_logits, cat_logits = model(b["ids"], b["mask"], b["feats"])
        hard_keep, hard_cat = losses(keep_logits, cat_logits, b)
        loss = hard_keep + args.cat_weight * hard_cat
        if teacher is not None:
            with torch.no_grad():
                t_keep, t_cat = teacher(tb["ids"], tb["mask"], tb["feats"])
            m = b["mask"] > 0
            soft_keep = F.binary_cross_entropy_with_logits(keep_logits[m], torch.sigmoid(t_keep[m]))
            soft_cat = F.kl_div(F.log_softmax(cat_logits[m], -1), F.softmax(t_cat[m], -1), reduction="batchmean")
            loss = (1 - args.alpha) * loss + args.alpha * (soft_keep + args.cat_weight * soft_cat)
        opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        sched.step()
        step += 1
        recent.append(loss.item())
        elapsed = (time.time() - start) / 60
        if step % 50 == 0:
            release_free_memory()
            log(f"{tag} step {step}/{total} epoch {epoch} loss {sum(recent) / len(recent):.4f} lr {sched.get_last_lr()[0]:.2e} {elapsed:.1f} min")
            recent = []
        if step % args.eval_every == 0 or step >= total:
            ev = evaluate(model, val, val_subset, cat_weight=args.cat_weight)
            ev.update(step=step, epoch=epoch, minutes=round(elapsed, 2))
            hist.append(ev)
            log(f"{tag} eval {json.dumps(ev)}")
            if best is None or ev["loss"] < best["eval"]["loss"]:
                best = dict(eval=ev, state={k: v.clone() for k, v in model.state_dict().items()})
        if step % args.save_every == 0 and step < total:
            torch.save(dict(model=model.state_dict(), opt=opt.state_dict(), sched=sched.state_dict(), step=step, epoch=epoch,
                            pos=pos, hist=hist, spent=elapsed, best=best, rng=torch.get_rng_state()), state_path)
    model.load_state_dict(best["state"])
    return dict(steps=step, epochs=round(epoch + pos / max(1, len(plan)), 2), minutes=round((time.time() - start) / 60, 2),
                best=best["eval"], history=hist)


def save(model, out, info):
    os.makedirs(out, exist_ok=True)
    torch.save(dict(cfg=model.cfg, state=model.state_dict()), os.path.join(out, "model.pt"))
    json.dump(info, open(os.path.join(out, "train.json"), "w"), indent=2)
    state = os.path.join(out, "state.pt")
    if os.path.exists(state):
        os.remove(state)


def load(path):
    ck = torch.load(path)
    m = KeepModel(**ck["cfg"])
    m.load_state_dict(ck["state"])
    return m


def export(model, out, int8_embedding=True, opset=17, temperature=1.0):
    model.eval()
    wrapper = ExportWrapper(model, int8_embedding, temperature).eval()
    nf = len(model.cfg["feature_sizes"])
    ids = torch.randint(1000, 2000, (2, 40))
    mask = torch.ones_like(ids)
    feats = torch.ones((2, 40, nf), dtype=torch.long)
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    torch.onnx.export(
        wrapper, (ids, mask, feats), out, opset_version=opset,
        input_names=["input_ids", "attention_mask", "features"], output_names=["probs", "categories"],
        dynamic_axes={"input_ids": {0: "batch", 1: "seq"}, "attention_mask": {0: "batch", 1: "seq"},
                      "features": {0: "batch", 1: "seq"}, "probs": {0: "batch", 1: "seq"},
                      "categories": {0: "batch", 1: "seq"}},
        do_constant_folding=True)
    import onnx
    proto = onnx.load(out)
    # The architecture travels inside the file: onnx_weights.py reads a shipped model back for fine-tuning.
    entry = proto.metadata_props.add()
    entry.key = "snippet_lab_cfg"
    entry.value = json.dumps(dict(model.cfg, temperature=temperature))
    onnx.checker.check_model(proto)
    onnx.save(proto, out)
    with torch.no_grad():
        ref = torch.sigmoid(model(ids, mask, feats)[0] / temperature)
        got = wrapper(ids, mask, feats)[0]
    log(f"exported {out} ({os.path.getsize(out) / 1e6:.1f} MB); int8-embedding deviation {float((ref - got).abs().max()):.2e}")


def predict(model, ds, out, max_tokens=8192):
    """Keep logits of every position of every window (float32, flat like ids.i32): calibration input."""
    model.eval()
    logits = np.zeros(len(ds.ids), np.float32)
    with torch.no_grad():
        for idx in ds.batches(max_tokens):
            b = ds.collate(idx)
            z, _ = model(b["ids"], b["mask"], b["feats"])
            for r, i in enumerate(idx):
                a, e = ds.offsets[i], ds.offsets[i + 1]
                logits[a:e] = z[r, : e - a].numpy()
    logits.tofile(out)
    log(f"wrote {out}")


def ece(probs, labels, bins=10):
    idx = np.minimum((probs * bins).astype(int), bins - 1)
    total = 0.0
    curve = []
    for b in range(bins):
        m = idx == b
        n = int(m.sum())
        if n == 0:
            curve.append(dict(bin=b, count=0))
            continue
        conf = float(probs[m].mean())
        acc = float(labels[m].mean())
        total += n * abs(conf - acc)
        curve.append(dict(bin=b, count=n, meanProb=round(conf, 4), positiveShare=round(acc, 4)))
    return total / max(1, len(probs)), curve


def fit_temperature(model, ds, out, limit=4000):
    """Temperature scaling (Guo et al. 2017) of the keep head on validation tokens: the T minimising the
    log-loss, found on a grid then refined. Ranking is unchanged; probabilities become honest."""
    model.eval()
    subset = np.random.default_rng(11).permutation(ds.n)[:limit]
    zs, ys = [], []
    with torch.no_grad():
        for idx in ds.batches(8192, subset=subset):
            b = ds.collate(idx)
            z, _ = model(b["ids"], b["mask"], b["feats"])
            m = b["keep"] >= 0
            zs.append(z[m].numpy())
            ys.append(b["keep"][m].numpy())
    z = np.concatenate(zs).astype(np.float64)
    y = np.concatenate(ys).astype(np.float64)

    def nll(t):
        p = 1 / (1 + np.exp(-z / t))
        p = np.clip(p, 1e-7, 1 - 1e-7)
        return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())

    grid = np.arange(0.3, 4.0, 0.05)
    t = float(grid[int(np.argmin([nll(g) for g in grid]))])
    for step in (0.01, 0.002):
        local = np.arange(t - 5 * step, t + 5 * step, step)
        t = float(local[int(np.argmin([nll(g) for g in local]))])
    before, curve_before = ece(1 / (1 + np.exp(-z)), y)
    after, curve_after = ece(1 / (1 + np.exp(-z / t)), y)
    report = dict(temperature=round(t, 4), tokens=int(len(y)), nllBefore=round(nll(1.0), 5), nllAfter=round(nll(t), 5),
                  eceBefore=round(before, 5), eceAfter=round(after, 5), reliabilityBefore=curve_before, reliabilityAfter=curve_after)
    json.dump(report, open(out, "w"), indent=2)
    log(f"temperature {t:.3f}: token ECE {before:.4f} -> {after:.4f}, log-loss {nll(1.0):.4f} -> {nll(t):.4f}")


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


def main():
    p = argparse.ArgumentParser()
    p.add_argument("mode", choices=["teacher", "student", "export", "eval", "predict", "temperature", "average"])
    p.add_argument("--data")
    p.add_argument("--val")
    p.add_argument("--out")
    p.add_argument("--ckpt")
    p.add_argument("--teacher")
    p.add_argument("--teacher-data", help="the same training windows with the features the teacher was trained on")
    p.add_argument("--keep", default="0,3")
    p.add_argument("--layers", type=int, default=4)
    p.add_argument("--d", type=int, default=128)
    p.add_argument("--heads", type=int, default=4)
    p.add_argument("--ffn", type=int, default=512)
    p.add_argument("--steps", type=int, default=4000)
    p.add_argument("--max-tokens", type=int, default=8192)
    p.add_argument("--lr", type=float, default=5e-4)
    p.add_argument("--alpha", type=float, default=0.5)
    p.add_argument("--cat-weight", type=float, default=0.5)
    p.add_argument("--eval-every", type=int, default=500)
    p.add_argument("--save-every", type=int, default=250)
    p.add_argument("--val-limit", type=int, default=1500)
    p.add_argument("--seed", type=int, default=13)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--temperature", type=float, default=1.0)
    p.add_argument("--resume", action="store_true")
    p.add_argument("--skip-batches", type=int, default=0, help="start at this batch of the first epoch (with --init: continue on unseen batches)")
    p.add_argument("--init", help="start from these weights (model.pt, or a model.onnx exported by this script)")
    p.add_argument("--no-int8-embedding", action="store_true")
    p.add_argument("--weights", help="average: one weight per --ckpt, comma-separated (default: equal)")
    args = p.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)

    if args.mode == "export":
        export(load(args.ckpt), args.out, int8_embedding=not args.no_int8_embedding, temperature=args.temperature)
        return
    if args.mode == "predict":
        predict(load(args.ckpt), WindowSet(args.data), args.out)
        return
    val = WindowSet(args.val)
    if args.mode == "temperature":
        fit_temperature(load(args.ckpt), val, args.out)
        return
    if args.mode == "average":
        paths = args.ckpt.split(",")
        weights = [float(w) for w in args.weights.split(",")] if args.weights else [1 / len(paths)] * len(paths)
        average(paths, weights, val, args.out, args.val_limit, args.seed, cat_weight=args.cat_weight)
        return
    if args.mode == "eval":
        print(json.dumps(evaluate(load(args.ckpt), val, np.arange(min(val.n, args.val_limit)), cat_weight=args.cat_weight)))
        return
    ds = WindowSet(args.data)
    log(f"train windows {ds.n} tokens {len(ds.ids)}; val windows {val.n}; keep share {(ds.keep == 1).sum() / max(1, (ds.keep >= 0).sum()):.3f}")
    sizes = ds.meta["featureSizes"]
    vocab = int(ds.meta["tokenizer"]["vocabSize"])
    if args.mode == "teacher":
        if args.init:
            from onnx_weights import load_any
            model = grow_vocab(load_any(args.init), vocab)
            log(f"teacher initialised from {args.init}")
        else:
            model = KeepModel(vocab=vocab, feature_sizes=sizes, d=args.d, layers=args.layers, heads=args.heads, ffn=args.ffn)
        info = train(model, ds, val, args, tag="teacher")
    else:
        teacher = grow_vocab(load(args.teacher), vocab).eval()
        for prm in teacher.parameters():
            prm.requires_grad_(False)
        keep = [int(x) for x in args.keep.split(",")]
        if args.init:
            # Fine-tuning a shipped student: start from its own weights, not from a fresh pruning.
            from onnx_weights import load_any
            model = grow_vocab(load_any(args.init), vocab)
            keep = model.cfg.get("keep", keep)
            log(f"student initialised from {args.init}")
        else:
            model = prune_layers(teacher, keep)
        teacher_ds = None
        if args.teacher_data:
            teacher_ds = WindowSet(args.teacher_data)
            assert np.array_equal(teacher_ds.offsets, ds.offsets) and np.array_equal(teacher_ds.ids, ds.ids), "--teacher-data must hold the same windows"
            log(f"teacher reads its features from {args.teacher_data}")
        info = train(model, ds, val, args, teacher=teacher, tag="student", teacher_ds=teacher_ds)
        info["keep"] = keep
        info["alpha"] = args.alpha
    info["args"] = vars(args)
    info["cfg"] = model.cfg
    info["data"] = {k: v for k, v in ds.meta.items() if k != "stats"}
    save(model, args.out, info)
    log("saved", args.out, json.dumps(info["best"]))


if __name__ == "__main__":
    main()
