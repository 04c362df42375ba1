"""ONNX export of a trained model (opset 17, int8 token embedding, temperature folded in) and raw predictions."""
import json
import os

import numpy as np
import torch

from common import log
from model import ExportWrapper


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
