"""int8 weight quantization of an ONNX graph with the `onnx` package only (no onnxruntime tools in
Debian): every MatMul by a 2-D float initializer becomes the pattern onnxruntime's quantize_dynamic
emits — DynamicQuantizeLinear -> MatMulInteger -> Cast -> Mul — with symmetric per-column int8
weights. onnxruntime fuses it at load time.

  /usr/bin/python3 models/training/quantize.py IN.onnx OUT.onnx
"""
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper


def quantize(src, dst, min_elements=4096):
    model = onnx.load(src)
    g = model.graph
    inits = {i.name: i for i in g.initializer}
    new_nodes = []
    new_inits = []
    count = 0
    for node in g.node:
        w_name = node.input[1] if node.op_type == "MatMul" and len(node.input) == 2 else None
        w = inits.get(w_name) if w_name else None
        if w is None or len(w.dims) != 2 or w.data_type != TensorProto.FLOAT or np.prod(w.dims) < min_elements:
            new_nodes.append(node)
            continue
        W = numpy_helper.to_array(w).astype(np.float32)  # [K, N]
        scale = np.maximum(np.abs(W).max(axis=0), 1e-8) / 127.0  # per output column
        Wq = np.clip(np.round(W / scale), -127, 127).astype(np.int8)
        # Named after the weight ("m.layers.0.qkv.weight_t_q"): onnx_weights.py finds and dequantizes it.
        base = f"{w_name}_q"
        count += 1
        new_inits += [
            numpy_helper.from_array(Wq, f"{base}_W"),
            numpy_helper.from_array(scale.astype(np.float32), f"{base}_Ws"),
            numpy_helper.from_array(np.zeros(W.shape[1], np.int8), f"{base}_Wzp"),
        ]
        x = node.input[0]
        new_nodes += [
            helper.make_node("DynamicQuantizeLinear", [x], [f"{base}_xq", f"{base}_xs", f"{base}_xzp"], name=f"{base}_dql"),
            helper.make_node("MatMulInteger", [f"{base}_xq", f"{base}_W", f"{base}_xzp", f"{base}_Wzp"], [f"{base}_mmi"], name=f"{base}_mmi"),
            helper.make_node("Cast", [f"{base}_mmi"], [f"{base}_f"], to=TensorProto.FLOAT, name=f"{base}_cast"),
            helper.make_node("Mul", [f"{base}_xs", f"{base}_Ws"], [f"{base}_s"], name=f"{base}_scale"),
            helper.make_node("Mul", [f"{base}_f", f"{base}_s"], [node.output[0]], name=f"{base}_mul"),
        ]
    used = {i for n in new_nodes for i in n.input}
    kept = [i for i in g.initializer if i.name in used]
    del g.node[:]
    g.node.extend(new_nodes)
    del g.initializer[:]
    g.initializer.extend(kept + new_inits)
    onnx.checker.check_model(model)
    onnx.save(model, dst)
    print(f"quantized {count} MatMul weights -> {dst}")


if __name__ == "__main__":
    quantize(sys.argv[1], sys.argv[2])
