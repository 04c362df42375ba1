"""Temperature scaling of the keep head on validation windows, with reliability curves (ECE)."""
import json

import numpy as np
import torch

from common import log


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
