"""Offline choice of an answer gate on a passage's own cosines (issue 29; model card, "An answer gate on passages").

Is a passage's best cosine more telling beside its other sentences' (the best against the passage's mean, its
runner-up, its spread)? Joins answer-gate-sweep.ts --out SWEEP (per query: answerable, kept nothing, whether every
result is a passage) with answer-gate-background.ts --out BG (per query: every passage unit's cosine; the background
is not read here) and, per statistic, chooses the highest gate under which no answerable set (nor its "-kw" copy, nor
the answerable half of a target set) has more than 5 points more of its queries keeping nothing, as fit-answer-gate
does. A query is gated when every result's statistic is under the gate. Prints the share of unanswerable queries
that keep nothing at that gate, per target set.

    python3 experiments/answer-gate-contrast-fit.py SWEEP.json BG.json
"""
import json, sys
import numpy as np
from answer_gate_rule import choose_gate
sweep, bg = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
rows = {}
for key in sweep:
    out = []
    for s, g in zip(sweep[key], bg[key]):
        stats = []
        for cos in g['cos']:
            c = np.sort(np.array(cos))[::-1]
            if len(c) == 0: continue
            rest = c[1:] if len(c) > 1 else c
            stats.append(dict(best=c[0], gap=c[0] - (c[1] if len(c) > 1 else c[0]), mean=c.mean(), sd=c.std() + 1e-3,
                              restmean=rest.mean()))
        out.append(dict(answerable=s['answerable'], kn=s['keptNothing'], passage=s['best'] is not None, stats=stats))
    rows[key] = out


def on(f):
    """A query is gated when every result's statistic is under the gate."""
    def gated(r, t):
        if r['kn']: return True
        if not r['passage'] or not r['stats']: return False
        return max(f(x) for x in r['stats']) < t
    return gated


def choose(name, f, grid):
    choose_gate(rows, name, on(f), grid)


choose('best', lambda x: x['best'], np.arange(0.2, 0.8, 0.005))
for lam in (0.25, 0.5, 0.75, 1.0):
    choose(f'best - {lam} mean', lambda x, l=lam: x['best'] - l * x['mean'], np.arange(-0.3, 0.8, 0.005))
    choose(f'best - {lam} restmean', lambda x, l=lam: x['best'] - l * x['restmean'], np.arange(-0.3, 0.8, 0.005))
for lam in (0.5, 1.0, 2.0):
    choose(f'best + {lam} gap', lambda x, l=lam: x['best'] + l * x['gap'], np.arange(0.2, 1.5, 0.005))
choose('z (best-mean)/sd', lambda x: (x['best'] - x['mean']) / x['sd'], np.arange(0, 5, 0.02))
for lam in (0.25, 0.5, 1.0):
    choose(f'best + {lam} mean', lambda x, l=lam: x['best'] + l * x['mean'], np.arange(0.2, 1.6, 0.005))
choose('mean alone', lambda x: x['mean'], np.arange(0.0, 0.8, 0.005))
