"""Offline probe: does a passage's best cosine tell more beside its other paragraphs' (issue 29; model card, "An
answer gate on passages")?

A search passage of the unanswerable-search and nq-long sets is three retrieved paragraphs, one of which answers
(or none). The other paragraphs were retrieved for the same query, so they are the query's own background: an
answering paragraph might stand out of them, where unanswerable ones all lie at the query's level. Reads the dump of
answer-gate-sweep.ts --out SWEEP (per query: answerable, kept nothing, each paragraph's best cosine) for a model
without its gate. The served gate (best cosine under GATE, default 0.41) stays; a passage of several paragraphs is
also gated when its statistic is under a second threshold, chosen (one per statistic) as the highest under which no
answerable set, nor its "-kw" copy, has more than 5 points more (both gates together, against no gate) of its queries keeping nothing than without a gate.
Prints the AUC of each statistic for "answered here" and the share of unanswerable queries keeping nothing. The
guard here is the sweep's sets, whose only multi-paragraph passages are Wikipedia's; fit-answer-gate also guards
other sources' (paragraph-gate-guard.ts measured them), and with them the rule gains nothing (model card).

    python3 experiments/answer-gate-paragraphs-fit.py SWEEP.json [GATE]
"""
import json, sys
import numpy as np
from answer_gate_rule import choose_gate

sweep = json.load(open(sys.argv[1]))
served = float(sys.argv[2]) if len(sys.argv) > 2 else 0.41
rows = {k: [dict(answerable=r['answerable'], kn=r['keptNothing'], paras=r['paragraphs']) for r in v] for k, v in sweep.items()}


def stats(paras):
    c = np.sort(np.array(paras, dtype=float))[::-1]
    if len(c) == 1: return dict(best=c[0], others=np.nan, gap=np.nan)
    return dict(best=c[0], others=c[1:].mean(), gap=c[0] - c[1])


STATS = {f'best - {l} others': (lambda s, l=l: s['best'] - l * s['others']) for l in (0.25, 0.5, 0.75, 1.0)}
STATS.update({f'best + {l} gap': (lambda s, l=l: s['best'] + l * s['gap']) for l in (0.5, 1.0)})


def passage(r):
    return r['paras'] and all(p is not None for p in r['paras'])


def auc(pos, neg):
    pos, neg = np.array(pos)[:, None], np.array(neg)[None, :]
    return float((pos > neg).mean() + 0.5 * (pos == neg).mean())


for key in ('unanswerable-search', 'unanswerable-topical'):
    part = [r for r in rows.get(key, []) if passage(r) and len(r['paras']) > 1]
    if not part: continue
    figs = {'best': [stats(r['paras'])['best'] for r in part]}
    figs.update({n: [f(stats(r['paras'])) for r in part] for n, f in STATS.items()})
    ans = np.array([r['answerable'] for r in part])
    print(key, 'AUC:', ' · '.join(f'{n} {auc(np.array(v)[ans], np.array(v)[~ans]):.3f}' for n, v in figs.items()))


def gated_by(f):
    def gated(r, t):
        if r['kn']: return True
        # -inf: no gate at all (the rule's reference), as fit-answer-gate compares with the model without a gate.
        if not passage(r) or t == -np.inf: return False
        s = stats(r['paras'])
        return s['best'] < served or (len(r['paras']) > 1 and f(s) < t)
    return gated


choose_gate(rows, 'the best cosine alone', lambda r, t: r['kn'] or (passage(r) and stats(r['paras'])['best'] < t), np.arange(0.2, 0.8, 0.005))
for n, f in STATS.items():
    choose_gate(rows, n, gated_by(f), np.arange(-0.5, 1.0, 0.005))
