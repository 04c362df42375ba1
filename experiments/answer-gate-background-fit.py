"""Offline choice of an answer gate on normalized cosines (issue 29; model card, "An answer gate on passages").

Joins answer-gate-sweep.ts --out SWEEP (per query: answerable, kept nothing, best cosine) with
answer-gate-background.ts --out BG (per query: every passage unit's cosine, and the query's cosines to a background)
and, for each statistic, chooses the highest gate under which no answerable set (nor its "-kw" copy, nor the
answerable half of a target set) has more than 5 points more of its queries keeping nothing, as fit-answer-gate
does. Prints the share of unanswerable queries that keep nothing at that gate, per target set.

    python3 experiments/answer-gate-background-fit.py SWEEP.json BG.json
"""
import json, sys
import numpy as np
from answer_gate_rule import choose_gate

sweep, bg = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
rows = {}
for key in sweep:
    out = []
    for s, g in zip(sweep[key], bg[key]):
        b = np.sort(np.array(g['bg']))[::-1]
        out.append(dict(answerable=s['answerable'], kn=s['keptNothing'], passage=s['best'] is not None,
                        best=s['best'] if s['best'] is not None else 9.0, mu=b.mean(), sd=b.std(),
                        **{f'top{k}': b[:k].mean() for k in (1, 3, 10, 30, 100)}))
    rows[key] = out


def on(f):
    return lambda r, t: r['kn'] or (r['passage'] and f(r) < t)


choose_gate(rows, 'best cosine', on(lambda r: r['best']), np.linspace(-0.5, 1, 1501))
choose_gate(rows, 'z (best-mean)/spread', on(lambda r: (r['best'] - r['mu']) / r['sd']), np.linspace(-3, 6, 1801))
for k in (1, 3, 10, 30, 100):
    choose_gate(rows, f'best - top{k}', on(lambda r, k=k: r['best'] - r[f'top{k}']), np.linspace(-0.5, 1, 1501))
