"""A cross-encoder probe for "is this passage's answer here?" (issue 29, keep nothing when nothing answers).

The served answer gate reads the tuned bi-encoder's best cosine (models/sentence-encoder-tuned): query and sentence
are embedded apart, and its AUC for "answered here" on unanswerable search passages is about 0.68. Here the same
graph reads the query and one sentence together (query pieces, a separator piece, the sentence's pieces), a linear
head on its pooled vector gives the sentence's logit, and each passage's softmax has one more column, a learned
"nothing answers" logit, the target of passages without evidence:

    node --conditions=react-server --import tsx scripts/export-encoder-pairs.ts --data ../shared/data --split train \
        --out train.jsonl    # and --sets unanswerable-search,unanswerable-topical,unanswerable --out train-na.jsonl
    python3 models/training/tune_cross_encoder.py --src package/dist --init RUN/step1000.pt \
        --train train.jsonl,train-na.jsonl --val val.jsonl,val-na.jsonl --out CROSS --steps 1000 --stop 500

Validation, per set: top-1 and MRR of the best unit over passages with evidence, and the AUC of P(answered) =
1 - P(nothing) for passages with and without evidence, beside the bi-encoder's best cosine on the same passages.
Every step is seeded and CROSS/ckpt.pt resumes a stopped run. A probe: nothing here is served.
"""
import argparse, json, os, random, time, numpy as np, torch
import port_sentence_encoder as pse
from tune_sentence_encoder import auc, embed, read
torch.set_num_threads(2)

SEP = 3  # 'extra_token_id_1': a piece the tokenizer never writes, so it marks where the sentence starts
MAX_Q, MAX_U = 32, 64


def pair(q, u):
    return q[:MAX_Q] + [SEP] + u[:MAX_U]


class Cross(torch.nn.Module):
    def __init__(self, enc):
        super().__init__()
        self.enc = enc
        self.head = torch.nn.Linear(512, 1)
        torch.nn.init.normal_(self.head.weight, std=0.02); torch.nn.init.zeros_(self.head.bias)
        self.null = torch.nn.Parameter(torch.tensor(0.0))

    def logits(self, seqs, chunk=64):
        order = sorted(range(len(seqs)), key=lambda i: len(seqs[i]))
        parts = [self.head(self.enc(*pse.batch([seqs[i] for i in order[k:k + chunk]]))).squeeze(-1) for k in range(0, len(order), chunk)]
        out = torch.cat(parts)
        inv = torch.empty(len(order), dtype=torch.long); inv[torch.tensor(order)] = torch.arange(len(order))
        return out[inv]


