"""Small BERT-like token encoder with two heads: keep probability (is the token needed for the query?) and the
token's category (vital, off-topic, ads, metadata, UI/navigation, duplicate). Hand-written (torch 1.13: no SDPA;
nn.TransformerEncoder's fast path corrupts padded outputs), so the exported ONNX graph is plain
MatMul/Softmax/LayerNorm.

Inputs: token ids, attention mask, and F categorical features per token (lib/features/feature-spec.ts): each
feature has its own embedding rows in one table (offset by feature), summed with the token and position
embeddings."""
import math
import torch
import torch.nn as nn
import torch.nn.functional as F

NUM_CATEGORIES = 6


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
    def __init__(self, vocab, feature_sizes, d=128, layers=4, heads=4, ffn=512, max_pos=512, dropout=0.1):
        super().__init__()
        self.cfg = dict(vocab=vocab, feature_sizes=list(feature_sizes), d=d, layers=layers, heads=heads, ffn=ffn, max_pos=max_pos)
        self.tok = nn.Embedding(vocab, d)
        self.pos = nn.Embedding(max_pos, d)
        offsets = [0]
        for s in feature_sizes[:-1]:
            offsets.append(offsets[-1] + s)
        self.register_buffer("feat_offsets", torch.tensor(offsets, dtype=torch.long), persistent=False)
        self.feat = nn.Embedding(sum(feature_sizes), d)
        self.ln = nn.LayerNorm(d, eps=1e-12)
        self.drop = nn.Dropout(dropout)
        self.layers = nn.ModuleList([Layer(d, heads, ffn, dropout) for _ in range(layers)])
        self.ln_f = nn.LayerNorm(d, eps=1e-12)
        self.head1 = nn.Linear(d, d)
        self.head2 = nn.Linear(d, 1)
        self.cat_head = nn.Linear(d, NUM_CATEGORIES)
        self.apply(self._init)

    @staticmethod
    def _init(m):
        if isinstance(m, (nn.Linear, nn.Embedding)):
            nn.init.normal_(m.weight, std=0.02)
        if isinstance(m, nn.Linear) and m.bias is not None:
            nn.init.zeros_(m.bias)

    def embed(self, ids, feats, tok=None):
        t = ids.shape[1]
        pos = torch.arange(t, device=ids.device).unsqueeze(0)
        tok = self.tok(ids) if tok is None else tok
        return tok + self.pos(pos) + self.feat(feats + self.feat_offsets).sum(dim=2)

    def encode(self, ids, mask, feats, tok=None):
        """The encoder's final hidden states [B, T, d] (what the heads read; masked-LM pretraining trains them)."""
        x = self.drop(self.ln(self.embed(ids, feats, tok)))
        bias = ((1.0 - mask.to(x.dtype)) * -1e4)[:, None, None, :]
        for layer in self.layers:
            x = layer(x, bias)
        return self.ln_f(x)

    def forward(self, ids, mask, feats, tok=None):
        """Returns (keep logits [B, T], category logits [B, T, 6]). `mask` is 1 for real tokens, 0 for padding."""
        h = self.encode(ids, mask, feats, tok)
        return self.head2(F.gelu(self.head1(h))).squeeze(-1), self.cat_head(h)


def prune_layers(teacher: KeepModel, keep):
    """Layer pruning at the same width: copy embeddings, heads and the chosen layers."""
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


class DenseT(nn.Module):
    """A Linear whose weight is stored transposed ([in, out]) under `weight_t`, so the exported MatMul's weight is a
    named initializer: the ONNX file can be read back into PyTorch (fine-tuning a shipped model) and quantize.py
    can name its int8 weights after it."""

    def __init__(self, lin: nn.Linear):
        super().__init__()
        self.weight_t = nn.Parameter(lin.weight.detach().t().contiguous())
        self.bias = None if lin.bias is None else nn.Parameter(lin.bias.detach().clone())

    def forward(self, x):
        y = x @ self.weight_t
        return y if self.bias is None else y + self.bias


def with_named_matmuls(model: KeepModel) -> KeepModel:
    import copy
    m = copy.deepcopy(model)
    for name, child in list(m.named_modules()):
        for attr, sub in list(child.named_children()):
            if isinstance(sub, nn.Linear):
                setattr(child, attr, DenseT(sub))
    return m


class ExportWrapper(nn.Module):
    """ONNX-facing model: int64 inputs; keep probabilities (temperature-scaled) and category probabilities out;
    optional int8 token embedding (per-row scale) so the vocabulary table shrinks 4x in the file."""

    def __init__(self, model: KeepModel, int8_embedding: bool, temperature: float = 1.0):
        super().__init__()
        self.m = with_named_matmuls(model)
        self.int8 = int8_embedding
        self.temperature = float(temperature)
        if int8_embedding:
            w = model.tok.weight.detach()
            scale = w.abs().amax(dim=1, keepdim=True).clamp(min=1e-8) / 127.0
            self.register_buffer("emb_q", torch.round(w / scale).to(torch.int8))
            self.register_buffer("emb_s", scale.squeeze(1))

    def forward(self, input_ids, attention_mask, features):
        tok = None
        if self.int8:
            tok = self.emb_q[input_ids].to(torch.float32) * self.emb_s[input_ids].unsqueeze(-1)
        keep, cats = self.m(input_ids, attention_mask, features, tok=tok)
        return torch.sigmoid(keep / self.temperature), torch.softmax(cats, dim=-1)
