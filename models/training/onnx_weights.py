"""Reads a model exported by train.py (ONNX, fp32 or int8-quantized) back into a PyTorch KeepModel, so a shipped
model can be fine-tuned (e.g. `snippet-lab train --gold FILE`) without its training checkpoint. Linear weights are
named initializers (`m.<param>_t`, transposed; `m.<param>_t_q_W` + `_q_Ws` once quantized), the token embedding is
int8 with per-row scales (`emb_q`, `emb_s`), and the architecture is in the metadata (`snippet_lab_cfg`)."""
import json

import numpy as np
import torch
from onnx import load as onnx_load, numpy_helper

from model import KeepModel


def load_onnx(path):
    proto = onnx_load(path)
    meta = {p.key: p.value for p in proto.metadata_props}
    if "snippet_lab_cfg" not in meta:
        raise SystemExit(f"{path} was not exported by this project's train.py (no snippet_lab_cfg metadata)")
    cfg = json.loads(meta["snippet_lab_cfg"])
    cfg.pop("temperature", None)
    inits = {i.name: numpy_helper.to_array(i) for i in proto.graph.initializer}
    model = KeepModel(**cfg)
    state = {}
    for name, param in model.state_dict().items():
        if name == "tok.weight":
            if "emb_q" in inits:
                w = inits["emb_q"].astype(np.float32) * inits["emb_s"][:, None]
            else:
                w = inits["m.tok.weight"]
        elif name.endswith(".weight") and param.dim() == 2 and f"m.{name}_t" in inits:
            w = inits[f"m.{name}_t"].T
        elif name.endswith(".weight") and param.dim() == 2 and f"m.{name}_t_q_W" in inits:
            w = (inits[f"m.{name}_t_q_W"].astype(np.float32) * inits[f"m.{name}_t_q_Ws"][None, :]).T
        elif f"m.{name}" in inits:
            w = inits[f"m.{name}"]
        else:
            raise SystemExit(f"{path}: no initializer for {name}")
        state[name] = torch.tensor(np.ascontiguousarray(w), dtype=param.dtype).reshape(param.shape)
    model.load_state_dict(state)
    return model


def load_any(path):
    if path.endswith(".onnx"):
        return load_onnx(path)
    ck = torch.load(path)
    m = KeepModel(**ck["cfg"])
    m.load_state_dict(ck["state"])
    return m
