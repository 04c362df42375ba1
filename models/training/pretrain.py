"""Masked-language pretraining of the encoder on the training windows (issue 29: an encoder that reads the question
and the text, not only the query-match features). BERT's recipe: 15% of the real tokens chosen, 80% of those
replaced by [MASK], 10% by a random piece, 10% kept; the hidden state predicts the original piece through a
transform and the token embedding (tied). The query-match features are zeroed in every window, so a masked query
word must be read from the passage and the reverse. Masks are seeded by the step: a resumed run masks as an
uninterrupted one. The keep and category heads are carried through untouched; `train.py teacher --init` then
trains the task on the pretrained encoder."""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

from fit import drop_lexical, lexical_feature_columns

MASK_SHARE = 0.15
# [PAD] [UNK] [CLS] [SEP] [MASK] are ids 0-4 of every vocabulary train-data writes.
FIRST_PIECE = 5
MASK_ID = 4


class MaskedLM(nn.Module):
    def __init__(self, encoder):
        super().__init__()
        self.encoder = encoder
        d, vocab = encoder.cfg["d"], encoder.cfg["vocab"]
        self.transform = nn.Linear(d, d)
        self.norm = nn.LayerNorm(d, eps=1e-12)
        self.bias = nn.Parameter(torch.zeros(vocab))

    def logits(self, h):
        return self.norm(F.gelu(self.transform(h))) @ self.encoder.tok.weight.t() + self.bias


def mask_batch(b, rng, vocab):
    """(ids with masks applied, target ids with -100 where nothing is predicted)."""
    ids = b["ids"].numpy().copy()
    real = (b["mask"].numpy() > 0) & (ids >= FIRST_PIECE)
    chosen = real & (rng.random(ids.shape) < MASK_SHARE)
    target = np.where(chosen, ids, -100)
    roll = rng.random(ids.shape)
    ids[chosen & (roll < 0.8)] = MASK_ID
    swap = chosen & (roll >= 0.8) & (roll < 0.9)
    ids[swap] = rng.integers(FIRST_PIECE, vocab, size=int(swap.sum()))
    return torch.from_numpy(ids), torch.from_numpy(target)


class MaskedLMObjective:
    def __init__(self, mlm: MaskedLM, meta, seed):
        self.mlm = mlm
        self.columns = lexical_feature_columns(meta)
        self.seed = seed
        self.vocab = mlm.encoder.cfg["vocab"]

    def _loss(self, b, rng):
        b = drop_lexical(b, self.columns, 1.0, rng) if self.columns else b
        ids, target = mask_batch(b, rng, self.vocab)
        h = self.mlm.encoder.encode(ids, b["mask"], b["feats"])
        m = target >= 0
        logits = self.mlm.logits(h[m])
        if not bool(m.any()):
            # A batch of very short windows can draw no mask: no loss rather than NaN.
            return h.sum() * 0, logits, target[m]
        return F.cross_entropy(logits, target[m]), logits, target[m]

    def loss(self, b, step):
        return self._loss(b, np.random.default_rng([self.seed, step]))[0]

    def evaluate(self, val, subset, max_tokens=8192):
        self.mlm.eval()
        total = correct = 0
        nll = 0.0
        with torch.no_grad():
            for i, idx in enumerate(val.batches(max_tokens, subset=subset)):
                loss, logits, target = self._loss(val.collate(idx), np.random.default_rng([self.seed, 10**9 + i]))
                n = int(target.numel())
                nll += float(loss) * n
                total += n
                correct += int((logits.argmax(-1) == target).sum())
        self.mlm.train()
        return dict(loss=nll / max(1, total), accuracy=correct / max(1, total), masked=total)


class TaskWithMaskedLM:
    """The teacher's task (keep BCE + cat_weight x category CE) plus `weight` x the masked-LM loss on the same windows,
    masked anew and with every query-match feature zeroed (`train.py teacher --mlm-weight W`): the task is learned
    while the encoder keeps having to read, instead of the task's query-match shortcut taking over after pretraining.
    Checkpoints are chosen on the task's validation loss; the masked-LM figures are logged beside it."""

    def __init__(self, mlm: MaskedLM, meta, seed, cat_weight, weight):
        self.mlm = mlm
        self.masked = MaskedLMObjective(mlm, meta, seed)
        self.cat_weight = cat_weight
        self.weight = weight

    def loss(self, b, step):
        from fit import losses

        keep_logits, cat_logits = self.mlm.encoder(b["ids"], b["mask"], b["feats"])
        keep, cat = losses(keep_logits, cat_logits, b)
        return keep + self.cat_weight * cat + self.weight * self.masked.loss(b, step)

    def evaluate(self, val, subset, max_tokens=8192):
        from fit import evaluate

        ev = evaluate(self.mlm.encoder, val, subset, max_tokens, cat_weight=self.cat_weight)
        m = self.masked.evaluate(val, subset, max_tokens)
        ev.update(mlmLoss=m["loss"], mlmAccuracy=m["accuracy"])
        return ev
