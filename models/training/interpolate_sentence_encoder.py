"""Weight-space interpolation between the released sentence encoder and its tuned weights (WiSE-FT: Wortsman et al.,
"Robust fine-tuning of zero-shot models", 2022): theta(a) = (1 - a) * release + a * tuned. The tuned weights rank
the answer sentence of the kinds they were tuned on; the release's were trained on far more text. A point between
them can keep more of both, at no training cost. Several tuned states (--tuned a.pt,b.pt: runs from the release with
other seeds) are first averaged into one (a uniform model soup: Wortsman et al., "Model soups", 2022).

    python3 models/training/interpolate_sentence_encoder.py --src package/dist --tuned RUN/step1000.pt \
        --val val.jsonl,val-claims.jsonl,val-unans.jsonl --alphas 0,0.5,0.7,0.85,1
    python3 models/training/interpolate_sentence_encoder.py --src package/dist --tuned RUN/step1000.pt \
        --alpha 0.7 --write RUN/wise70.pt      # then port_sentence_encoder.py --tuned RUN/wise70.pt --out DIR

--val lists are export-encoder-pairs.ts's JSONL; each alpha prints tune_sentence_encoder.py's validation figures
(top-1 and mean reciprocal rank per set; the AUC of the best cosine where a set has passages without evidence).
"""
import argparse, json, torch
import port_sentence_encoder as pse
import tune_sentence_encoder as tse
torch.set_num_threads(2)


def interpolate(release, tuned, a):
    """(1 - a) * release + a * tuned for every floating tensor; anything else (buffers of ints) from the tuned state."""
    return {k: (1 - a) * release[k] + a * v if v.is_floating_point() else v for k, v in tuned.items()}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--src', required=True, help="the tfjs release's folder")
    ap.add_argument('--tuned', required=True,
                    help="tune_sentence_encoder.py's fp32 state (step*.pt or tuned.pt); several, comma-separated, are averaged")
    ap.add_argument('--val', help='comma-separated export-encoder-pairs.ts JSONL files to measure on')
    ap.add_argument('--alphas', default='0,0.5,0.7,0.85,1', help='share of the tuned weights, one row each')
    ap.add_argument('--alpha', type=float, help='with --write: the share to write')
    ap.add_argument('--write', help='write the interpolated fp32 state here (for port_sentence_encoder.py --tuned)')
    a = ap.parse_args()
    _, Ws = pse.load(a.src)
    model = pse.Encoder(Ws, quant=False)
    release = {k: v.clone() for k, v in model.state_dict().items()}
    states = [torch.load(path) for path in a.tuned.split(',')]
    tuned = {k: sum(s[k] for s in states) / len(states) if v.is_floating_point() else v for k, v in states[0].items()}
    missing = set(release) ^ set(tuned)
    if missing: raise SystemExit(f'the states differ in {sorted(missing)}')
    if a.write:
        if a.alpha is None: raise SystemExit('--write needs --alpha')
        torch.save(interpolate(release, tuned, a.alpha), a.write)
        print('wrote', a.write, 'alpha', a.alpha)
        return
    if not a.val: raise SystemExit('--val or --write')
    val = [x for path in a.val.split(',') for x in tse.read(path)]
    for alpha in (float(s) for s in a.alphas.split(',')):
        model.load_state_dict(interpolate(release, tuned, alpha))
        print(json.dumps({'alpha': alpha, 'val': tse.evaluate(model, val)}), flush=True)


if __name__ == '__main__':
    main()
