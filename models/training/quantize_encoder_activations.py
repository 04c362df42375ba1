"""Integer MatMuls for the ported sentence encoder. port_sentence_encoder.py's graph keeps int8 weights q with
per-column scales s but multiplies in fp32: MatMul(x, Cast(q) * s). Each such MatMul becomes
DynamicQuantizeLinear(x) -> MatMulInteger(xq, q) -> Cast -> Mul(xs) -> Mul(s): the same int8 weights, the
activations quantized per run (uint8, as onnxruntime's quantize_dynamic emits; onnxruntime fuses the pattern into its
u8·s8 kernel). About twice the texts per second on this machine's CPU (scripts/bench/encoder-throughput.ts).

The activations' scale is the whole input tensor's range, so a text's vector would depend on the texts batched with
it: encoder.json gets "textsPerRun": 1 and the loader runs each text alone (no padding either), so the vector of a
text depends on the text only and stored similarities equal live ones.

  /usr/bin/python3 models/training/quantize_encoder_activations.py FOLDER_IN FOLDER_OUT
"""
import json
import os
import shutil
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def convert(src, dst):
    model = onnx.load(src)
    g = model.graph
    prod = {o: n for n in g.node for o in n.output}
    inits = {i.name: i for i in g.initializer}
    out_nodes, dropped, count = [], set(), 0
    for node in g.node:
        w = prod.get(node.input[1]) if node.op_type == "MatMul" else None
        cast = prod.get(w.input[0]) if w is not None and w.op_type == "Mul" else None
        q_name = cast.input[0] if cast is not None and cast.op_type == "Cast" else None
        if q_name not in inits or inits[q_name].data_type != TensorProto.INT8 or w.input[1] not in inits:
            out_nodes.append(node)
            continue
        base, x = node.name.replace("/", "_").strip("_"), node.input[0]
        zp = f"{base}_wzp"  # the weights are symmetric int8: zero point 0 per column
        g.initializer.append(numpy_helper.from_array(np.zeros(inits[q_name].dims[1], np.int8), zp))
        out_nodes += [
            helper.make_node("DynamicQuantizeLinear", [x], [f"{base}_xq", f"{base}_xs", f"{base}_xzp"], name=f"{base}_dql"),
            helper.make_node("MatMulInteger", [f"{base}_xq", q_name, f"{base}_xzp", zp], [f"{base}_mmi"], name=f"{base}_mmi"),
            helper.make_node("Cast", [f"{base}_mmi"], [f"{base}_mmf"], to=TensorProto.FLOAT, name=f"{base}_cast"),
            helper.make_node("Mul", [f"{base}_mmf", f"{base}_xs"], [f"{base}_mx"], name=f"{base}_mulx"),
            helper.make_node("Mul", [f"{base}_mx", w.input[1]], [node.output[0]], name=f"{base}_muls"),
        ]
        dropped.update([w.name, cast.name])
        count += 1
    kept = [n for n in out_nodes if n.name not in dropped]
    del g.node[:]
    g.node.extend(kept)
    onnx.checker.check_model(model)
    return model, count


def main():
    src, dst = sys.argv[1], sys.argv[2]
    meta = json.load(open(os.path.join(src, "encoder.json")))
    model, count = convert(os.path.join(src, meta["files"]["model"]), None)
    os.makedirs(dst, exist_ok=True)
    onnx.save(model, os.path.join(dst, meta["files"]["model"]))
    if os.path.abspath(src) != os.path.abspath(dst):
        shutil.copyfile(os.path.join(src, meta["files"]["vocab"]), os.path.join(dst, meta["files"]["vocab"]))
    meta["name"] = meta["name"].replace("int8 weights", "int8 weights and activations")
    meta["textsPerRun"] = 1
    with open(os.path.join(dst, "encoder.json"), "w") as f:
        f.write(json.dumps(meta, indent=2) + "\n")
    print(f"{count} MatMuls made integer: {dst}")


if __name__ == "__main__":
    main()
