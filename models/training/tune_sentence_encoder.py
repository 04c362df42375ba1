"""Tune the ported sentence encoder (port_sentence_encoder.py) on the training split's question -> answer-sentence
lists, so its cosine ranks the sentence that answers a question, not only the one that talks about the same thing.

    node --conditions=react-server --import tsx scripts/export-encoder-pairs.ts --data ../shared/data \
        --split train --out train.jsonl          # and --split val --max-queries 300 --out val.jsonl
    python3 models/training/tune_sentence_encoder.py --src package/dist --train train.jsonl --val val.jsonl \
        --out RUN --steps 2000 --stop 1000 --lr 5e-5      # the shipped weights (models/sentence-encoder-tuned)
    python3 models/training/port_sentence_encoder.py --src package/dist --tuned RUN/tuned.pt --out DIR

Loss: for each passage in a batch, a softmax over its own units and every other passage's units in the batch
(cosine / temperature); the target is the passage's evidence units (the log of their summed probability). The
passage's own units are the hard negatives the served blend reads (it rescales the cosine within a result). The
release's weights are the start; every step is seeded and RUN/ckpt.pt resumes a stopped run.

With --null C (and passages without evidence in the data: export-encoder-pairs.ts --sets unanswerable-search,
unanswerable-topical,unanswerable), the softmax has one more column, a "nothing answers" cosine starting at C, which
is the target of passages without evidence: the cosine learns an absolute level for the answer gate. Measured from
the shipped weights (--init RUN/step1000.pt --null 0.5 --lr 3e-5, 1,000 steps on 21,981 + 9,617 passages, 27 min):
validation AUC of the best cosine for "answered here" 0.679 -> 0.714 on unanswerable-search, 0.833 -> 0.854 on
unanswerable-topical, but top-1 fell (nq 0.637 -> 0.615, fairytale 0.635 -> 0.609); not shipped.
"""
import argparse, json, os, random, time, numpy as np, torch
import port_sentence_encoder as pse
torch.set_num_threads(2)


def read(path):
    return [json.loads(l) for l in open(path)]


def embed(model, seqs, chunk=32):
    """Vectors of seqs in order, run in chunks of similar length (padding to a batch's longest costs the most)."""
    order = sorted(range(len(seqs)), key=lambda i: len(seqs[i]))
    parts = [model(*pse.batch([seqs[i] for i in order[k:k + chunk]])) for k in range(0, len(order), chunk)]
    out = torch.cat(parts)
    inv = torch.empty(len(order), dtype=torch.long); inv[torch.tensor(order)] = torch.arange(len(order))
    return out[inv]


def auc(pos, neg):
    """P(a positive scores above a negative), ties half."""
    if not pos or not neg: return None
    s = np.array(pos + neg); r = np.empty(len(s)); r[np.argsort(s, kind='stable')] = np.arange(1, len(s) + 1)
    for v in np.unique(s): r[s == v] = r[s == v].mean()
    return float((r[:len(pos)].sum() - len(pos) * (len(pos) + 1) / 2) / (len(pos) * len(neg)))