@torch.no_grad()
def evaluate(model, bi, val):
    model.eval()
    seqs = [pair(d['q'], u) for d in val for u in d['u']]
    allz, k = model.logits(seqs, chunk=256), 0
    cos_all, kc = (embed(bi, [x for d in val for x in [d['q']] + d['u']], chunk=128) if bi is not None else None), 0
    by, ans = {}, {}
    for d in val:
        z = allz[k:k + len(d['u'])]; k += len(d['u'])
        p_null = torch.softmax(torch.cat([z, model.null.view(1)]), 0)[-1].item()
        best_cos = None
        if cos_all is not None:
            e = cos_all[kc:kc + 1 + len(d['u'])]; kc += 1 + len(d['u'])
            best_cos = float((e[1:] @ e[0]).max())
        has = any(d['y'])
        a = ans.setdefault(d['set'], ([], [], [], []))
        a[0 if has else 1].append(1 - p_null)
        if best_cos is not None: a[2 if has else 3].append(best_cos)
        if not has: continue
        order = np.argsort(-z.numpy(), kind='stable')
        first = next(r for r, i in enumerate(order) if d['y'][i])
        s = by.setdefault(d['set'], [0, 0.0, 0])
        s[0] += first == 0; s[1] += 1.0 / (first + 1); s[2] += 1
    model.train()
    out = {k: (round(v[0] / v[2], 3), round(v[1] / v[2], 3)) for k, v in by.items()}
    for k, (p, n, cp, cn) in ans.items():
        r3 = lambda x: None if x is None else round(x, 3)
        if n: out[f'{k}:auc'] = (r3(auc(p, n)), r3(auc(cp, cn)))
        if n and not p: out[f'{k}:nothing'] = round(float(np.mean([1 - x for x in n])), 3)  # mean P(nothing)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--src', required=True, help="the tfjs release's folder")
    ap.add_argument('--init', help='start the graph from these tuned bi-encoder weights (a step*.pt)')
    ap.add_argument('--train', required=True); ap.add_argument('--val', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--steps', type=int, default=1000); ap.add_argument('--stop', type=int)
    ap.add_argument('--batch', type=int, default=16); ap.add_argument('--max-units', type=int, default=14)
    ap.add_argument('--lr', type=float, default=5e-5); ap.add_argument('--head-lr', type=float, default=1e-3)
    ap.add_argument('--eval-every', type=int, default=250); ap.add_argument('--seed', type=int, default=13)
    ap.add_argument('--val-limit', type=int, default=200, help='validation passages per set')
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    torch.manual_seed(a.seed)
    _, Ws = pse.load(a.src)
    enc = pse.Encoder(Ws, quant=False)
    bi = None
    if a.init:
        enc.load_state_dict(torch.load(a.init))
        bi = pse.Encoder(Ws, quant=False); bi.load_state_dict(torch.load(a.init)); bi.eval()
    enc.inv.requires_grad_(False)
    model = Cross(enc)
    head = [model.head.weight, model.head.bias, model.null]
    body = [p for p in enc.parameters() if p.requires_grad]
    opt = torch.optim.AdamW([{'params': body, 'lr': a.lr}, {'params': head, 'lr': a.head_lr}], weight_decay=0.01)
    train, val = [], []
    for paths, into in ((a.train, train), (a.val, val)):
        for path in paths.split(','): into.extend(read(path))
    vrng = random.Random(a.seed)
    per = {}
    for d in val: per.setdefault(d['set'], []).append(d)
    val = [d for s in sorted(per) for d in vrng.sample(per[s], min(a.val_limit, len(per[s])))]
    rng = random.Random(a.seed)
    order = list(range(len(train))); rng.shuffle(order)
    step, ckpt, log = 0, os.path.join(a.out, 'ckpt.pt'), open(os.path.join(a.out, 'log.jsonl'), 'a')
    if os.path.exists(ckpt):
        c = torch.load(ckpt)
        model.load_state_dict(c['model']); opt.load_state_dict(c['opt']); step = c['step']; order = c['order']
        rng.setstate(c['rng']); torch.set_rng_state(c['torch_rng'])
        print('resumed at step', step)
    else:
        r = evaluate(model, bi, val)
        print('step 0', json.dumps(r), flush=True); log.write(json.dumps({'step': 0, 'val': r}) + '\n'); log.flush()
    model.train()
    t0, losses = time.time(), []
    while step < (a.stop or a.steps):
        sched = min(1.0, (step + 1) / 100) * max(0.0, 1 - step / a.steps)
        opt.param_groups[0]['lr'] = a.lr * sched; opt.param_groups[1]['lr'] = a.head_lr * sched
        pos = step * a.batch % len(order)
        picked = [train[order[(pos + i) % len(order)]] for i in range(a.batch)]
        seqs, spans, golds = [], [], []
        for d in picked:
            ev = [i for i, y in enumerate(d['y']) if y]
            neg = [i for i, y in enumerate(d['y']) if not y]
            rng.shuffle(neg)
            keep = ev + neg[:max(1, a.max_units - len(ev))]
            spans.append((len(seqs), len(keep))); golds.append([d['y'][i] for i in keep])
            seqs.extend(pair(d['q'], d['u'][i]) for i in keep)
        z = model.logits(seqs)
        loss = 0.0
        for (s, n), g in zip(spans, golds):
            col = torch.cat([z[s:s + n], model.null.view(1)])
            target = torch.tensor(g + [0 if any(g) else 1], dtype=torch.bool)
            loss = loss + torch.logsumexp(col, 0) - torch.logsumexp(col.masked_fill(~target, -1e9), 0)
        loss = loss / len(spans)
        opt.zero_grad(); loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step(); step += 1; losses.append(loss.item())
        if step % 25 == 0:
            print(f'step {step} loss {np.mean(losses[-25:]):.4f} null {model.null.item():.3f} {time.time() - t0:.0f}s', flush=True)
        if step % a.eval_every == 0 or step == (a.stop or a.steps):
            r = evaluate(model, bi, val)
            print('val', step, json.dumps(r), flush=True)
            log.write(json.dumps({'step': step, 'loss': float(np.mean(losses[-a.eval_every:])), 'val': r}) + '\n'); log.flush()
            torch.save(model.state_dict(), os.path.join(a.out, f'step{step}.pt'))
            torch.save({'model': model.state_dict(), 'opt': opt.state_dict(), 'step': step, 'order': order,
                        'rng': rng.getstate(), 'torch_rng': torch.get_rng_state()}, ckpt + '.tmp')
            os.replace(ckpt + '.tmp', ckpt)


if __name__ == '__main__':
    main()
