"""The 5-point rule of fit-answer-gate, for the offline gate probes (answer-gate-background-fit.py,
answer-gate-contrast-fit.py): the highest gate under which no answerable set (nor its "-kw" copy, nor the answerable
half of a target set) has more than 5 points more of its queries keeping nothing than without a gate.

rows: per set, per query, a dict with at least `answerable`; gated(row, t): whether the query keeps nothing at gate t
(a query that keeps nothing without a gate must stay gated at every t).
"""
import numpy as np

TARGETS = ['unanswerable-search', 'unanswerable-search-kw', 'unanswerable-topical', 'unanswerable']


def guarded_sets(rows):
    return [k for k in rows if not k.startswith('unanswerable')] + ['unanswerable-search', 'unanswerable-search-kw', 'unanswerable-topical']


def share_gated(part, gated, t):
    return np.mean([gated(r, t) for r in part])


def choose_gate(rows, name, gated, grid):
    """Prints the chosen gate and the share of each target set's unanswerable queries that keep nothing at it."""
    answerable = [p for p in ([r for r in rows[k] if r['answerable']] for k in guarded_sets(rows) if k in rows) if p]
    # Each part's share keeping nothing without a gate, counted once, not at every gate of the grid.
    ungated = [share_gated(p, gated, -np.inf) for p in answerable]
    chosen = None
    for t in grid:
        if not all(share_gated(p, gated, t) - base <= 0.05 + 1e-9 for p, base in zip(answerable, ungated)):
            break
        chosen = t
    if chosen is None:
        print(f'{name:28s} none')
        return
    shares = ' '.join(f'{k}={100 * share_gated([r for r in rows[k] if not r["answerable"]], gated, chosen):.1f}%'
                      for k in TARGETS if k in rows)
    print(f'{name:28s} gate {chosen:.3f}  {shares}')
