"""Reads the token windows written by `snippet-lab train-data` (flat arrays + offsets) and batches
them by length so little compute goes to padding."""
import json
import os
import numpy as np
import torch


class WindowSet:
    def __init__(self, folder):
        meta = json.load(open(os.path.join(folder, "meta.json")))
        self.meta = meta
        self.ids = np.fromfile(os.path.join(folder, "ids.i32"), dtype=np.int32)
        self.types = np.fromfile(os.path.join(folder, "types.u8"), dtype=np.uint8)
        self.labels = np.fromfile(os.path.join(folder, "labels.i8"), dtype=np.int8)
        self.offsets = np.fromfile(os.path.join(folder, "offsets.i64"), dtype=np.int64)
        self.n = len(self.offsets) - 1
        self.lengths = np.diff(self.offsets)
        assert self.offsets[-1] == len(self.ids) == len(self.types) == len(self.labels)

    def batches(self, max_tokens, rng=None, max_batch=64, limit=None):
        """Lists of example indices; similar lengths together, order shuffled when rng is given.
        `limit` keeps only the first N examples (a fixed dev subset for quick evaluations)."""
        lengths = self.lengths if limit is None else self.lengths[:limit]
        order = np.argsort(lengths, kind="stable")
        if rng is not None:
            # Shuffle within coarse length buckets, then shuffle the batches.
            noise = rng.random(len(lengths)) * 32
            order = np.argsort(lengths + noise, kind="stable")
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

    def collate(self, idx, soft=None):
        T = int(max(self.lengths[i] for i in idx))
        B = len(idx)
        ids = np.zeros((B, T), np.int64)
        types = np.zeros((B, T), np.int64)
        mask = np.zeros((B, T), np.int64)
        labels = np.full((B, T), -1, np.float32)
        soft_t = np.zeros((B, T), np.float32) if soft is not None else None
        for r, i in enumerate(idx):
            a, b = self.offsets[i], self.offsets[i + 1]
            L = b - a
            ids[r, :L] = self.ids[a:b]
            types[r, :L] = self.types[a:b]
            mask[r, :L] = 1
            labels[r, :L] = self.labels[a:b]
            if soft is not None:
                soft_t[r, :L] = soft[a:b]
        out = dict(ids=torch.from_numpy(ids), types=torch.from_numpy(types), mask=torch.from_numpy(mask),
                   labels=torch.from_numpy(labels))
        if soft is not None:
            out["soft"] = torch.from_numpy(soft_t)
        return out
