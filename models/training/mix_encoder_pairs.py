"""Mix question lists for tuning the sentence encoder: a base file (every line) and a sample of another file's lists
per set, shuffled together, seeded.

Made for a probe of the document tier (model card, "Single long documents", tried on 2026-12-06, not shipped): the
passage recipe's lists (models/sentence-encoder-tuned/README.md) plus a sample of whole documents' lists
(scripts/export-encoder-pairs.ts --sets policyqa-long,fairytale-long,squad-en-long), so the passages keep most of
the steps:

  python3 models/training/mix_encoder_pairs.py --base train-base.jsonl --extra train-long.jsonl \
      --take policyqa-long:3000,fairytale-long:2000,squad-en-long:2000 --seed 13 --out train.jsonl

A set with fewer lists than asked gives all of them. The same inputs and seed give the same file, byte for byte.
"""
import argparse, json, random


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--base', required=True, help='lists kept whole')
    ap.add_argument('--extra', required=True, help='lists sampled per set')
    ap.add_argument('--take', required=True, help='SET:N,… lists drawn from --extra, in this order')
    ap.add_argument('--seed', type=int, default=13)
    ap.add_argument('--out', required=True)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    by_set = {}
    with open(a.extra) as f:
        for line in f: by_set.setdefault(json.loads(line)['set'], []).append(line)
    picked = []
    for item in a.take.split(','):
        name, n = item.rsplit(':', 1)
        lists = by_set.get(name, [])
        picked += rng.sample(lists, min(int(n), len(lists)))
    with open(a.base) as f: lines = f.readlines() + picked
    rng.shuffle(lines)
    with open(a.out, 'w') as f: f.writelines(lines)
    print(f'{a.out}: {len(lines)} lists ({len(picked)} sampled)')


if __name__ == '__main__':
    main()
