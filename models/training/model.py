"""Small BERT-like token keep classifier, hand-written (torch 1.13: no SDPA; nn.TransformerEncoder's
fast path corrupts padded outputs), so the exported ONNX graph is plain MatMul/Softmax/LayerNorm."""
import math
import torch
import torch.nn as nn
import torch.nn.functional as F


class Layer(nn.Module):
    def __init__(self, d, heads, ffn, dropout):
        super().__init__()
        self.h = heads
        self.qkv = nn.Linear(d, 3 * d)
        self.out = nn.Linear(d, d)
        self.ln1 = nn.LayerNorm(d, eps=1e-12)
        self.ff1 = nn.Linear(d, ffn)
        self.ff2 = nn.Linear(ffn, d)
        self.ln2 = nn.LayerNorm(d, eps=1e-12)
        self.drop = nn.Dropout(dropout)

    def forward(self, x, bias):
        b, t, d = x.shape
        hd = d // self.h
        # Pre-LN: post-LN from scratch collapsed to a constant output once the learning rate peaked.
        q, k, v = self.qkv(self.ln1(x)).view(b, t, 3, self.h, hd).permute(2, 0, 3, 1, 4)
        # Scale q rather than the TxT scores: cheaper on CPU.
        att = torch.softmax((q * (1.0 / math.sqrt(hd))) @ k.transpose(-1, -2) + bias, dim=-1)
        y = (att @ v).transpose(1, 2).reshape(b, t, d)
        x = x + self.drop(self.out(y))
        x = x + self.drop(self.ff2(F.gelu(self.ff1(self.ln2(x)))))
        return x


class KeepModel(nn.Module):
    def __init__(self, vocab=30522, d=256, layers=4, heads=4, ffn=1024, max_pos=512, types=13, dropout=0.1):
        super().__init__()
        self.cfg = dict(vocab=vocab, d=d, layers=layers, heads=heads, ffn=ffn, max_pos=max_pos, types=types)
        self.tok = nn.Embedding(vocab, d)
        self.pos = nn.Embedding(max_pos, d)
        self.typ = nn.Embedding(types, d)
        self.ln = nn.LayerNorm(d, eps=1e-12)
        self.drop = nn.Dropout(dropout)
        self.layers = nn.ModuleList([Layer(d, heads, ffn, dropout) for _ in range(layers)])
        self.ln_f = nn.LayerNorm(d, eps=1e-12)
        self.head1 = nn.Linear(d, d)
        self.head2 = nn.Linear(d, 1)
        self.apply(self._init)

    @staticmethod
    def _init(m):
        if isinstance(m, (nn.Linear, nn.Embedding)):
            nn.init.normal_(m.weight, std=0.02)
        if isinstance(m, nn.Linear) and m.bias is not None:
            nn.init.zeros_(m.bias)

    def embed(self, ids, types):
        t = ids.shape[1]
        pos = torch.arange(t, device=ids.device).unsqueeze(0)
        return self.tok(ids) + self.pos(pos) + self.typ(types)

    def forward(self, ids, mask, types, emb=None):
        """Returns logits [B, T]. `mask` is 1 for real tokens, 0 for padding."""
        x = self.drop(self.ln(self.embed(ids, types) if emb is None else emb))
        bias = ((1.0 - mask.to(x.dtype)) * -1e4)[:, None, None, :]
        for layer in self.layers:
            x = layer(x, bias)
        return self.head2(F.gelu(self.head1(self.ln_f(x)))).squeeze(-1)


def prune_layers(teacher: KeepModel, keep):
    """Layer pruning at the same width: copy embeddings, head and the chosen layers."""
    cfg = dict(teacher.cfg)
    cfg["layers"] = len(keep)
    student = KeepModel(**cfg)
    sd = teacher.state_dict()
    new = {}
    for k, v in sd.items():
        if k.startswith("layers."):
            idx = int(k.split(".")[1])
            if idx in keep:
                new[k.replace(f"layers.{idx}.", f"layers.{keep.index(idx)}.", 1)] = v
        else:
            new[k] = v
    student.load_state_dict(new)
    return student


class ExportWrapper(nn.Module):
    """ONNX-facing model: int64 inputs, probabilities out; optional int8 token embedding
    (per-row scale) so the 30k x d table shrinks 4x in the file."""

    def __init__(self, model: KeepModel, int8_embedding: bool):
        super().__init__()
        self.m = model
        self.int8 = int8_embedding
        if int8_embedding:
            w = model.tok.weight.detach()
            scale = w.abs().amax(dim=1, keepdim=True).clamp(min=1e-8) / 127.0
            self.register_buffer("emb_q", torch.round(w / scale).to(torch.int8))
            self.register_buffer("emb_s", scale.squeeze(1))

    def forward(self, input_ids, attention_mask, token_type_ids):
        m = self.m
        if self.int8:
            t = input_ids.shape[1]
            pos = torch.arange(t, device=input_ids.device).unsqueeze(0)
            tok = self.emb_q[input_ids].to(torch.float32) * self.emb_s[input_ids].unsqueeze(-1)
            emb = tok + m.pos(pos) + m.typ(token_type_ids)
        else:
            emb = None
        return torch.sigmoid(m(input_ids, attention_mask, token_type_ids, emb=emb))
