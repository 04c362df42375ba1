"""Shared by the training scripts: logging, memory release, checkpoints (model.pt) saved and loaded."""
import json
import os
import time

import torch

from model import KeepModel


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
