"""Trains the token encoder: a teacher, layer-pruned students distilled from it, ONNX export.

  /usr/bin/python3 models/training/train.py teacher --data WORK/data/train --val WORK/data/val --out WORK/teacher ...
  /usr/bin/python3 models/training/train.py student --teacher WORK/teacher/model.pt --keep 0,3 ...
  /usr/bin/python3 models/training/train.py pretrain --data WORK/data/train --val WORK/data/val --out WORK/pretrain ...
      (masked-LM on the windows, pretrain.py; then `teacher --init WORK/pretrain/model.pt`, optionally with
      `--mlm-weight W` to keep the masked-LM loss beside the task's)
  /usr/bin/python3 models/training/train.py export --ckpt WORK/student/model.pt --out WORK/student.onnx
  /usr/bin/python3 models/training/train.py predict --ckpt ... --data WORK/data/val --out probs.f32
  /usr/bin/python3 models/training/train.py average --ckpt A/model.pt,B/model.pt --val WORK/data/val --out WORK/avg

Loss: token-level BCE on keep (vital) labels + cat_weight x cross-entropy on the category labels (tokens
without a label are ignored). Students add the teacher's soft targets: (1 - alpha) * hard + alpha * soft.

Runs are step-based and resumable: the batch order of every epoch is drawn from the seed, a checkpoint
(weights, optimizer, step) is written every --save-every steps, and `--resume` continues from it, so the same
command gives the same model twice on one machine.

The modes live in their own modules: fit.py (the training loop), export_onnx.py (export, predict),
temperature.py, average.py, common.py (checkpoints); this file only parses the command line. Python
dependencies: requirements.txt beside it (Debian packages, see there).
"""
import argparse
import json
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from average import average  # noqa: E402
from common import load, log, save  # noqa: E402
from data import WindowSet  # noqa: E402
from export_onnx import export, predict  # noqa: E402
from fit import evaluate, grow_vocab, train  # noqa: E402
from model import KeepModel, prune_layers  # noqa: E402
from temperature import fit_temperature  # noqa: E402


def main():
    p = argparse.ArgumentParser()
    p.add_argument("mode", choices=["teacher", "student", "pretrain", "export", "eval", "predict", "temperature", "average"])
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
    p.add_argument("--lexical-dropout", type=float, default=0.0,
                   help="share of training windows whose query-match features (tokenMatch, unitLexical, unitRank, unitCoverage) are zeroed")
    p.add_argument("--unit-loss", type=float, default=0.0,
                   help="add this weight x a listwise loss over each window's sentence units (fit.unit_loss; needs units.i16)")
    p.add_argument("--mlm-weight", type=float, default=0.0,
                   help="teacher: add this weight x the masked-LM loss (pretrain.py) to the task loss on every batch")
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
        # An exported model.onnx is read too (a shipped model), grown to the windows' vocabulary if they extend it.
        from onnx_weights import load_any
        model = grow_vocab(load_any(args.ckpt), int(val.meta["tokenizer"]["vocabSize"]))
        print(json.dumps(evaluate(model, val, np.arange(min(val.n, args.val_limit)), cat_weight=args.cat_weight,
                                  lexical_share=args.lexical_dropout, seed=args.seed)))
        return
    ds = WindowSet(args.data)
    log(f"train windows {ds.n} tokens {len(ds.ids)}; val windows {val.n}; keep share {(ds.keep == 1).sum() / max(1, (ds.keep >= 0).sum()):.3f}")
    sizes = ds.meta["featureSizes"]
    vocab = int(ds.meta["tokenizer"]["vocabSize"])
    if args.mode in ("pretrain", "teacher"):
        # --init continues from a model (model.pt or an exported model.onnx), grown to the windows' vocabulary.
        if args.init:
            from onnx_weights import load_any
            model = grow_vocab(load_any(args.init), vocab)
            log(f"{args.mode} initialised from {args.init}")
        else:
            model = KeepModel(vocab=vocab, feature_sizes=sizes, d=args.d, layers=args.layers, heads=args.heads, ffn=args.ffn)
        if args.mode == "pretrain":
            # Masked-LM on the training windows (pretrain.py): the encoder learns to read before the task.
            from pretrain import MaskedLM, MaskedLMObjective
            mlm = MaskedLM(model)
            info = train(mlm, ds, val, args, tag="pretrain", objective=MaskedLMObjective(mlm, ds.meta, args.seed))
            # The prediction head beside the encoder's weights, so `teacher --mlm-weight` goes on from it.
            os.makedirs(args.out, exist_ok=True)
            torch.save({k: v for k, v in mlm.state_dict().items() if not k.startswith("encoder.")}, os.path.join(args.out, "mlm_head.pt"))
        elif args.mlm_weight > 0:
            # The task with the masked-LM loss beside it (pretrain.TaskWithMaskedLM); the saved model is the encoder.
            from pretrain import MaskedLM, TaskWithMaskedLM
            mlm = MaskedLM(model)
            head = os.path.join(os.path.dirname(args.init), "mlm_head.pt") if args.init else ""
            if head and os.path.exists(head):
                mlm.load_state_dict(torch.load(head), strict=False)
                log(f"masked-LM head from {head}")
            objective = TaskWithMaskedLM(mlm, ds.meta, args.seed, args.cat_weight, args.mlm_weight)
            info = train(mlm, ds, val, args, tag="teacher", objective=objective)
            info["mlmWeight"] = args.mlm_weight
        else:
            info = train(model, ds, val, args, tag="teacher")
    else:
        # The teacher may be a shipped model.onnx (fine-tuning a shipped student without the training checkpoints).
        from onnx_weights import load_any
        teacher = grow_vocab(load_any(args.teacher), vocab).eval()
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
