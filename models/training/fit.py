"""The training loop: losses, validation metrics, resumable step-based training, vocabulary growth."""
import json
import math
import os
import time

import numpy as np
import torch
import torch.nn.functional as F

from common import log, release_free_memory


def losses(keep_logits, cat_logits, b):
    km = b["keep"] >= 0
    keep = F.binary_cross_entropy_with_logits(keep_logits[km], b["keep"][km]) if km.any() else keep_logits.sum() * 0
    cm = b["cats"] >= 0
    cat = F.cross_entropy(cat_logits[cm], b["cats"][cm]) if cm.any() else cat_logits.sum() * 0
    return keep, cat


def unit_scores(keep_logits, b, max_positives=3):
    """(score [B, U], evidence [B, U], rows [B]) of the windows the unit loss reads, or None (see unit_loss)."""
    units = b["units"]
    valid = (units >= 0) & (b["keep"] >= 0)
    if not valid.any():
        return None
    U = int(units[valid].max()) + 1
    slot = torch.where(valid, units, torch.full_like(units, U))  # U: a bucket for everything else, dropped below
    zeros = torch.zeros(units.shape[0], U + 1, dtype=keep_logits.dtype)
    sums = zeros.scatter_add(1, slot, torch.where(valid, keep_logits, torch.zeros_like(keep_logits)))[:, :U]
    counts = zeros.scatter_add(1, slot, valid.to(keep_logits.dtype))[:, :U]
    positives = zeros.scatter_add(1, slot, (valid & (b["keep"] > 0.5)).to(keep_logits.dtype))[:, :U]
    present = counts > 0
    evidence = present & (positives * 2 > counts)
    n_pos = evidence.sum(1)
    rows = (n_pos >= 1) & (n_pos <= max_positives) & (present.sum(1) > n_pos)
    if not rows.any():
        return None
    return (sums / counts.clamp(min=1)).masked_fill(~present, -1e4), evidence, rows


def unit_top1(got):
    """(hits, windows) of unit_scores' output: eligible windows whose best-scored unit is an evidence unit."""
    if got is None:
        return 0, 0
    score, evidence, rows = got
    hit = evidence.gather(1, score.argmax(1)[:, None])[:, 0]
    return int(hit[rows].sum()), int(rows.sum())


def listwise(got):
    """-log of the softmax mass on the evidence units, averaged over the eligible windows (unit_scores' output)."""
    score, evidence, rows = got
    lse_all = torch.logsumexp(score, 1)
    lse_pos = torch.logsumexp(score.masked_fill(~evidence, -1e4), 1)
    return (lse_all - lse_pos)[rows].mean()


def unit_loss(keep_logits, b, max_positives=3):
    """Listwise loss over a window's sentence units: a unit scores the mean logit of its labeled tokens (serving ranks
    units by their tokens' mean), and the loss is -log of the softmax mass on the evidence units. Only windows with
    1..max_positives evidence units and at least one other unit count: the one-answer-sentence kind, where token BCE
    lets the many easy tokens outweigh the few units that share the question's words but do not answer it."""
    got = unit_scores(keep_logits, b, max_positives)
    return keep_logits.sum() * 0 if got is None else listwise(got)


