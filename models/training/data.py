"""Reads the token windows written by `snippet-lab train-data` (flat arrays + offsets, see
lib/data/training/write-window-set.ts) and batches them by length so little compute goes to padding."""
import json
import os
import numpy as np
import torch


class WindowSet:
    def __init__(self, folder):
        meta = json.load(open(os.path.join(folder, "meta.json")))
        self.meta = meta
        self.F = int(meta["featureCount"])
        self.ids = np.fromfile(os.path.join(folder, "ids.i32"), dtype=np.int32)
        self.feats = np.fromfile(os.path.join(folder, "feats.u8"), dtype=np.uint8).reshape(-1, self.F)
        self.keep = np.fromfile(os.path.join(folder, "keep.i8"), dtype=np.int8)
        self.cats = np.fromfile(os.path.join(folder, "cats.i8"), dtype=np.int8)
        self.offsets = np.fromfile(os.path.join(folder, "offsets.i64"), dtype=np.int64)
        # Sets written before units.i16 existed have no units: the unit loss then has nothing to group.
        units = os.path.join(folder, "units.i16")
        self.units = np.fromfile(units, dtype=np.int16) if os.path.exists(units) else None
        self.n = len(self.offsets) - 1
        self.lengths = np.diff(self.offsets)
        assert self.offsets[-1] == len(self.ids) == len(self.feats) == len(self.keep) == len(self.cats)
        assert self.units is None or len(self.units) == len(self.ids)

    def batches(self, max_tokens, rng=None, max_batch=64, subset=None):
        """Lists of window indices; similar lengths together, order shuffled when rng is given.
        `subset` restricts to those indices (a fixed validation sample)."""
        idx = np.arange(self.n) if subset is None else np.asarray(subset)
        lengths = self.lengths[idx]
        if rng is not None:
            # Shuffle within coarse length buckets, then shuffle the batches.
            order = idx[np.argsort(lengths + rng.random(len(lengths)) * 48, kind="stable")]
        else:
            order = idx[np.argsort(lengths, kind="stable")]
        out, cur, cur_max = [], [], 0
        for i in order:
            L = int(self.lengths[i])
            if cur and (max(cur_max, L) * (len(cur) + 1) > max_tokens or len(cur) >= max_batch):
                out.append(cur)
                cur, cur_max = [], 0
            cur.append(int(i))
            cur_max = max(cur_max, L)
        if cur:
            out.append(cur)
        if rng is not None:
            rng.shuffle(out)
        return out

    def collate(self, idx):
        T = int(max(self.lengths[i] for i in idx))
        B = len(idx)
        ids = np.zeros((B, T), np.int64)
        feats = np.zeros((B, T, self.F), np.int64)
        mask = np.zeros((B, T), np.int64)
        keep = np.full((B, T), -1, np.float32)
        cats = np.full((B, T), -1, np.int64)
        units = np.full((B, T), -1, np.int64)
        for r, i in enumerate(idx):
            a, b = self.offsets[i], self.offsets[i + 1]
            L = b - a
            ids[r, :L] = self.ids[a:b]
            feats[r, :L] = self.feats[a:b]
            mask[r, :L] = 1
            keep[r, :L] = self.keep[a:b]
            cats[r, :L] = self.cats[a:b]
            if self.units is not None:
                units[r, :L] = self.units[a:b]
        return dict(ids=torch.from_numpy(ids), feats=torch.from_numpy(feats), mask=torch.from_numpy(mask),
                    keep=torch.from_numpy(keep), cats=torch.from_numpy(cats), units=torch.from_numpy(units))
