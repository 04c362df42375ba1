"""Does the release encoder's cosine tell a passage that answers from one that is only about the query, beside the
tuned encoder's? The tuned encoder learned which sentence answers; the release's cosine reads what a sentence is
about. A retrieved paragraph that shares the query's subject and does not answer it might score high on both, so the
gate could read the tuned best cosine less a share of the release's. Prints, per set, the AUC for "answered here" of
the tuned best cosine, the release's, and their combinations (validation lists only).

    node --conditions=react-server --import tsx scripts/export-encoder-pairs.ts --data ../shared/data --split val \
        --max-queries 300 --sets unanswerable-search,unanswerable-topical --out val-unans.jsonl
    /usr/bin/python3 experiments/answer-gate-release-contrast.py --src package/dist --tuned RUN/step1000.pt \
        --val val-unans.jsonl

--src is the release's tfjs folder and --tuned tune_sentence_encoder.py's fp32 state (models/sentence-encoder-tuned/
README.md has both commands).
"""
import argparse, json, os, sys
import torch
sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', 'models', 'training'))
import port_sentence_encoder as pse
import tune_sentence_encoder as tse
torch.set_num_threads(2)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--src', required=True); ap.add_argument('--tuned', required=True); ap.add_argument('--val', required=True)
    a = ap.parse_args()
    _, Ws = pse.load(a.src)
    release = pse.Encoder(Ws, quant=False).eval()
    tuned = pse.Encoder(Ws, quant=False); tuned.load_state_dict(torch.load(a.tuned)); tuned.eval()
    val = tse.read(a.val)
    seqs = [x for d in val for x in [d['q']] + d['u']]
    with torch.no_grad():
        er, et = tse.embed(release, seqs, chunk=128), tse.embed(tuned, seqs, chunk=128)
    k, rows = 0, []
    for d in val:
        n = 1 + len(d['u'])
        cr, ct = (er[k + 1:k + n] @ er[k]).numpy(), (et[k + 1:k + n] @ et[k]).numpy()
        k += n
        # answered?, tuned best, release best, release at the tuned best's sentence
        rows.append((d['set'], any(d['y']), float(ct.max()), float(cr.max()), float(cr[int(ct.argmax())])))
    readings = [('tuned', lambda r: r[2]), ('release', lambda r: r[3])]
    readings += [(f'tuned - {b} x release', (lambda b: lambda r: r[2] - b * r[3])(b)) for b in (0.25, 0.5, 1.0)]
    readings += [(f'tuned - {b} x release at that sentence', (lambda b: lambda r: r[2] - b * r[4])(b)) for b in (0.5, 1.0)]
    readings += [('tuned + 0.5 x release', lambda r: r[2] + 0.5 * r[3])]
    for s in sorted({r[0] for r in rows}):
        R = [r for r in rows if r[0] == s]
        aucs = {name: round(tse.auc([f(r) for r in R if r[1]], [f(r) for r in R if not r[1]]), 3) for name, f in readings}
        print(s, len(R), json.dumps(aucs))


if __name__ == '__main__':
    main()