def evaluate(model, ds, subset, max_tokens=8192, cat_weight=0.5, lexical_share=0.0, seed=13, unit_weight=0.0):
    """Keep BCE, keep precision/recall/F1 at 0.5 and category accuracy over the labeled tokens of a val sample. The
    loss weighs the category loss as training does (--cat-weight), so the checkpoint choice follows the flag.
    With units in the set it also reports unitLoss (the listwise loss over eligible windows, batch means averaged) and
    unitTop1 (their share whose best-scored unit is evidence); unit_weight adds unitLoss to the loss (--unit-loss).
    lexical_share > 0 zeroes the query-match features of that share of the windows (a probe of what the encoder reads
    without them; seeded per batch, so two models see the same windows dropped)."""
    columns = lexical_feature_columns(ds.meta) if lexical_share > 0 else []
    model.eval()
    tp = fp = fn = 0
    kl = cl = 0.0
    kn = cn = 0
    correct = 0
    ul, ub, top_hit, top_n = 0.0, 0, 0, 0
    with torch.no_grad():
        for i, idx in enumerate(ds.batches(max_tokens, subset=subset)):
            b = ds.collate(idx)
            if columns:
                b = drop_lexical(b, columns, lexical_share, np.random.default_rng([seed, i]))
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
            if ds.units is not None:
                got = unit_scores(keep_logits, b)
                if got is not None:
                    ul += listwise(got).item()
                    ub += 1
                hit, n = unit_top1(got)
                top_hit += hit
                top_n += n
    model.train()
    prec = tp / max(1, tp + fp)
    rec = tp / max(1, tp + fn)
    keep_loss = kl / max(1, kn)
    cat_loss = cl / max(1, cn)
    out = dict(loss=keep_loss + cat_weight * cat_loss, keepLoss=keep_loss, catLoss=cat_loss, precision=prec, recall=rec,
               f1=2 * prec * rec / max(1e-9, prec + rec), catAccuracy=correct / max(1, cn))
    if ds.units is not None:
        out.update(unitLoss=ul / max(1, ub), unitTop1=top_hit / max(1, top_n), unitWindows=top_n)
        out["loss"] += unit_weight * out["unitLoss"]
    return out


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


# The features that say which words of the query a token or unit shares (lib/features/feature-spec.ts): with them the
# model learned to rank as BM25 does. --lexical-dropout zeroes them for a share of the windows, so the encoder has to
# read the query and the text themselves (modality dropout); serving always has them.
LEXICAL_FEATURES = ("tokenMatch", "unitLexical", "unitRank", "unitCoverage")


def lexical_feature_columns(meta):
    names = meta.get("featureNames") or []
    return [i for i, n in enumerate(names) if n in LEXICAL_FEATURES]


def drop_lexical(batch, columns, share, rng):
    """The batch with the lexical feature columns set to 0 in about `share` of its windows (bin 0 is never served: 1 is
    "no match", so 0 reads as "unknown" and the encoder cannot mistake it for a real feature value)."""
    rows = np.flatnonzero(rng.random(batch["feats"].shape[0]) < share)
    if len(rows) == 0:
        return batch
    feats = batch["feats"].clone()
    r = torch.from_numpy(rows)
    for c in columns:
        feats[r, :, c] = 0
    return dict(batch, feats=feats)


def train(model, ds, val, args, teacher=None, tag="model", teacher_ds=None, objective=None):
    """The training loop (resumable from OUT/state.pt). `objective`, when given, replaces the keep/category loss and
    the evaluation: `objective.loss(batch, step)` and `objective.evaluate(val, subset)` (masked-LM pretraining,
    pretrain.py); `model` is then the module that holds every trained parameter."""
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
    lexical_columns = lexical_feature_columns(ds.meta) if getattr(args, "lexical_dropout", 0) > 0 else []
    if lexical_columns:
        log(f"{tag}: lexical feature dropout {args.lexical_dropout} on columns {lexical_columns}")
    plan = epoch_batches(ds, args, epoch)
    while step < total:
        if pos >= len(plan):
            epoch += 1
            pos = 0
            plan = epoch_batches(ds, args, epoch)
        b = ds.collate(plan[pos])
        # --teacher-data: the same windows with the features the teacher was trained on (a feature change).
        tb = teacher_ds.collate(plan[pos]) if teacher_ds is not None else b
        if lexical_columns and args.lexical_dropout > 0:
            # Seeded by the step: a resumed run drops the same windows' features as an uninterrupted one.
            b = drop_lexical(b, lexical_columns, args.lexical_dropout, np.random.default_rng([args.seed, step]))
        pos += 1
        if objective is not None:
            loss = objective.loss(b, step)
        else:
            keep_logits, cat_logits = model(b["ids"], b["mask"], b["feats"])
            hard_keep, hard_cat = losses(keep_logits, cat_logits, b)
            loss = hard_keep + args.cat_weight * hard_cat
            if getattr(args, "unit_loss", 0) > 0:
                loss = loss + args.unit_loss * unit_loss(keep_logits, b)
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
            if objective is not None:
                ev = objective.evaluate(val, val_subset)
            else:
                ev = evaluate(model, val, val_subset, cat_weight=args.cat_weight, unit_weight=getattr(args, "unit_loss", 0.0))
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
