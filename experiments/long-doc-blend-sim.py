"""Offline probe: rules for the document tier's blend, simulated on a dump (issue 29; model card, "Single long
documents").

Reads long-doc-dump.ts --out DUMP (per question of squad-en-long, policyqa-long, fairytale-long: the model's own unit
scores, the served scores, the tuned encoder's cosines, each unit's tokens and text, whether it holds the answer) and
replays the served selection: the weighted round robin of `interleave` (lib/engine/blend-similarity.ts), then greedy
packing of a 200-token budget in score order (units at or below the selection floor never fill it). It prints, per
set, the share of questions whose answer a kept unit holds:
  1. the served share (0.5) against the served scores (a check of the replay) and fixed shares from 0 to 1;
  2. a share chosen per question, higher or lower above a cut on one statistic of the question's scores (the
     model's best score or its lead over the runner-up, the best cosine or its lead), every cut at the statistic's
     vigintiles, with the even and odd questions scored apart (a rule that gains on both halves is not noise);
  3. packing that passes over a unit whose terms overlap a kept unit's by a Jaccard share of at least TAU (taken
     after the rest, if room is left): a budget spent on one statement repeated (privacy policies restate theirs)
     would hold more candidates.

    python3 experiments/long-doc-blend-sim.py DUMP.json
"""
import json, re, sys

FLOOR = 0.002
BUDGET = 200
rows = [r for r in json.load(open(sys.argv[1])) if r["cosine"]]
sets = sorted({r["set"] for r in rows})


def interleave(scores, sim, w):
    n = len(scores)
    by_model = sorted(range(n), key=lambda i: (-scores[i], i))
    by_sim = sorted(range(n), key=lambda i: (-sim[i], -scores[i], i))
    w = min(1.0, w)
    taken, order = [False] * n, []
    m = s = model_turns = sim_turns = 0
    while len(order) < n:
        sim_next = w >= 1 or (w > 0 and sim_turns / w < model_turns / (1 - w))
        lst, k = (by_sim, s) if sim_next else (by_model, m)
        while taken[lst[k]]:
            k += 1
        taken[lst[k]] = True
        order.append(lst[k])
        if sim_next:
            s, sim_turns = k + 1, sim_turns + 1
        else:
            m, model_turns = k + 1, model_turns + 1
    values = sorted(scores, reverse=True)
    out = [0.0] * n
    for k, u in enumerate(order):
        out[u] = values[k]
    return out


def kept(scores, r, tau=None):
    order = sorted(range(len(scores)), key=lambda i: (-scores[i], i))
    used, kept_units, passed = 0, [], []
    for i in order:
        if scores[i] <= FLOOR:
            break
        if tau is not None and any(jaccard(r["terms"][i], r["terms"][j]) >= tau for j in kept_units):
            passed.append(i)
            continue
        if used + r["tokens"][i] <= BUDGET:
            used += r["tokens"][i]
            kept_units.append(i)
            if r["holds"][i]:
                return 1
    for i in passed:
        if used + r["tokens"][i] <= BUDGET:
            used += r["tokens"][i]
            if r["holds"][i]:
                return 1
    return 0


WORD = re.compile(r"\w+")
STOP = set("the a an of to and or in on for with by we our you your us is are be may this that as it at from any not will can which such other if these those their its have has".split())


def jaccard(a, b):
    return len(a & b) / len(a | b) if a and b else 0.0


def by_set(f, subset=None):
    out = {}
    for s in sets:
        xs = [r for i, r in enumerate(rows) if r["set"] == s and (subset is None or i % 2 == subset)]
        out[s] = sum(f(r) for r in xs) / len(xs)
    return out


def line(label, d):
    print(f"| {label} | " + " | ".join(f"{d[s]:.3f}" for s in sets) + f" | {sum(d.values()):.3f} |")


SHARES = [0, 0.25, 0.34, 0.5, 0.6, 0.67, 0.75, 1]
for r in rows:
    r["k"] = {w: kept(interleave(r["model"], r["cosine"], w), r) for w in SHARES}
    ms, cs = sorted(r["model"], reverse=True), sorted(r["cosine"], reverse=True)
    r["stat"] = dict(model_best=ms[0], model_lead=ms[0] - ms[1], cosine_best=cs[0], cosine_lead=cs[0] - cs[1])
    r["terms"] = [{w for w in WORD.findall(t.lower()) if w not in STOP and len(w) > 2} for t in r["texts"]]

print("| share | " + " | ".join(sets) + " | sum |\n|---|" + "---|" * (len(sets) + 1))
line("served scores", by_set(lambda r: kept(r["served"], r)))
for w in SHARES:
    line(f"interleave {w}", by_set(lambda r, w=w: r["k"][w]))

best = []
for stat in ["model_best", "model_lead", "cosine_best", "cosine_lead"]:
    xs = sorted(r["stat"][stat] for r in rows)
    for q in range(1, 20):
        cut = xs[len(xs) * q // 20]
        for lo, hi in [(0.5, 0.67), (0.5, 1), (0.34, 0.5), (0.67, 0.5), (1, 0.5), (0.5, 0.34)]:
            rule = lambda r, stat=stat, cut=cut, lo=lo, hi=hi: r["k"][hi if r["stat"][stat] > cut else lo]
            halves = [sum(by_set(rule, h).values()) for h in (0, 1)]
            best.append((sum(by_set(rule).values()), f"{stat} > {cut:.3f}: {hi}, else {lo}", halves))
base = [sum(by_set(lambda r: r["k"][0.5], h).values()) for h in (0, 1)]
print(f"\nPer-question share, the ten best rules (sum over the sets; even / odd halves, served {base[0]:.3f} / {base[1]:.3f}):")
for total, label, halves in sorted(best, key=lambda x: -x[0])[:10]:
    print(f"  {total:.3f}  {label}  ({halves[0]:.3f} / {halves[1]:.3f})")

print("\n| packing past repeated statements, share 0.5 | " + " | ".join(sets) + " | sum |\n|---|" + "---|" * (len(sets) + 1))
for tau in [None, 0.8, 0.6, 0.5, 0.4, 0.3, 0.25, 0.2]:
    line(f"Jaccard ≥ {tau}" if tau else "none (served)", by_set(lambda r, tau=tau: kept(interleave(r["model"], r["cosine"], 0.5), r, tau)))