@torch.no_grad()
def evaluate(model, val):
    """Per set: how often the best-cosine unit is evidence (top-1) and the mean reciprocal rank of the first one, over
    passages with evidence; where a set has passages without any, the AUC of the best cosine for "answered here"."""
    model.eval()
    by, best = {}, {}
    seqs = [x for d in val for x in [d['q']] + d['u']]
    allv, k = embed(model, seqs, chunk=128), 0
    for d in val:
        e = allv[k:k + 1 + len(d['u'])]; k += 1 + len(d['u'])
        cos = (e[1:] @ e[0]).numpy()
        best.setdefault(d['set'], ([], []))[0 if any(d['y']) else 1].append(float(cos.max()))
        if not any(d['y']): continue
        order = np.argsort(-cos, kind='stable')
        first = next(r for r, i in enumerate(order) if d['y'][i])
        s = by.setdefault(d['set'], [0, 0.0, 0])
        s[0] += first == 0; s[1] += 1.0 / (first + 1); s[2] += 1
    model.train()
    out = {k: (v[0] / v[2], v[1] / v[2]) for k, v in by.items()}
    out.update({f'{k}:auc': auc(*v) for k, v in best.items() if v[1]})
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--src', required=True, help="the tfjs release's folder")
    ap.add_argument('--train', required=True); ap.add_argument('--val', required=True)
    ap.add_argument('--out', required=True)
    ap.add_argument('--steps', type=int, default=2000, help='the learning-rate schedule decays to 0 at this step')
    ap.add_argument('--stop', type=int, help='stop after this step (the schedule still reads --steps)')
    ap.add_argument('--batch', type=int, default=16, help='passages per step')
    ap.add_argument('--max-units', type=int, default=24, help='units kept per passage (evidence always kept)')
    ap.add_argument('--lr', type=float, default=2e-5)
    ap.add_argument('--temperature', type=float, default=0.05)
    ap.add_argument('--eval-every', type=int, default=250)
    ap.add_argument('--seed', type=int, default=13)
    ap.add_argument('--init', help='start from these tuned weights (a step*.pt) instead of the release')
    ap.add_argument('--null', type=float,
                    help='learn a "nothing answers" logit starting at this cosine: passages without evidence target it')
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    _, Ws = pse.load(a.src)
    model = pse.Encoder(Ws, quant=False)
    if a.init: model.load_state_dict(torch.load(a.init))
    model.inv.requires_grad_(False)  # the fixed timing-signal frequencies
    # The null is a cosine: the served gate compares the best unit's cosine with one number.
    null = torch.nn.Parameter(torch.tensor(a.null if a.null is not None else 0.0))
    params = [p for p in model.parameters() if p.requires_grad] + ([null] if a.null is not None else [])
    opt = torch.optim.AdamW(params, lr=a.lr, weight_decay=0.01)
    train, val = [], []
    for paths, into in ((a.train, train), (a.val, val)):
        for path in paths.split(','): into.extend(read(path))
    rng = random.Random(a.seed)
    order = list(range(len(train))); rng.shuffle(order)
    step, ckpt, log = 0, os.path.join(a.out, 'ckpt.pt'), open(os.path.join(a.out, 'log.jsonl'), 'a')
    if os.path.exists(ckpt):
        c = torch.load(ckpt)
        model.load_state_dict(c['model']); opt.load_state_dict(c['opt']); step = c['step']; order = c['order']
        if 'null' in c: null.data.fill_(c['null'])
        rng.setstate(c['rng']); torch.set_rng_state(c['torch_rng'])
        print('resumed at step', step)
    else:
        r = evaluate(model, val)
        print('step 0', json.dumps(r)); log.write(json.dumps({'step': 0, 'val': r}) + '\n'); log.flush()
    model.train()
    t0, losses = time.time(), []
    while step < (a.stop or a.steps):
        sched = min(1.0, (step + 1) / 100) * max(0.0, 1 - step / a.steps)  # warm-up, then linear decay
        for g in opt.param_groups: g['lr'] = a.lr * sched
        pos = step * a.batch % len(order)
        picked = [train[order[(pos + i) % len(order)]] for i in range(a.batch)]
        seqs, owner, gold, queries = [], [], [], []
        for b, d in enumerate(picked):
            ev = [i for i, y in enumerate(d['y']) if y]
            neg = [i for i, y in enumerate(d['y']) if not y]
            rng.shuffle(neg)
            keep = ev + neg[:max(1, a.max_units - len(ev))]
            for i in keep:
                seqs.append(d['u'][i]); owner.append(b); gold.append(d['y'][i])
            queries.append(d['q'])
        e = embed(model, queries + seqs)
        q, u = e[:len(queries)], e[len(queries):]
        logits = q @ u.T / a.temperature  # [passages, all units in the batch]
        own = torch.tensor(owner).unsqueeze(0) == torch.arange(len(queries)).unsqueeze(1)
        target = own & (torch.tensor(gold).unsqueeze(0) == 1)
        if a.null is not None:  # one more column, the target of passages without evidence
            logits = torch.cat([logits, (null / a.temperature).expand(len(queries), 1)], 1)
            target = torch.cat([target, ~target.any(1, keepdim=True)], 1)
        lse = torch.logsumexp(logits, -1)
        loss = (lse - torch.logsumexp(logits.masked_fill(~target, -1e9), -1)).mean()
        opt.zero_grad(); loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step(); step += 1; losses.append(loss.item())
        if step % 25 == 0:
            print(f'step {step} loss {np.mean(losses[-25:]):.4f} {time.time() - t0:.0f}s', flush=True)
        if step % a.eval_every == 0 or step == (a.stop or a.steps):
            r = evaluate(model, val)
            if a.null is not None: r['null'] = float(null)
            print('val', step, json.dumps(r), flush=True)
            log.write(json.dumps({'step': step, 'loss': float(np.mean(losses[-a.eval_every:])), 'val': r}) + '\n'); log.flush()
            torch.save(model.state_dict(), os.path.join(a.out, f'step{step}.pt'))
            torch.save({'model': model.state_dict(), 'opt': opt.state_dict(), 'step': step, 'order': order,
                        'rng': rng.getstate(), 'torch_rng': torch.get_rng_state(), 'null': float(null)}, ckpt + '.tmp')
            os.replace(ckpt + '.tmp', ckpt)
    torch.save(model.state_dict(), os.path.join(a.out, 'tuned.pt'))
    print('wrote', os.path.join(a.out, 'tuned.pt'))


if __name__ == '__main__':
    main()
